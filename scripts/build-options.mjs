// The esbuild options of the package's bundles, apart from the script that runs them
// (scripts/build.mjs), so that a test can ask esbuild what each bundles (test/build/bundled-licenses.test.ts).
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { ajvCompileWorkerBuildOptions, ajvCompilerBuildOptions, ajvInPage, ajvOnDemand } from './ajv-on-demand.mjs';
import { browserBuildPlugins } from './browser-build.mjs';
import { fakerBuildOptions, fakerOnDemand, fakerOnFirstUse } from './faker-on-demand.mjs';
import { mockerFromScript } from './code-cached-scripts.mjs';
import { readFile } from 'node:fs/promises';
import { leanFpTs } from './lean-fp-ts.mjs';
import { leanRequires } from './lean-requires.mjs';
import { prismBasicAuthWithoutBuffer } from './prism-basic-auth.mjs';
import { prismBodyMergesRecorded, prismLazyAjv } from './prism-lazy-ajv.mjs';
import { prismLazyLodashFp } from './prism-lazy-lodash-fp.mjs';
import { prismMediaTypesKept } from './prism-media-types-kept.mjs';
import { precompiledValidatorModules, precompiledValidatorsPlugin } from './prism-precompiled-validators.mjs';
import { prismUriTemplateWithoutEval } from './prism-uri-template.mjs';
import { jsonSchemaFakerCleanWithoutSchema } from './json-schema-faker-clean.mjs';
import { prismDeepObjectAbsent } from './prism-deep-object-absent.mjs';
import { prismValidatorRequiresOnUse } from './prism-validator-requires-on-use.mjs';

const PRISM_HTTP = dirname(createRequire(import.meta.url).resolve('@stoplight/prism-http/package.json'));

/** Prism's generator (loaded on the first forced response) gets Faker 6 with English only; see the shim. */
const prismFakerEnglishOnly = {
  name: 'prism-faker-english-only',
  setup(builder) {
    builder.onResolve({ filter: /^@faker-js\/faker$/ }, args =>
      args.importer.startsWith(PRISM_HTTP) ? { path: resolve('scripts/shims/prism-faker-en.cjs') } : undefined,
    );
    builder.onResolve({ filter: /^@faker-js\/faker\/locale\/en$/ }, args =>
      args.importer.endsWith('prism-faker-en.cjs') ? { path: createRequire(`${PRISM_HTTP}/package.json`).resolve('@faker-js/faker/locale/en') } : undefined,
    );
  },
};

/**
 * The package document's validators, compiled by the build (scripts/prism-precompiled-validators.mjs):
 * made once per build process, for the Node and the browser builds alike. The engine's own checks
 * against the document's `Pet` (the pets given to `PUT /__admin/state`, `initialPets`, `--data`)
 * validate the schema as the prepared document holds it, so the build prepares it as the engine does.
 */
const precompiledValidators = precompiledValidatorsPlugin(async () => {
  const cache = JSON.parse(await readFile('openapi/.petstore.compiled.json', 'utf8'));
  const { tsImport } = await import('tsx/esm/api');
  const { prepareDocument } = await tsImport('../src/document/prepared-document.ts', import.meta.url);
  return precompiledValidatorModules(cache, [prepareDocument(cache.compiled).firstCollection.recordSchema]);
});

/** What the Node and the browser builds share: split ES modules, minified, with slim linked maps. */
/**
 * src/storybook imports the MSW and fixtures entries through their index files; built, it imports
 * them by the package's name (`petstore-mock/msw`), which the consumer's bundler or Node resolves
 * under the same conditions. Without this, esbuild would move the MSW entry's code into a chunk it
 * shares with the Storybook entry, and msw.js would be left re-exporting it.
 */
const entriesByName = {
  name: 'petstore-entries-by-name',
  setup(builder) {
    builder.onResolve({ filter: /^\.\.\/(msw|fixtures)\/index\.js$/ }, args =>
      dirname(args.importer) === resolve('src/storybook') ? { path: `petstore-mock/${args.path.split('/')[1]}`, external: true } : undefined,
    );
  },
};

const bundled = {
  bundle: true,
  splitting: true,
  format: 'esm',
  alias: {
    // jsonc-parser's CommonJS build is UMD with requires esbuild cannot follow; its ES build is plain.
    'jsonc-parser': './node_modules/jsonc-parser/lib/esm/main.js',
    // Prism's mocker brings node-fetch 2, whose whatwg-url 5 and tr46 0.0.3 require Node's `punycode`:
    // deprecated (DEP0040), Node 21+ warns on stderr at the first forced answer. The userland package
    // of the same name and API (`punycode/`, with the slash, as its README says) takes its place.
    punycode: 'punycode/',
  },
  metafile: true,
  minify: process.env.BUILD_MINIFY !== '0',
  sourcemap: 'linked',
  // Maps point into node_modules and src rather than carrying their text: a smaller package.
  sourcesContent: false,
  chunkNames: 'chunks/[name]-[hash]',
  legalComments: 'linked',
  logLevel: 'warning',
};

