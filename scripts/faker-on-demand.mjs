// Faker (its SimpleFaker: ~110 KB minified) draws the seeded pets; the default ones (seed 1, the
// default count, of the package's document) are drawn at build time (src/fixtures/default-pets.generated.ts,
// the compiled document's `checks.seededPets`), so a start with them never calls Faker. Bundled, V8
// still parsed it at every start. In the Node build it is a CommonJS file of its own beside the
// chunks, `dist/chunks/faker.cjs`, loaded synchronously on the first Faker the fixtures make (another
// seed or count, another document, a pet created without a required property). The browser build
// keeps it bundled (a page cannot load a script synchronously), evaluated on that first Faker too.
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { onDemandFileOptions, requireBesideChunks } from './on-demand-file.mjs';

/** The file name, beside the Node build's chunks, of Faker's SimpleFaker. */
export const FAKER_FILE = 'faker.cjs';

/** Where `@faker-js/faker` resolves from: the package's own folder (the fixtures' Faker 10, not Prism's 6). */
const PACKAGE_ROOT = dirname(createRequire(import.meta.url).resolve('../package.json'));
const PET_FAKER = /[\\/]src[\\/]fixtures[\\/]pet-faker\.ts$/;
const NAMESPACE = 'petstore-faker-on-demand';
/** Faker's SimpleFaker alone (the rest of Faker, its locales, is not bundled), resolved from the package's folder. */
const SIMPLE_FAKER = { contents: "export { SimpleFaker } from '@faker-js/faker';", resolveDir: PACKAGE_ROOT };

/**
 * The module the fixtures import in Faker's place: a constructor that requires `specifier` on its
 * first call and returns the real instance (`new SimpleFaker(options)` is Faker's own object).
 * Required, not imported, so that loading or evaluating Faker waits for that call.
 */
function simpleFakerOnFirstCall(specifier) {
  return `let faker;\nexport function SimpleFaker(options) {\n  faker ??= require(${JSON.stringify(specifier)});\n  return new faker.SimpleFaker(options);\n}\n`;
}

/** The Node build's plugin: the fixtures' `new SimpleFaker()` loads Faker's file on the first call. */
export const fakerOnDemand = {
  name: 'petstore-faker-on-demand',
  setup(builder) {
    builder.onResolve({ filter: /^@faker-js\/faker$/ }, args => (PET_FAKER.test(args.importer) ? { path: args.path, namespace: NAMESPACE } : undefined));
    builder.onLoad({ filter: /.*/, namespace: NAMESPACE }, () => ({ contents: simpleFakerOnFirstCall(`./${FAKER_FILE}`), loader: 'js' }));
    requireBesideChunks(builder, FAKER_FILE, NAMESPACE);
  },
};

/** The esbuild options of Faker's file: the @faker-js/faker the fixtures import, its SimpleFaker alone, as one minified CommonJS module. */
export function fakerBuildOptions(outdir) {
  return onDemandFileOptions(outdir, FAKER_FILE, SIMPLE_FAKER);
}

const LAZY_NAMESPACE = 'petstore-faker-on-first-use';

/**
 * The browser build's plugin: Faker stays in the bundle, but its modules are evaluated on the first
 * `new SimpleFaker()` (esbuild defers a module that is `require`d until then), not as the page starts.
 */
export const fakerOnFirstUse = {
  name: 'petstore-faker-on-first-use',
  setup(builder) {
    builder.onResolve({ filter: /^@faker-js\/faker$/ }, args => (PET_FAKER.test(args.importer) ? { path: 'SimpleFaker', namespace: LAZY_NAMESPACE } : undefined));
    builder.onLoad({ filter: /^SimpleFaker$/, namespace: LAZY_NAMESPACE }, () => ({ contents: simpleFakerOnFirstCall(`${LAZY_NAMESPACE}:module`), loader: 'js' }));
    builder.onResolve({ filter: new RegExp(`^${LAZY_NAMESPACE}:module$`) }, () => ({ path: 'module', namespace: LAZY_NAMESPACE }));
    builder.onLoad({ filter: /^module$/, namespace: LAZY_NAMESPACE }, () => ({ ...SIMPLE_FAKER, loader: 'js' }));
  },
};
