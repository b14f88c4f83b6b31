import type { Plugin } from 'esbuild';

/** One schema as Prism validates it: the object Ajv compiles, its draft and coercion, and the key it is found by. */
export interface ValidatedSchema {
  key: string;
  draft: 'default' | 'draft2019_09' | 'draft2020_12';
  coerce: boolean;
  schema: object;
}
export interface PrecompiledValidatorModules {
  index: string;
  modules: Record<string, string>;
  formats: string;
  count: number;
  skipped: string[];
}
export function draftOf($schema: unknown): ValidatedSchema['draft'];
export function validatorKey(schema: object, bundle: unknown): string;
export function collectValidatedSchemas(compiled: { prismOperations: readonly object[] }, engineSchemas?: readonly object[]): ValidatedSchema[];
export function precompiledValidatorModules(compiledCache: { sourceSha256: string; compiled: { prismOperations: readonly object[] } }, engineSchemas?: readonly object[]): PrecompiledValidatorModules;
export function precompiledValidatorsPlugin(load: () => PrecompiledValidatorModules | Promise<PrecompiledValidatorModules>): Plugin;
export const PRISM_HTTP_FOLDER: string;
