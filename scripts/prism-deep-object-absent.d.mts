import type { Plugin } from 'esbuild';

/** Prism's deepObject.js with a parameter the query does not name left out. Throws when the expected text is missing. */
export function deepObjectWhenNamed(source: string): string;
export const prismDeepObjectAbsent: Plugin;
