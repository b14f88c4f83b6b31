// Prism's security validator requires lodash/fp for one call (`set`, tagging a failed check), and
// lodash/fp converts every lodash function when it loads: about 30 ms of a fresh process's first
// answer (profiled), spent before any request. This build-time edit of Prism 5.12's
// validators/security/index.js requires lodash/fp on that call's first use instead: the same function.
// The build fails if the text it edits is not there (another Prism release), rather than ship unedited.
import { readFile } from 'node:fs/promises';

const EAGER = 'const fp_1 = require("lodash/fp");';
const ON_USE = 'const fp_1 = { get set() { return require("lodash/fp").set; } };';

/** The edited text of Prism's validators/security/index.js. Throws when the expected text is missing, or when it uses more of lodash/fp. */
export function lodashFpOnUse(source) {
  if (!source.includes(EAGER) || [...source.matchAll(/fp_1\.(\w+)/g)].some(match => match[1] !== 'set')) {
    throw new Error("prism-lazy-lodash-fp: @stoplight/prism-http's validators/security/index.js no longer uses lodash/fp as expected; review scripts/prism-lazy-lodash-fp.mjs for this Prism release.");
  }
  return source.replace(EAGER, ON_USE);
}

export const prismLazyLodashFp = {
  name: 'prism-lazy-lodash-fp',
  setup(builder) {
    builder.onLoad({ filter: /[\\/]@stoplight[\\/]prism-http[\\/]dist[\\/]validator[\\/]validators[\\/]security[\\/]index\.js$/ }, async args => ({
      contents: lodashFpOnUse(await readFile(args.path, 'utf8')),
      loader: 'js',
    }));
  },
};
