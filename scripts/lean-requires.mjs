// What bundled packages load at start-up and the first answer never needs, made lighter in both
// builds without changing what any of it does (found with `node --cpu-prof` of a fresh process's first answer):
// - `lodash/fp`, which Prism's security validator requires for `set` alone, builds a second lodash
//   and converts all of its ~300 functions when it loads (10–20 ms): the importer gets only the
//   functions it names, converted from the lodash already bundled, as `lodash/fp/<name>` would be.
// - `lodash`, which Prism's validators and pipeline factory require for a few functions each
//   (`get`, `defaults`, `pick`…): each importer gets a module of the functions it reads, each from
//   lodash's own file of it, rather than all of lodash.js (~72 KB minified, ~300 functions made when
//   it loads). The converted `lodash/fp` functions are made from those files too, as lodash/fp's own do.
// - `mime-types`, which type-is requires to map extensions like `json` to media types, parses all of
//   mime-db when it loads (~4 ms); Prism passes full media types, which never reach that map, so it
//   loads on type-is's first extension instead, and its database is bundled as a JSON string that
//   is parsed then: V8 skims a string literal at start-up, where it parses an object literal (~5 ms).
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { basename, dirname } from 'node:path';
import { fileOfNamespacedPath, namespacedPath } from './namespaced-path.mjs';

const LAZY_MODULES = { 'mime-types': /[\\/]type-is[\\/]index\.js$/ };

/** The names `importer` (compiled CommonJS) reads of `lodash/fp`, or undefined when it uses it another way. */
export function lodashFpNamesUsed(source) {
  return namesRead(source, 'lodash/fp');
}

/** The names `importer` (compiled CommonJS) reads of `lodash`, or undefined when it uses it another way. */
export function lodashNamesUsed(source) {
  return namesRead(source, 'lodash');
}

/** The names read of each binding of `require(<moduleName>)` in `source`, or undefined when one is used another way (or there is none). */
export function namesRead(source, moduleName) {
  const quoted = moduleName.replace(/\//g, '\\/');
  const bindings = [...source.matchAll(new RegExp(`\\b(?:const|var|let)\\s+([\\w$]+)\\s*=\\s*require\\(["']${quoted}["']\\)`, 'g'))].map(match => match[1]);
  if (bindings.length === 0) return undefined;
  const names = new Set();
  for (const binding of bindings) {
    // Not a property of something else (`x.E`), nor the module's name in its require (`"fp-ts/Record"`).
    const uses = [...source.matchAll(new RegExp(`(?<![\\w$./"'])${binding.replace(/\$/g, '\\$')}\\b(.?)([\\w$]*)`, 'g'))];
    // The binding itself (`= require(...)`) aside, every use must read a named function.
    const reads = uses.slice(1);
    if (reads.some(([, dot]) => dot !== '.')) return undefined;
    for (const [, , name] of reads) names.add(name);
  }
  return [...names].sort();
}

/** Prism's modules whose `require('lodash')` becomes a module of the functions they read, each from lodash's own file. */
const LEAN_LODASH_IMPORTERS = /[\\/]@stoplight[\\/]prism-(?:http|core)[\\/]dist[\\/]/;

export const leanRequires = {
  name: 'petstore-lean-requires',
  setup(builder) {
    builder.onResolve({ filter: /^lodash\/fp$/ }, async args => {
      const names = lodashFpNamesUsed(await readFile(args.importer, 'utf8'));
      return names === undefined ? undefined : { path: `lodash/fp:${names.join(',')}`, namespace: 'petstore-lodash-fp', pluginData: { names, resolveDir: args.resolveDir } };
    });
    builder.onLoad({ filter: /.*/, namespace: 'petstore-lodash-fp' }, args => ({
      // As lodash/fp/<name>.js does: lodash's own file of the function, converted with the helpers
      // of lodash/fp/_util (each from its own file too), so the whole of lodash.js is not needed.
      contents: [
        "const convert = require('lodash/fp/convert');",
        `module.exports = { ${args.pluginData.names.map(name => `${name}: convert(${JSON.stringify(name)}, require(${JSON.stringify(`lodash/${name}`)}))`).join(', ')} };`,
      ].join('\n'),
      loader: 'js',
      resolveDir: args.pluginData.resolveDir,
    }));
    builder.onResolve({ filter: /^lodash$/ }, async args => {
      if (!LEAN_LODASH_IMPORTERS.test(args.importer)) return undefined;
      const names = lodashNamesUsed(await readFile(args.importer, 'utf8'));
      return names === undefined ? undefined : { path: `lodash:${names.join(',')}`, namespace: 'petstore-lodash', pluginData: { names, resolveDir: args.resolveDir } };
    });
    builder.onLoad({ filter: /.*/, namespace: 'petstore-lodash' }, args => ({
      contents: `module.exports = { ${args.pluginData.names.map(name => `${name}: require(${JSON.stringify(`lodash/${name}`)})`).join(', ')} };`,
      loader: 'js',
      resolveDir: args.pluginData.resolveDir,
    }));
    builder.onResolve({ filter: new RegExp(`^(?:${Object.keys(LAZY_MODULES).join('|')})$`) }, args => {
      if (args.namespace === 'petstore-lazy-module' || !LAZY_MODULES[args.path].test(args.importer)) return undefined;
      return { path: namespacedPath(createRequire(args.importer).resolve(args.path)), namespace: 'petstore-lazy-module' };
    });
    // The file namespace only: the browser build loads its own subset of the database (another namespace).
    builder.onLoad({ filter: /[\\/]mime-db[\\/]db\.json$/, namespace: 'file' }, async args => ({
      contents: `module.exports = JSON.parse(${JSON.stringify(await readFile(args.path, 'utf8'))});`,
      loader: 'js',
    }));
    builder.onLoad({ filter: /.*/, namespace: 'petstore-lazy-module' }, args => {
      const file = fileOfNamespacedPath(args.path);
      return {
        // Each property read loads the module first (once); its functions do not use `this`. The path
        // is relative: the source map's columns after it would move with the project's folder.
        contents: `let loaded;\nmodule.exports = new Proxy({}, { get: (_, name) => (loaded ??= require(${JSON.stringify(`./${basename(file)}`)}))[name] });`,
        loader: 'js',
        resolveDir: dirname(file),
      };
    });
  },
};
