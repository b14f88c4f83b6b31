// json-schema-faker 0.5 "cleans" each body it makes: an empty object (`metadata: {}`) is deleted
// unless its schema requires it. It finds that schema by following `properties` and an array's
// `items` from the schema it was handed; where the way down leaves the schemas it can follow (an
// array inside an object inside an `anyOf` alternative of a list's `items`, as Stripe's
// `external_accounts.data` of bank accounts or cards), the schema is `undefined` and `shouldClean`
// throws "Cannot read properties of undefined (reading 'items')": the mocker answered 500 to every
// body of such a schema that happened to hold an empty object one level further down. This build-time
// edit keeps an empty object whose schema it cannot find (it was made from that schema, so the document
// accepts it; deleting it could drop a required property). The build fails if the text it edits is
// not there (another release), rather than ship unedited.
import { readFile } from 'node:fs/promises';

const SHOULD_CLEAN = /function shouldClean\(key, schema\) \{\n(\s*)schema = schema\.items \|\| schema;/;

/** json-schema-faker's text with `shouldClean` keeping what it has no schema for. Throws when the expected text is missing. */
export function cleanWithoutSchemaKept(source) {
  if (!SHOULD_CLEAN.test(source)) {
    throw new Error('json-schema-faker-clean: json-schema-faker no longer reads `schema.items` first in shouldClean as expected; review scripts/json-schema-faker-clean.mjs for this release.');
  }
  return source.replace(SHOULD_CLEAN, (_, indent) => `function shouldClean(key, schema) {\n${indent}if (schema === undefined || schema === null) return false;\n${indent}schema = schema.items || schema;`);
}

export const jsonSchemaFakerCleanWithoutSchema = {
  name: 'json-schema-faker-clean-without-schema',
  setup(builder) {
    builder.onLoad({ filter: /[\\/]json-schema-faker[\\/]dist[\\/](?:main\.cjs|main\.mjs|shared\.js|bundle\.js)$/ }, async args => {
      const source = await readFile(args.path, 'utf8');
      // main.mjs only imports shared.js, which holds the code.
      if (!source.includes('function shouldClean')) return undefined;
      return { contents: cleanWithoutSchemaKept(source), loader: 'js' };
    });
  },
};
