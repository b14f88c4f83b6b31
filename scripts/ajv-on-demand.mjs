// Ajv's compiler (its core, code generator, three drafts' vocabularies and ajv-formats' keywords:
// ~110 KB minified) is needed only when Prism meets a schema the build did not precompile (another
// `--document`, or a schema Prism derives that the package's document does not give). Bundled into
// the engine's chunk, V8 still had to parse it at every start. In the Node build it is a CommonJS
// file of its own beside the chunks, `dist/chunks/ajv-compiler.cjs`, which Prism's edited validator
// (scripts/prism-lazy-ajv.mjs: Ajv's classes required on first use) loads synchronously, as before,
// on its first miss. In the browser build it is a chunk loaded ahead of need (`ajvInPage` below).
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { onDemandFileOptions, requireBesideChunks } from './on-demand-file.mjs';
import { AJV_OPTIMIZE_PASSES, LAZY_REFERENCE_KEYWORD, LAZY_REFERENCE_MODULE, MULTIPLE_OF_PRECISION } from './prism-lazy-ajv.mjs';

/** The file name, beside the Node build's chunks, of Ajv's compiler. */
export const AJV_COMPILER_FILE = 'ajv-compiler.cjs';

/**
 * What Prism's validator requires on a miss, each a property of the compiler file's exports; with
 * Ajv's standalone code generator and the runtime helpers its code requires, for validators compiled
 * in a worker thread (scripts/shims/ajv-compile-worker.cjs, which requires this file too).
 */
const AJV_MODULES = ['ajv', 'ajv/dist/2019', 'ajv/dist/2020', 'ajv-formats', 'ajv/dist/standalone', ...['equal', 'ucs2length', 'uri', 'validation_error', 'timestamp'].map(name => `ajv/dist/runtime/${name}`)];
/** A require of one of them. */
const AJV_MODULE = new RegExp(`^(${AJV_MODULES.map(name => name.replace(/[/.]/g, '\\$&')).join('|')})$`);
/** The compiler, in the Node build's file and the page's chunk alike: the Ajv Prism's validator would require (resolved from `PRISM_VALIDATORS`). */
const AJV_COMPILER_CONTENTS = `module.exports = {${AJV_MODULES.map(name => `${JSON.stringify(name)}: require(${JSON.stringify(name)})`).join(', ')}};`;
const PRISM_VALIDATORS = dirname(createRequire(import.meta.url).resolve('@stoplight/prism-http/dist/validator/validators/utils.js'));

const PRISM_VALIDATORS_UTILS = /[\\/]@stoplight[\\/]prism-http[\\/]dist[\\/]validator[\\/]validators[\\/]utils\.js$/;
const NAMESPACE = 'petstore-ajv-on-demand';

/** The Node build's plugin: Prism's validator's requires of Ajv become requires of the compiler file. */
export const ajvOnDemand = {
  name: 'petstore-ajv-on-demand',
  setup(builder) {
    builder.onResolve({ filter: AJV_MODULE }, args => (PRISM_VALIDATORS_UTILS.test(args.importer) ? { path: args.path, namespace: NAMESPACE } : undefined));
    builder.onLoad({ filter: /.*/, namespace: NAMESPACE }, args => ({
      contents: `module.exports = require(${JSON.stringify(`./${AJV_COMPILER_FILE}`)})[${JSON.stringify(args.path)}];`,
      loader: 'js',
    }));
    requireBesideChunks(builder, AJV_COMPILER_FILE, NAMESPACE);
  },
};

/**
 * The esbuild options of the compiler file: the Ajv Prism's validator would require (resolved from
 * Prism's own folder), its drafts and ajv-formats, as one minified CommonJS module.
 */
export function ajvCompilerBuildOptions(outdir) {
  return onDemandFileOptions(outdir, AJV_COMPILER_FILE, { contents: AJV_COMPILER_CONTENTS, resolveDir: PRISM_VALIDATORS });
}

/** The file name, beside the Node build's chunks, of the worker that compiles big schemas off the event loop (src/engine/schema/compile-off-thread.ts). */
export const AJV_COMPILE_WORKER_FILE = 'ajv-compile-worker.cjs';
const AJV_COMPILE_WORKER_SOURCE = fileURLToPath(new URL('./shims/ajv-compile-worker.cjs', import.meta.url));

