import type { Plugin } from 'esbuild';

/** The edited text of Prism's validators/body.js: json-schema-merge-allof required on its first call. */
export function bodyValidatorRequiresOnUse(source: string): string;
/** The browser build's plugin making that edit. */
export const prismValidatorRequiresOnUse: Plugin;
