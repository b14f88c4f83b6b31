// Prism's validator builds six Ajv instances (three JSON Schema drafts, with and without type
// coercion, each with ajv-formats) when its module loads; a request uses the one or two its schemas'
// `$schema` picks. This build-time edit of Prism 5.12's validators/utils.js makes each draft's pair
// on first use instead: the same constructors, options and formats, in the same order per draft.
// The build fails if the text it edits is not there (another Prism release), rather than ship unedited.
import { readFile } from 'node:fs/promises';

const EAGER = `const ajvInstances = {
    default: createAjvInstances(ajv_1.default),
    draft2019_09: createAjvInstances(_2019_1.default),
    draft2020_12: createAjvInstances(_2020_1.default),
};`;

const LAZY = `const ajvInstanceMakers = {
    default: () => createAjvInstances(ajv_1.default),
    draft2019_09: () => createAjvInstances(_2019_1.default),
    draft2020_12: () => createAjvInstances(_2020_1.default),
};
const ajvInstances = {};
for (const draft of Object.keys(ajvInstanceMakers)) {
    Object.defineProperty(ajvInstances, draft, {
        configurable: true,
        enumerable: true,
        get() {
            const instances = ajvInstanceMakers[draft]();
            Object.defineProperty(ajvInstances, draft, { value: instances, enumerable: true });
            return instances;
        },
    });
}`;

const STRICT = '    strict: false,\n';

/**
 * The edited text of Prism's validators/utils.js. With `schemasCheckedAtBuild` (the browser build,
 * whose only document is the embedded one, its schemas checked against their meta-schemas by the
 * build: scripts/browser-build.mjs), Ajv is also told not to check them again in the page.
 */
export function lazyAjvInstances(source, { schemasCheckedAtBuild = false } = {}) {
  if (!source.includes(EAGER) || !source.includes(STRICT)) {
    throw new Error("prism-lazy-ajv: @stoplight/prism-http's validators/utils.js no longer builds its Ajv instances as expected; review scripts/prism-lazy-ajv.mjs for this Prism release.");
  }
  const lazy = source.replace(EAGER, LAZY);
  return schemasCheckedAtBuild ? lazy.replace(STRICT, `${STRICT}    validateSchema: false,\n`) : lazy;
}

function plugin(options) {
  return {
    name: 'prism-lazy-ajv',
    setup(builder) {
      builder.onLoad({ filter: /[\\/]@stoplight[\\/]prism-http[\\/]dist[\\/]validator[\\/]validators[\\/]utils\.js$/ }, async args => ({
        contents: lazyAjvInstances(await readFile(args.path, 'utf8'), options),
        loader: 'js',
      }));
    },
  };
}

export const prismLazyAjv = plugin({});
/** For a build whose document's schemas were checked by `checkDocumentSchemas` (scripts/browser-build.mjs). */
export const prismLazyAjvSchemasCheckedAtBuild = plugin({ schemasCheckedAtBuild: true });
