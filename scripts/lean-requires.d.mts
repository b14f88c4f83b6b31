import type { Plugin } from 'esbuild';

/** The names a compiled CommonJS module reads of its `require("lodash/fp")`, sorted; undefined when it uses the module another way. */
export function lodashFpNamesUsed(source: string): string[] | undefined;
export const leanRequires: Plugin;
