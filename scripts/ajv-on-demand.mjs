// Ajv's compiler (its core, code generator, three drafts' vocabularies and ajv-formats' keywords:
// ~110 KB minified) is needed only when Prism meets a schema the build did not precompile (another
// `--document`, or a schema Prism derives that the package's document does not give). Bundled into
// the engine's chunk, V8 still had to parse it at every start. In the Node build it is a CommonJS
// file of its own beside the chunks, `dist/chunks/ajv-compiler.cjs`, which Prism's edited validator
// (scripts/prism-lazy-ajv.mjs: Ajv's classes required on first use) loads synchronously, as before,
// on its first miss. The browser build keeps Ajv bundled: a page cannot load a script synchronously.
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { onDemandFileOptions, requireBesideChunks } from './on-demand-file.mjs';

/** The file name, beside the Node build's chunks, of Ajv's compiler. */
export const AJV_COMPILER_FILE = 'ajv-compiler.cjs';

/** What Prism's validator requires on a miss, each a property of the compiler file's exports. */
const AJV_MODULES = ['ajv', 'ajv/dist/2019', 'ajv/dist/2020', 'ajv-formats'];

const PRISM_VALIDATORS_UTILS = /[\\/]@stoplight[\\/]prism-http[\\/]dist[\\/]validator[\\/]validators[\\/]utils\.js$/;
const NAMESPACE = 'petstore-ajv-on-demand';

/** The Node build's plugin: Prism's validator's requires of Ajv become requires of the compiler file. */
export const ajvOnDemand = {
  name: 'petstore-ajv-on-demand',
  setup(builder) {
    const modules = new RegExp(`^(${AJV_MODULES.map(name => name.replace(/[/.]/g, '\\$&')).join('|')})$`);
    builder.onResolve({ filter: modules }, args => (PRISM_VALIDATORS_UTILS.test(args.importer) ? { path: args.path, namespace: NAMESPACE } : undefined));
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
  const prismValidators = dirname(createRequire(import.meta.url).resolve('@stoplight/prism-http/dist/validator/validators/utils.js'));
  return onDemandFileOptions(outdir, AJV_COMPILER_FILE, {
    contents: `module.exports = {${AJV_MODULES.map(name => `${JSON.stringify(name)}: require(${JSON.stringify(name)})`).join(', ')}};`,
    resolveDir: prismValidators,
  });
}
