// Prism reads a `deepObject` query parameter (`automatic_tax[enabled]=true`) by building its object
// from the schema's properties, whether the query names it or not: an optional parameter the request
// leaves out became `{}` and was checked against its schema, so a request without it was refused
// where the schema requires a property of it (Stripe's `GET /v1/invoices/upcoming`: "Request query
// parameter automatic_tax must have required property 'enabled'", a 400 for a request the document
// allows). This build-time edit of Prism's deserializer leaves out a parameter the query does not
// name (no `name` nor `name[…]` key), as Prism's other styles do, so that only a present one, or a
// required one missing, is checked. The build fails if the text it edits is not there (another release).
import { readFile } from 'node:fs/promises';

const CONSTRUCT_ROOT = '    return construct([], schema);\n}';
const CONSTRUCT_ROOT_WHEN_NAMED = `    const named = Object.keys(parameters).some(key => key === name || key.startsWith(name + '['));
    return named ? construct([], schema) : undefined;
}`;

/** Prism's deepObject.js with an unnamed parameter left out. Throws when the expected text is missing. */
export function deepObjectWhenNamed(source) {
  if (!source.includes('function deserializeDeepObjectStyle(name, parameters, schema)') || !source.includes(CONSTRUCT_ROOT)) {
    throw new Error('prism-deep-object-absent: Prism no longer builds a deepObject parameter as expected; review scripts/prism-deep-object-absent.mjs for this release.');
  }
  return source.replace(CONSTRUCT_ROOT, CONSTRUCT_ROOT_WHEN_NAMED);
}

export const prismDeepObjectAbsent = {
  name: 'prism-deep-object-absent',
  setup(builder) {
    builder.onLoad({ filter: /[\\/]@stoplight[\\/]prism-http[\\/]dist[\\/]validator[\\/]deserializers[\\/]style[\\/]deepObject\.js$/ }, async args => ({
      contents: deepObjectWhenNamed(await readFile(args.path, 'utf8')),
      loader: 'js',
    }));
  },
};
