import type { JSONSchema } from '@stoplight/prism-http';
import { ValidationContext } from '@stoplight/prism-http/dist/validator/validators/types.js';
import * as prismValidation from '@stoplight/prism-http/dist/validator/validators/utils.js';
import { withoutFormatBesideType } from './format-beside-type.js';

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
 * document's formats) finds wrong with `value` against one of the document's schemas.
 */
export function findSchemaProblems(value: unknown, schema: unknown): SchemaProblem[] {
  const result = prismValidation.validateAgainstSchema(value, schema as JSONSchema, false, ValidationContext.Output, 'body');
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
  return withoutFormatBesideType(problems, problem => problem.keyword, problem => problem.path)
    .map(problem => (problem.path === '' ? problem.message : `${problem.path} ${problem.message}`))
    .join('; ');
}

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
