// Bundles each public entry with esbuild: only the parts of Prism the engine uses are loaded, which
// keeps start-up and import time low. Types come from `tsc -p tsconfig.json` into dist/types.
import { build } from 'esbuild';
import { readFile, rm } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { createRequire } from 'node:module';
import { browserBuildPlugins, checkBrowserOutput, checkDocumentSchemas } from './browser-build.mjs';
import { prismLazyAjv, prismLazyAjvSchemasCheckedAtBuild } from './prism-lazy-ajv.mjs';
import { trimSourceMaps } from './trim-source-maps.mjs';

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

/** What the Node and the browser builds share: split ES modules, minified, with slim linked maps. */
const bundled = {
  bundle: true,
  splitting: true,
  format: 'esm',
  // jsonc-parser's CommonJS build is UMD with requires esbuild cannot follow; its ES build is plain.
  alias: { 'jsonc-parser': './node_modules/jsonc-parser/lib/esm/main.js' },
  metafile: true,
  minify: process.env.BUILD_MINIFY !== '0',
  sourcemap: 'linked',
  // Maps point into node_modules and src rather than carrying their text: a smaller package.
  sourcesContent: false,
  chunkNames: 'chunks/[name]-[hash]',
  legalComments: 'linked',
  logLevel: 'warning',
};

await rm('dist', { recursive: true, force: true });
const result = await build({
  ...bundled,
  entryPoints: {
    index: 'src/index.ts',
    cli: 'src/cli.ts',
    fixtures: 'src/fixtures/index.ts',
    msw: 'src/msw/index.ts',
    storybook: 'src/storybook/index.ts',
    healthcheck: 'src/healthcheck.ts',
    testcontainers: 'src/testcontainers/index.ts',
  },
  outdir: 'dist',
  platform: 'node',
  // CommonJS builds first: Prism is CommonJS, and requiring an ES build (fp-ts/es6) through esbuild's
  // interop turns every `E.chain` into a getter call on the hot path (measured: ~10% of a request).
  mainFields: ['main', 'module'],
  target: 'node20.19',
  // Peer dependencies stay the consumer's own copies.
  external: ['msw', 'msw/*', 'testcontainers', 'testcontainers/*'],
  // Bundled CommonJS (Prism, lodash, ajv) calls require() for Node's built-ins.
  banner: { js: "import { createRequire as __petstoreCreateRequire } from 'node:module'; const require = __petstoreCreateRequire(import.meta.url);" },
  plugins: [prismFakerEnglishOnly, prismLazyAjv, entriesByName],
});
// The page has one document, the embedded one: its schemas are checked here, once, rather than by Ajv
// in every page on each schema's first use (about a fifth of the first request's time).
await checkDocumentSchemas(await readFile('openapi/.petstore.compiled.json', 'utf8'));
// `petstore-mock/msw`, `petstore-mock/fixtures` and `petstore-mock/storybook` for browsers (the `browser` export condition): the
// same engine and Prism, with the document compiled in and Node's modules replaced; see scripts/browser-build.mjs.
const browserResult = await build({
  ...bundled,
  entryPoints: { msw: 'src/msw/index.ts', fixtures: 'src/fixtures/index.ts', storybook: 'src/storybook/index.ts' },
  outdir: 'dist/browser',
  platform: 'browser',
  // CommonJS builds first, as above: fp-ts's ES build costs a getter call per `E.chain`.
  mainFields: ['browser', 'main', 'module'],
  // json-schema-ref-parser (with Prism's mocker) asks which platform it runs on.
  define: { 'process.platform': '"browser"', 'process.browser': 'true', global: 'globalThis' },
  target: 'es2022',
  external: ['msw', 'msw/*'],
  plugins: [prismFakerEnglishOnly, prismLazyAjvSchemasCheckedAtBuild, entriesByName, ...browserBuildPlugins()],
});
await checkBrowserOutput(browserResult.metafile);
// The dashboard's script, for browsers: served by the mock at /__admin/dashboard.js.
await build({
  entryPoints: { dashboard: 'dashboard/client.ts' },
  outdir: 'dist',
  bundle: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  minify: process.env.BUILD_MINIFY !== '0',
  logLevel: 'warning',
});
await trimSourceMaps('dist');
if (process.env.BUILD_ANALYZE) {
  const { analyzeMetafile } = await import('esbuild');
  console.log(await analyzeMetafile(process.env.BUILD_ANALYZE === 'browser' ? browserResult.metafile : result.metafile));
}
