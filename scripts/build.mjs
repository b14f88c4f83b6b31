// Bundles each public entry with esbuild: only the parts of Prism the engine uses are loaded, which
// keeps start-up and import time low. Types come from `tsc -p tsconfig.json` into dist/types.
import { build } from 'esbuild';
import { readFile, rm } from 'node:fs/promises';
import { ajvCompilerOptions, ajvCompileWorkerOptions, browserBuildOptions, dashboardBuildOptions, fakerOptions, nodeBuildOptions } from './build-options.mjs';
import { checkBrowserOutput, checkDocumentSchemas } from './browser-build.mjs';
import { CLI_SCRIPT, codeCachedScriptOptions, finishCodeCachedScript, MOCKER_SCRIPT, MSW_SCRIPT } from './code-cached-scripts.mjs';
import { writeBundleNotices } from './bundle-notices.mjs';
import { trimSourceMaps } from './trim-source-maps.mjs';

await rm('dist', { recursive: true, force: true });
const result = await build(nodeBuildOptions);
// The CLI (on Node < 22.1), petstore-mock/msw and Prism's mocker they load on demand as scripts for V8's code cache; see scripts/code-cached-scripts.mjs.
const SCRIPTS = [CLI_SCRIPT, MSW_SCRIPT, MOCKER_SCRIPT];
const scriptResults = await Promise.all(SCRIPTS.map(script => build(codeCachedScriptOptions(script, nodeBuildOptions, result.metafile))));
// Ajv's compiler beside the Node build's chunks, required on Prism's first schema without a precompiled validator.
const ajvCompilerResult = await build(ajvCompilerOptions);
// Beside it, the worker thread that compiles a big schema's validator off the event loop.
const ajvCompileWorkerResult = await build(ajvCompileWorkerOptions);
// Faker beside them, loaded on the first Faker the fixtures make (not for the default seeded pets).
const fakerResult = await build(fakerOptions);
// The page has one document, the embedded one: its schemas are checked here, once, rather than by Ajv
// in every page on each schema's first use (about a fifth of the first request's time).
await checkDocumentSchemas(await readFile('openapi/.petstore.compiled.json', 'utf8'));
// `petstore-mock/msw` and `petstore-mock/fixtures` for browsers; see scripts/build-options.mjs.
const browserResult = await build(browserBuildOptions);
await checkBrowserOutput(browserResult.metafile);
// The dashboard's script, for browsers: served by the mock at /__admin/dashboard.js.
const dashboardResult = await build(dashboardBuildOptions);
await trimSourceMaps('dist');
// Last, as it hashes the scripts' final text.
for (const script of SCRIPTS) await finishCodeCachedScript(script, 'dist');
// What npm cannot see: the packages bundled into either build, their licenses and an SBOM.
await writeBundleNotices('dist', { node: [...scriptResults, ajvCompilerResult, ajvCompileWorkerResult, fakerResult].reduce((merged, { metafile }) => mergedMetafile(merged, metafile), result.metafile), browser: browserResult.metafile, dashboard: dashboardResult.metafile });
if (process.env.BUILD_ANALYZE) {
  const { analyzeMetafile } = await import('esbuild');
  console.log(await analyzeMetafile(process.env.BUILD_ANALYZE === 'browser' ? browserResult.metafile : result.metafile));
}

/** One build's metafile and another's, as if one build: the Node build and its Ajv compiler file. */
function mergedMetafile(first, second) {
  return { inputs: { ...first.inputs, ...second.inputs }, outputs: { ...first.outputs, ...second.outputs } };
}
