import type { Plugin } from 'esbuild';

/** The edited text of Prism's basicAuth.js: the token decoded with atob as Buffer decodes it. Throws when the expected text is missing. */
export function basicAuthWithoutBuffer(source: string): string;
export const prismBasicAuthWithoutBuffer: Plugin;
