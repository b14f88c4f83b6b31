import type { IPrismDiagnostic } from '@stoplight/prism-core';
import { DiagnosticSeverity, type IHttpOperation } from '@stoplight/types';
import { withoutFormatBesideType } from '../schema/index.js';

export function isError(diagnostic: IPrismDiagnostic): boolean {
  return diagnostic.severity === DiagnosticSeverity.Error;
}

/**
 * One sentence from Prism's input diagnostics, each naming its field. A `format` complaint about a
 * field that already has a `type` complaint says nothing new and is left out.
 */
export function describeDiagnostics(diagnostics: readonly IPrismDiagnostic[], operation: IHttpOperation): string {
  const sentences = withoutFormatBesideType(diagnostics, d => String(d.code ?? ''), pathKey).map(d => describeDiagnostic(d, operation));
  return `${[...new Set(sentences)].join('; ')}.`;
}

/**
 * A diagnostic's message in the document's words: Prism lower-cases path parameter names
 * (`petid`), and says a missing one is a missing "property" of the path.
 */
export function describeDiagnostic(diagnostic: IPrismDiagnostic, operation: IHttpOperation): string {
  let message = diagnostic.message;
  for (const parameter of operation.request?.path ?? []) {
    const lower = parameter.name.toLowerCase();
    message = message
      .replace(`Request path must have required property '${lower}'`, `Request path parameter ${parameter.name} is missing`)
      .replace(`path parameter ${lower} `, `path parameter ${parameter.name} `);
  }
  return withInt64Reason(message);
}

/** Prism (through Ajv's `int64` format) refuses integers beyond 2^53−1; the message says why, since the document says int64. */
function withInt64Reason(message: string): string {
  if (!/must be [<>]= -?9007199254740991$/.test(message)) return message;
  return `${message} (an int64 beyond ±(2^53−1) cannot be held exactly by the mock, which keeps JSON numbers as JavaScript numbers, so it is refused rather than rounded)`;
}

function pathKey(diagnostic: IPrismDiagnostic): string {
  return (diagnostic.path ?? []).join('.');
}
