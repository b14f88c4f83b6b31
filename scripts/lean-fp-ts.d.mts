import type { Plugin } from 'esbuild';

export const leanFpTs: Plugin;
/** fp-ts’s `dual`, as fp-ts/es6/function.js writes it: the text the plugin replaces. */
export const FP_TS_DUAL: string;
