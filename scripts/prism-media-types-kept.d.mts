import type { Plugin } from 'esbuild';

/** The edited text of Prism's wildcardMediaTypeMatch.js: its results kept by the texts given. Throws when the expected text is missing. */
export function mediaTypeMatchKept(source: string): string;
/** The edited text of Prism's validators/headers.js: parseMIMEHeader's results kept by the header given. Throws when the expected text is missing. */
export function mimeHeaderKept(source: string): string;
export const prismMediaTypesKept: Plugin;
