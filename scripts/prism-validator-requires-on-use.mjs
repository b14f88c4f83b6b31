// Prism's body validator requires json-schema-merge-allof (with json-schema-compare, compute-lcm and
// a dozen of lodash's functions: sortBy, uniqWith, intersectionWith…) when it loads, and first calls
// it on a request or response body's schema: a page's first answer to a GET never does. This
// build-time edit of Prism 5.12's validators/body.js requires it on its first call instead: the same
// function. Found by timing each bundled module's evaluation in a page (browser build only: the Node
// build's start-up is tuned separately). The build fails if the text it edits is not there (another
// Prism release), rather than ship unedited.
import { readFile } from 'node:fs/promises';

const BODY = /[\\/]@stoplight[\\/]prism-http[\\/]dist[\\/]validator[\\/]validators[\\/]body\.js$/;
const MERGE_ALL_OF = 'const mergeAllOf = require("@stoplight/json-schema-merge-allof");';
const MERGE_ALL_OF_ON_USE = 'let mergeAllOfLoaded;\nconst mergeAllOf = (...args) => (mergeAllOfLoaded ??= require("@stoplight/json-schema-merge-allof"))(...args);';

/** The edited text of Prism's validators/body.js. Throws when the expected text is missing, or when it uses the merger other than by calling it. */
export function bodyValidatorRequiresOnUse(source) {
  if (!source.includes(MERGE_ALL_OF) || [...source.matchAll(/\bmergeAllOf\b(.)/g)].slice(1).some(match => match[1] !== '(')) {
    throw new Error("prism-validator-requires-on-use: @stoplight/prism-http's validators/body.js no longer uses json-schema-merge-allof as expected; review scripts/prism-validator-requires-on-use.mjs for this Prism release.");
  }
  return source.replace(MERGE_ALL_OF, MERGE_ALL_OF_ON_USE);
}

export const prismValidatorRequiresOnUse = {
  name: 'prism-validator-requires-on-use',
  setup(builder) {
    builder.onLoad({ filter: BODY }, async args => ({ contents: bodyValidatorRequiresOnUse(await readFile(args.path, 'utf8')), loader: 'js' }));
  },
};
