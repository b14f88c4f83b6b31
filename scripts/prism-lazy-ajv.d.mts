import type { Plugin } from 'esbuild';

/** The edited text of Prism's validators/utils.js: each draft's Ajv pair made on first use; with `precompiled`, the build's validators looked up first. Throws when the expected text is missing. */
export function lazyAjvInstances(source: string, options?: { precompiled?: boolean }): string;
export const prismLazyAjv: Plugin;
/** Ajv's multipleOfPrecision in Prism's validator as the build edits it: a quotient within 1e-9 of a whole number is a multiple. */
export const MULTIPLE_OF_PRECISION: number;
/** Ajv's optimizing passes over the code it writes while the mock runs (Prism's instances, the worker thread): none. */
export const AJV_OPTIMIZE_PASSES: number;
/** What the builds name scripts/shims/linear-unique-items.cjs (uniqueItems checked in one pass), which prismLazyAjv resolves. */
export const UNIQUE_ITEMS_MODULE: string;
/** Prism's merge of a body schema's allOfs, as its validators/body.js writes it (the worker merges with the same options). */
export const WITHOUT_ALL_OF: string;
/** The edited text of Prism's validators/body.js: `recordMerges(run)` records the body schemas Prism would merge. Throws when the expected text is missing. */
export function bodyMergesRecorded(source: string): string;
export const prismBodyMergesRecorded: Plugin;
