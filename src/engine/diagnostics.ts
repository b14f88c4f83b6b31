import type { IPrismDiagnostic } from '@stoplight/prism-core';
import { DiagnosticSeverity, type IHttpOperation } from '@stoplight/types';

export function isError(diagnostic: IPrismDiagnostic): boolean {
  return diagnostic.severity === DiagnosticSeverity.Error;
}

/**
 * One sentence from Prism's input diagnostics, each naming its field. Prism lower-cases path
 * parameter names; they get the document's spelling back. A `format` complaint about a field that
 * already has a `type` complaint says nothing new and is left out.
 */
export function describeDiagnostics(diagnostics: readonly IPrismDiagnostic[], operation: IHttpOperation): string {
  const typed = new Set(diagnostics.filter(d => d.code === 'type').map(d => pathKey(d)));
  const sentences = diagnostics
    .filter(d => !(d.code === 'format' && typed.has(pathKey(d))))
    .map(d => restorePathParameterNames(d.message, operation));
  return `${[...new Set(sentences)].join('; ')}.`;
}

function pathKey(diagnostic: IPrismDiagnostic): string {
  return (diagnostic.path ?? []).join('.');
}

function restorePathParameterNames(message: string, operation: IHttpOperation): string {
  let restored = message;
  for (const parameter of operation.request?.path ?? []) {
    restored = restored.replace(`path parameter ${parameter.name.toLowerCase()} `, `path parameter ${parameter.name} `);
  }
  return restored;
}
