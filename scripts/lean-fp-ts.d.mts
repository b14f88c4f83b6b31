import type { Plugin } from 'esbuild';

export const leanFpTs: Plugin;