/**
 * The esbuild options of the worker file: scripts/shims/ajv-compile-worker.cjs with Prism's `date-time`
 * and the linear `uniqueItems`; Ajv itself is the compiler file's, required from beside it.
 */
export function ajvCompileWorkerBuildOptions(outdir) {
  const options = onDemandFileOptions(outdir, AJV_COMPILE_WORKER_FILE, { contents: `require(${JSON.stringify(AJV_COMPILE_WORKER_SOURCE)});`, resolveDir: PRISM_VALIDATORS });
  return { ...options, external: [`./${AJV_COMPILER_FILE}`], define: { MULTIPLE_OF_PRECISION: String(MULTIPLE_OF_PRECISION), AJV_OPTIMIZE_PASSES: String(AJV_OPTIMIZE_PASSES), LAZY_REFERENCE_KEYWORD: JSON.stringify(LAZY_REFERENCE_KEYWORD), LAZY_REFERENCE_MODULE: JSON.stringify(LAZY_REFERENCE_MODULE) } };
}

/** What the browser build names the module that loads Ajv's compiler into the page (src/msw/ajv-compiler.browser.ts imports it). */
export const AJV_IN_PAGE_MODULE = 'petstore-mock:ajv-compiler';
const AJV_IN_PAGE_MODULES = 'petstore-mock:ajv-compiler-modules';
const IN_PAGE_NAMESPACE = 'petstore-ajv-in-page';
const CHUNK_NAMESPACE = 'petstore-ajv-compiler-chunk';

/**
 * The browser build's plugin. A page cannot require a file synchronously, so Ajv's compiler is a
 * chunk of its own that `loadAjvCompiler()` (of `petstore-mock:ajv-compiler`) loads: the MSW handlers
 * wait for it before starting on another document (whose schemas Ajv compiles), and load it once the
 * first answer is out for the package's document (whose validators are all precompiled), so that a
 * schema the build did not foresee still finds it. Prism's validator's requires of Ajv read what it
 * loaded; one before it is there throws `AjvCompilerNotLoadedError` (which the edited validator
 * throws on rather than read as "no errors": scripts/prism-lazy-ajv.mjs).
 */
export const ajvInPage = {
  name: 'petstore-ajv-in-page',
  setup(builder) {
    builder.onResolve({ filter: AJV_MODULE }, args => (PRISM_VALIDATORS_UTILS.test(args.importer) ? { path: args.path, namespace: IN_PAGE_NAMESPACE } : undefined));
    builder.onResolve({ filter: new RegExp(`^${AJV_IN_PAGE_MODULE}$`) }, args => ({ path: args.path, namespace: IN_PAGE_NAMESPACE }));
    // The chunk (named after this path): the Ajv Prism's validator would require, resolved from Prism's folder.
    builder.onResolve({ filter: new RegExp(`^${AJV_IN_PAGE_MODULES}$`) }, () => ({ path: 'ajv-compiler', namespace: CHUNK_NAMESPACE }));
    builder.onLoad({ filter: /.*/, namespace: CHUNK_NAMESPACE }, () => ({ contents: AJV_COMPILER_CONTENTS, loader: 'js', resolveDir: PRISM_VALIDATORS }));
    builder.onLoad({ filter: /.*/, namespace: IN_PAGE_NAMESPACE }, args => {
      if (args.path === AJV_IN_PAGE_MODULE) {
        return {
          contents: [
            'let modules;',
            'let loading;',
            `export function loadAjvCompiler() { return (loading ??= import(${JSON.stringify(AJV_IN_PAGE_MODULES)}).then(loaded => { modules = loaded.default; }, error => { loading = undefined; throw error; })); }`,
            'export function loadedAjvModule(name) {',
            '  if (modules !== undefined) return modules[name];',
            "  const error = new Error('[petstore-mock] Prism needs Ajv to compile a schema the build did not precompile, and its chunk has not been loaded into the page yet.');",
            "  error.name = 'AjvCompilerNotLoadedError';",
            '  throw error;',
            '}',
          ].join('\n'),
          loader: 'js',
        };
      }
      return { contents: `module.exports = require(${JSON.stringify(AJV_IN_PAGE_MODULE)}).loadedAjvModule(${JSON.stringify(args.path)});`, loader: 'js' };
    });
  },
};
