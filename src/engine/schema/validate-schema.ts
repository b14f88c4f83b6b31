import { ValidationContext } from '@stoplight/prism-http/dist/validator/validators/types.js';
import * as prismValidation from '@stoplight/prism-http/dist/validator/validators/utils.js';
import { withoutFormatBesideType } from './format-beside-type.js';
import { compilePattern } from '../../document/safe-patterns.js';
import { byReference } from './by-reference.js';
import { asPrismReadsBodies } from './closed-all-of.js';

export interface SchemaProblem {
  /** Where in the value: `name`, `0.id`; empty for the value itself. */
  path: string;
  /** Ajv's words, through Prism: `must NOT have more than 255 characters`. */
  message: string;
  /** Ajv's keyword: `type`, `format`, `maxLength`, … */
  keyword: string;
}

/**
 * What Prism's own validator (the Ajv instances it checks requests and responses with, with the
 * document's formats) finds wrong with `value` against one of the document's schemas; or against a
 * schema of one of Prism's operations, with the `__bundled__` of that operation its `$ref`s point into.
 */
export function findSchemaProblems(value: unknown, schema: unknown, operationBundle?: Readonly<Record<string, unknown>>): SchemaProblem[] {
  // By reference: a schema shared many times over, or recursive, is compiled once, not expanded.
  const { schema: root, bundle } = operationBundle === undefined ? byReference(asPrismReadsBodies(schema)) : { schema: asPrismReadsBodies(schema) as object, bundle: operationBundle };
  const result = prismValidation.validateAgainstSchema(value, root, false, ValidationContext.Output, 'body', bundle);
  if (result._tag === 'None') return [];
  return result.value.map(diagnostic => ({
    path: (diagnostic.path ?? []).slice(1).join('.'),
    message: diagnostic.message.replace(/^Response body (?:property \S+ )?/, ''),
    keyword: String(diagnostic.code ?? ''),
  }));
}

/**
 * The problems as one sentence's worth: `name must NOT have …; categoryId must be integer`. A
 * `format` complaint about a field that already has a `type` complaint says nothing new and is left out.
 */
export function describeSchemaProblems(problems: readonly SchemaProblem[]): string {
  const described = withoutFormatBesideType(problems, problem => problem.keyword, problem => problem.path).map(problem => {
    const text = problem.path === '' ? problem.message : `${problem.path} ${problem.message}`;
    return text.length <= DESCRIBED_PROBLEM_CHARACTERS ? text : `${text.slice(0, DESCRIBED_PROBLEM_CHARACTERS - 1)}…`;
  });
  if (described.length <= DESCRIBED_PROBLEMS) return described.join('; ');
  return `${described.slice(0, DESCRIBED_PROBLEMS).join('; ')}; and ${described.length - DESCRIBED_PROBLEMS} more`;
}

/** At most this many problems are described, each in at most this many characters: a sentence stays a sentence whatever the schema. */
const DESCRIBED_PROBLEMS = 5;
const DESCRIBED_PROBLEM_CHARACTERS = 2_000;

// Prism's Ajv compiles each pattern by the document's choice: one that may backtrack on a linear-time
// engine (see document/safe-patterns). The build's edit of Prism's validator provides the hook.
(prismValidation as { usePatternEngine?: (engine: typeof compilePattern) => void }).usePatternEngine?.(compilePattern);

/** How Prism gets the validators of a document: made by the build from the package's document, or by Ajv as each schema is first used. */
export type ValidatorsSource = 'precompiled' | 'compiled at run time';

/**
 * Whether the build compiled the validators of the document whose text has this SHA-256: the
 * package's document in the built package (scripts/prism-precompiled-validators.mjs), whose
 * edit of Prism's validator answers it. Another document's, and any from the sources, are
 * compiled at run time, which a Content-Security-Policy without 'unsafe-eval' forbids.
 */
export function validatorsSourceOf(sha256: string | undefined): ValidatorsSource {
  const precompiledFor = (prismValidation as { validatorsPrecompiledFor?: (sha256: string | undefined) => boolean }).validatorsPrecompiledFor;
  return precompiledFor?.(sha256) === true ? 'precompiled' : 'compiled at run time';
}

/**
 * Has Prism compile the schemas it validates from now on with new Ajv instances. An Ajv instance
 * keeps every schema it compiled (its cache, and the values its generated code refers to): renewed
 * when a new document replaces the old one, the old instances, and the old document's validators,
 * are collected once nothing validates by them. The build's edit of Prism's validator provides it
 * (scripts/prism-lazy-ajv.mjs); from the sources, Prism unedited, it does nothing.
 */
export function renewSchemaCompilers(): void {
  (prismValidation as { renewAjvInstances?: () => void }).renewAjvInstances?.();
}
