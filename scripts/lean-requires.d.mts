import type { Plugin } from 'esbuild';

/** The names a compiled CommonJS module reads of its `require("lodash/fp")`, sorted; undefined when it uses the module another way. */
export function lodashFpNamesUsed(source: string): string[] | undefined;
export const leanRequires: Plugin;
/** The names `importer` (compiled CommonJS) reads of `lodash`, or undefined when it uses it another way. */
export function lodashNamesUsed(source: string): string[] | undefined;
/** The names read of each binding of `require(<moduleName>)` in `source` (compiled CommonJS), sorted; undefined when one is used another way (or there is none). */
export function namesRead(source: string, moduleName: string): string[] | undefined;
