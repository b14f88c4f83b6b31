// The CLI (for Node < 22.1) and `petstore-mock/msw` (for every Node) as CommonJS scripts beside the
// Node build's chunks, `dist/chunks/cli-bundle.cjs` and `dist/chunks/msw-bundle.cjs`, which dist/cli.js
// and dist/msw.js run through V8's code cache (src/code-cache): Node 20 has no module compile cache,
// a library cannot turn Node's on for its consumer's process, and V8 only caches a script it is handed
// whole, not ES modules. A script holds what its entry loads before its first answer (the same sources,
// built with the Node build's plugins); what it loads later by `import()` (Prism's mocker and logger,
// the document compiler, `verify`) stays in the Node build's chunks, which the script imports through
// the loader's `__lazy` (a script compiled by `vm` cannot call `import()` on Node 20 without an
// experimental flag).
import { createHash } from 'node:crypto';
import { realpathSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { basename, relative, resolve } from 'node:path';

/** Prism's mocker, which the CLI and the MSW handlers load on the first forced response. */
const PRISM_MOCKER = realpathSync(createRequire(import.meta.url).resolve('@stoplight/prism-http/dist/mocker/index.js'));

/**
 * Prism's mocker (json-schema-faker, Faker 6: ~1.4 MB) as a script of its own, which the other two
 * `import()` on the first forced response: through the code cache too, instead of parsing it (and the
 * Node build's chunks it shares with the engine) in every process that forces a response.
 */
export const MOCKER_SCRIPT = { file: 'mocker-bundle.cjs', entry: PRISM_MOCKER, inlinedImports: [] };

/**
 * The Node build's plugin: its `import()` of Prism's mocker (the library's server, the CLI on Node >=
 * 22.1) runs the mocker's script too, so the mocker is not also a chunk of its own.
 */
export const mockerFromScript = {
  name: 'petstore-mocker-from-script',
  setup(builder) {
    builder.onResolve({ filter: /mocker[\\/]index\.js$/ }, args =>
      // In a script's build, its own plugin resolves the import (see lazyImportsFromChunks).
      args.kind === 'dynamic-import' && !args.pluginData?.resolvingLazyImport && realpathSync(resolve(args.resolveDir, args.path.startsWith('.') ? args.path : createRequire(args.importer).resolve(args.path))) === PRISM_MOCKER
        ? { path: 'prism-mocker', namespace: 'petstore-mocker-from-script' }
        : undefined,
    );
    builder.onLoad({ filter: /.*/, namespace: 'petstore-mocker-from-script' }, () => ({
      contents: [
        "import { fileURLToPath } from 'node:url';",
        // Relative to the project (resolveDir): the module's text does not depend on where the project lies.
        "import { importCodeCachedScript } from './src/code-cache/index.ts';",
        `export default importCodeCachedScript(fileURLToPath(new URL(${JSON.stringify(`./${MOCKER_SCRIPT.file}`)}, import.meta.url)), process.env).default;`,
      ].join('\n'),
      resolveDir: process.cwd(),
      loader: 'ts',
    }));
  },
};

/** The CLI's script: everything else `import()`ed stays in the Node build's chunks. */
export const CLI_SCRIPT = { file: 'cli-bundle.cjs', entry: 'src/cli/index.ts', inlinedImports: [] };

/**
 * `petstore-mock/msw`'s script: its engine, which the ES module build loads on the first request, is
 * in the script (compiled from the cache then, not parsed anew); `msw` is the consumer's own, which
 * dist/msw.js hands to the script.
 */
export const MSW_SCRIPT = { file: 'msw-bundle.cjs', entry: 'src/msw/script-entry.ts', inlinedImports: ['src/msw/engine-module.ts'] };

const HASH_PLACEHOLDER = '0'.repeat(64);
/** Read by src/code-cache/code-cached-script.ts, which checks this line. */
const HEADER = `(function (exports, require, module, __filename, __dirname, __moduleUrl, __lazy) { // sha256 ${HASH_PLACEHOLDER}`;

/**
 * The esbuild options of a script, from the Node build's options and what that build wrote (its
 * metafile names the chunk of each module the script imports on demand).
 */
export function codeCachedScriptOptions(script, nodeOptions, nodeMetafile) {
  return {
    ...nodeOptions,
    entryPoints: { [script.file.replace(/\.cjs$/, '')]: script.entry },
    outdir: `${nodeOptions.outdir}/chunks`,
    outExtension: { '.js': '.cjs' },
    format: 'cjs',
    splitting: false,
    // The documents and the dashboard's script are found from the script's own place.
    define: { 'import.meta.url': '__moduleUrl' },
    banner: { js: HEADER },
    footer: { js: '})' },
    plugins: [lazyImportsFromChunks(nodeMetafile, script.inlinedImports), ...nodeOptions.plugins],
  };
}

/**
 * Each `import()` the sources make, but of `inlined`, becomes one of the chunk the Node build made for
 * that module, or of Prism's mocker's script.
 */
function lazyImportsFromChunks(nodeMetafile, inlined) {
  const chunkOf = new Map(Object.entries(nodeMetafile.outputs).flatMap(([output, { entryPoint }]) => (entryPoint === undefined ? [] : [[entryPoint, basename(output)]])));
  return {
    name: 'petstore-lazy-imports-from-chunks',
    setup(builder) {
      builder.onResolve({ filter: /.*/ }, async args => {
        if (args.kind !== 'dynamic-import' || args.pluginData?.resolvingLazyImport) return undefined;
        const resolved = await builder.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: { resolvingLazyImport: true } });
        if (resolved.errors.length > 0) return { errors: resolved.errors };
        const input = relative(process.cwd(), resolved.path).split('\\').join('/');
        if (inlined.includes(input)) return resolved;
        if (realpathSync(resolved.path) === PRISM_MOCKER) return { path: `./${MOCKER_SCRIPT.file}`, external: true };
        const chunk = chunkOf.get(input);
        if (chunk === undefined) return { errors: [{ text: `${args.path} (imported by ${args.importer}) has no chunk of its own in the Node build` }] };
        return { path: `./${chunk}`, external: true };
      });
    },
  };
}

/**
 * Finishes a written script: each `import("./chunk.js")` becomes `__lazy("./chunk.js")` (as long,
 * so the source map still holds), and the header gets the sha256 of the script, which names its
 * code cache. Throws when the script would call `import()` anyway.
 */
export async function finishCodeCachedScript(script, outdir) {
  const path = `${outdir}/chunks/${script.file}`;
  const written = await readFile(path, 'utf8');
  if (!written.startsWith(`${HEADER}\n`)) throw new Error(`${path} does not start with the code cache's header.`);
  const code = written.replace(/(?<![.\w$])import\((?="\.\/[\w-]+\.c?js"\))/g, '__lazy(');
  const left = /(?<![.\w$])import\(/.exec(code);
  if (left) throw new Error(`${path} calls import() at ${left.index}, which a script compiled by vm cannot do on Node 20.`);
  const sha256 = createHash('sha256').update(code).digest('hex');
  await writeFile(path, code.replace(HASH_PLACEHOLDER, sha256));
}
