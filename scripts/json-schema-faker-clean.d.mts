import type { Plugin } from 'esbuild';

/** json-schema-faker's text with `shouldClean` keeping an empty object whose schema it cannot find. Throws when the expected text is missing. */
export function cleanWithoutSchemaKept(source: string): string;
export const jsonSchemaFakerCleanWithoutSchema: Plugin;
