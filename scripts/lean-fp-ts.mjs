// Prism requires fp-ts's CommonJS modules whole: Either, Option, Array, NonEmptyArray, TaskEither and
// the modules they require (~135 KB minified), each of them evaluated, with its few hundred functions
// and instances, before the mock's first answer, which uses a few dozen of them. In both builds, each
// of Prism's modules gets a module of the fp-ts functions it reads instead, made from fp-ts's own ES
// build (fp-ts/es6: the same source, compiled as ES modules), so that the bundler keeps only what
// they use (~14 KB): a page's first answer and the CLI's start (~13 ms on this machine) evaluate that
// much less. The functions are fp-ts's own; Prism reads them as plain properties, as before (not
// through esbuild's getters, which requiring fp-ts's ES build directly would put on every `E.chain`).
// The build fails when one of Prism's modules uses fp-ts another way than by reading named
// functions of it, rather than ship all of it unnoticed.
//
// fp-ts's `dual` (every `E.chain(f)`, `O.map(f)`, `E.flatMap(f)` Prism calls is made by it) copies its
// arguments with `Array.from` on each call, then copies them again for a call with the data last. A
// request's routing and validation make hundreds of such calls: under mixed traffic this copying was
// the engine's largest single cost (9% of its time; issue 28). Both builds get a `dual` that passes
// `arguments` on and keeps a single argument without copying it; what it returns is the same.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, resolve, sep } from 'node:path';
import { namesRead } from './lean-requires.mjs';

const FP_TS = dirname(createRequire(import.meta.url).resolve('fp-ts/package.json'));
const SOURCE = resolve('src') + sep;
/** `fp-ts/Either`, `fp-ts/lib/Either`, `fp-ts/lib/Either.js`: the module's name. */
const FP_TS_MODULE = /^fp-ts\/(?:lib\/)?([A-Za-z]+)(?:\.js)?$/;
const PRISM = /[\\/]@stoplight[\\/]prism-(?:http|core)[\\/]dist[\\/]/;

/** The file of fp-ts's ES build that has the module `fp-ts/<name>`. */
function esModuleOf(name) {
  return join(FP_TS, 'es6', `${name}.js`);
}

const FUNCTION_MODULE = /[\\/]fp-ts[\\/]es6[\\/]function\.js$/;
const FP_TS_COMMONJS_MODULE = /[\\/]node_modules[\\/]fp-ts[\\/]lib[\\/].*\.js$/;
/** fp-ts's `dual` (fp-ts/es6/function.js), as releases 2.16.x write it. */
export const FP_TS_DUAL = `export var dual = function (arity, body) {
    var isDataFirst = typeof arity === 'number' ? function (args) { return args.length >= arity; } : arity;
    return function () {
        var args = Array.from(arguments);
        if (isDataFirst(arguments)) {
            return body.apply(this, args);
        }
        return function (self) { return body.apply(void 0, __spreadArray([self], args, false)); };
    };
};`;
/** The same function without copying: `arguments` passed on when the data comes first, one argument kept as it is. */
const DUAL_WITHOUT_COPIES = `export var dual = function (arity, body) {
    var isDataFirst = typeof arity === 'number' ? function (args) { return args.length >= arity; } : arity;
    return function () {
        if (isDataFirst(arguments)) {
            return body.apply(this, arguments);
        }
        if (arguments.length === 1) {
            var only = arguments[0];
            return function (self) { return body(self, only); };
        }
        var args = Array.from(arguments);
        return function (self) { return body.apply(void 0, __spreadArray([self], args, false)); };
    };
};`;

/** The plugin of both builds; see above. */
export const leanFpTs = {
  name: 'petstore-lean-fp-ts',
  setup(builder) {
    builder.onResolve({ filter: FP_TS_MODULE }, async args => {
      const name = FP_TS_MODULE.exec(args.path)?.[1] ?? '';
      // The package's own ES modules import fp-ts's ES build: the bundler keeps what they name.
      // Resolved by esbuild, so that the file keeps fp-ts's `"sideEffects": false`: esbuild takes a file's
      // side effects from the first import that reaches it, and a plugin's path without them has side
      // effects. When this import of `es6/Either.js` came first (before the ones esbuild resolves, from
      // the modules below or fp-ts's own), fp-ts's modules that import Either but use none of it kept
      // their `init_Either()` call: a different browser build about one time in twenty (issue 30).
      if (args.importer.startsWith(SOURCE)) {
        const { path, sideEffects, errors } = await builder.resolve(esModuleOf(name), { kind: args.kind, resolveDir: FP_TS });
        return errors.length > 0 ? { errors } : { path, sideEffects };
      }
      if (!PRISM.test(args.importer)) return undefined;
      const names = namesRead(await readFile(args.importer, 'utf8'), args.path);
      if (names === undefined) {
        return { errors: [{ text: `lean-fp-ts: ${args.importer} uses ${args.path} other than by reading its functions by name; review scripts/lean-fp-ts.mjs for this Prism release.` }] };
      }
      return { path: `${name}:${names.join(',')}`, namespace: 'petstore-fp-ts', pluginData: { names } };
    });
    // Read once into a plain object (Prism reads `E.chain` on every call) from a module of those
    // names alone (the same path, `<module>:<names>`), which lets the bundler drop the rest of fp-ts.
    builder.onLoad({ filter: /.*/, namespace: 'petstore-fp-ts' }, ({ path, pluginData: { names } }) => ({
      contents: [
        `const used = require(${JSON.stringify(`petstore-fp-ts-used:${path}`)});`,
        `module.exports = { ${names.map(used => `${JSON.stringify(used)}: used[${JSON.stringify(used)}]`).join(', ')} };`,
      ].join('\n'),
      loader: 'js',
    }));
    // Any other importer of fp-ts's CommonJS build would bring its own `dual`, unreplaced, and the rest of fp-ts.
    builder.onLoad({ filter: FP_TS_COMMONJS_MODULE }, ({ path }) => ({
      errors: [{ text: `lean-fp-ts: ${path} (fp-ts's CommonJS build) is bundled: only its ES build is, with the \`dual\` this build replaces; review scripts/lean-fp-ts.mjs for whatever imports it.` }],
    }));
    builder.onLoad({ filter: FUNCTION_MODULE }, async ({ path }) => {
      const text = await readFile(path, 'utf8');
      if (!text.includes(FP_TS_DUAL)) {
        return { errors: [{ text: `lean-fp-ts: ${path} no longer has the \`dual\` this build replaces; review scripts/lean-fp-ts.mjs for this fp-ts release.` }] };
      }
      return { contents: text.replace(FP_TS_DUAL, DUAL_WITHOUT_COPIES), loader: 'js' };
    });
    builder.onResolve({ filter: /^petstore-fp-ts-used:/ }, args => ({ path: args.path.slice('petstore-fp-ts-used:'.length), namespace: 'petstore-fp-ts-used' }));
    builder.onLoad({ filter: /.*/, namespace: 'petstore-fp-ts-used' }, ({ path }) => {
      const [name, names] = path.split(':');
      // From fp-ts's folder, by a relative path: the module's text does not depend on where the project lies.
      return { contents: `export { ${names.split(',').join(', ')} } from ${JSON.stringify(`./es6/${name}.js`)};`, loader: 'js', resolveDir: FP_TS };
    });
  },
};
