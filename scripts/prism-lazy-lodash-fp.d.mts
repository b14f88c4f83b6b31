import type { Plugin } from 'esbuild';

/** Prism's validators/security/index.js with lodash/fp required on first use. Throws when the expected text is missing. */
export function lodashFpOnUse(source: string): string;
export const prismLazyLodashFp: Plugin;