/** The Node build: every public entry, the bin and the container's health check, into dist/. */
export const nodeBuildOptions = {
  ...bundled,
  entryPoints: {
    index: 'src/index.ts',
    cli: 'src/cli.ts',
    fixtures: 'src/fixtures/index.ts',
    // Its handlers and engine are a script for V8's code cache; see src/msw/code-cached-index.ts.
    msw: 'src/msw/code-cached-index.ts',
    storybook: 'src/storybook/index.ts',
    healthcheck: 'src/healthcheck.ts',
    testcontainers: 'src/testcontainers/index.ts',
    // The worker thread a reload under --watch compiles the document in; see src/document/compile-in-worker.ts.
    'chunks/document-compile-worker': 'src/document/compile-worker.ts',
  },
  outdir: 'dist',
  platform: 'node',
  // CommonJS builds first: Prism is CommonJS, and requiring an ES build (fp-ts/es6) through esbuild's
  // interop turns every `E.chain` into a getter call on the hot path (measured: ~10% of a request).
  // fp-ts itself comes from its ES build, copied into plain objects (scripts/lean-fp-ts.mjs).
  mainFields: ['main', 'module'],
  target: 'node20.19',
  // Peer dependencies stay the consumer's own copies.
  external: ['msw', 'msw/*', 'testcontainers', 'testcontainers/*'],
  // Bundled CommonJS (Prism, lodash, ajv) calls require() for Node's built-ins.
  banner: { js: "import { createRequire as __petstoreCreateRequire } from 'node:module'; const require = __petstoreCreateRequire(import.meta.url);" },
  plugins: [mockerFromScript, prismFakerEnglishOnly, prismLazyAjv, prismBodyMergesRecorded, ajvOnDemand, fakerOnDemand, precompiledValidators, prismUriTemplateWithoutEval, jsonSchemaFakerCleanWithoutSchema, prismDeepObjectAbsent, prismMediaTypesKept, prismLazyLodashFp, leanFpTs, leanRequires, entriesByName],
};

/** Ajv's compiler for the Node build, loaded on Prism's first schema without a precompiled validator; see scripts/ajv-on-demand.mjs. */
export const ajvCompilerOptions = ajvCompilerBuildOptions('dist');

/** The worker thread that compiles a big schema's validator off the event loop; see src/engine/schema/compile-off-thread.ts. */
export const ajvCompileWorkerOptions = ajvCompileWorkerBuildOptions('dist');

/** Faker's SimpleFaker for the Node build, loaded on the first Faker the fixtures make; see scripts/faker-on-demand.mjs. */
export const fakerOptions = fakerBuildOptions('dist');

/**
 * `petstore-mock/msw` and `petstore-mock/fixtures` for browsers (the `browser` export condition): the
 * same engine and Prism, with the document compiled in and Node's modules replaced; see scripts/browser-build.mjs.
 */
export const browserBuildOptions = {
  ...bundled,
  entryPoints: { msw: 'src/msw/index.ts', fixtures: 'src/fixtures/index.ts', storybook: 'src/storybook/index.ts' },
  outdir: 'dist/browser',
  platform: 'browser',
  // CommonJS builds first, as above.
  mainFields: ['browser', 'main', 'module'],
  // json-schema-ref-parser (with Prism's mocker) asks which platform it runs on.
  define: { 'process.platform': '"browser"', 'process.browser': 'true', global: 'globalThis' },
  target: 'es2022',
  external: ['msw', 'msw/*'],
  plugins: [prismFakerEnglishOnly, prismLazyAjv, ajvInPage, precompiledValidators, prismUriTemplateWithoutEval, jsonSchemaFakerCleanWithoutSchema, prismDeepObjectAbsent, prismMediaTypesKept, prismBasicAuthWithoutBuffer, prismLazyLodashFp, prismValidatorRequiresOnUse, leanFpTs, fakerOnFirstUse, leanRequires, entriesByName, ...browserBuildPlugins()],
};

/** The dashboard's script, for browsers: served by the mock at /__admin/dashboard.js. */
export const dashboardBuildOptions = {
  entryPoints: { dashboard: 'dashboard/client.ts' },
  outdir: 'dist',
  bundle: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  minify: process.env.BUILD_MINIFY !== '0',
  metafile: true,
  logLevel: 'warning',
};
