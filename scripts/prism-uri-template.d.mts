import type { Plugin } from 'esbuild';

/** uri-template-lite's index.js with its matcher made as a closure instead of by Function(). Throws when the expected text is missing. */
export function templateWithoutEval(source: string): string;
export const prismUriTemplateWithoutEval: Plugin;
