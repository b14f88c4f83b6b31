// What the browser build of `petstore-mock/msw` changes, and the checks that fail it loudly.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { builtinModules, createRequire } from 'node:module';
import { resolve } from 'node:path';
import { fileOfNamespacedPath, namespacedPath } from './namespaced-path.mjs';

const SOURCE = resolve('src');
const DOCUMENT = resolve('openapi/petstore.yaml');
const COMPILED_DOCUMENT = resolve('openapi/.petstore.compiled.json');
const SHIMS = resolve('scripts/shims/browser');

/** Node modules that bundled packages require and a page never uses, with what stands in for each. */
const STAND_INS = {
  pino: `${SHIMS}/pino-silent.cjs`,
  path: `${SHIMS}/path.cjs`,
  url: `${SHIMS}/url.cjs`,
  // Prism's forwarder (loaded with its mocker, never called) and json-schema-ref-parser's remote
  // resolver (the document is dereferenced at build time) reach for proxies and sockets.
  'http-proxy-agent': 'empty',
  'https-proxy-agent': 'empty',
  http: 'empty',
  https: 'empty',
};

export function browserBuildPlugins() {
  return [browserSources, embeddedDocument, standIns, lodashFpFromLodash, mimeDatabaseOfTheDocument];
}

/** A source file `x.browser.ts` beside `x.ts` replaces it in this build (src/document/index.browser.ts). */
const browserSources = {
  name: 'petstore-browser-sources',
  setup(builder) {
    builder.onResolve({ filter: /^\.\.?\/.*\.js$/ }, args => {
      if (!args.importer.startsWith(SOURCE)) return undefined;
      const candidate = resolve(args.resolveDir, args.path.replace(/\.js$/, '.browser.ts'));
      return existsSync(candidate) ? { path: candidate } : undefined;
    });
  },
};

/** The compiled document, embedded: the build fails when it was not compiled from the YAML as it is now. */
const embeddedDocument = {
  name: 'petstore-embedded-document',
  setup(builder) {
    builder.onResolve({ filter: /^virtual:petstore-mock\/compiled-document$/ }, () => ({ path: COMPILED_DOCUMENT, watchFiles: [DOCUMENT] }));
    builder.onLoad({ filter: /\.petstore\.compiled\.json$/ }, async () => {
      const yaml = await readFile(DOCUMENT, 'utf8');
      const compiled = await readFile(COMPILED_DOCUMENT, 'utf8').catch(() => undefined);
      checkEmbeddedDocument(yaml, compiled);
      // A string that JSON.parse reads when the chunk runs: V8 skims a string literal, where it would
      // parse an object literal of ~50 KB as code while the page starts.
      return { contents: `export default JSON.parse(${JSON.stringify(JSON.stringify(JSON.parse(compiled)))});`, loader: 'js' };
    });
  },
};

/**
 * Checks every schema of the compiled document (`compiledText`) against its draft's meta-schema, with
 * Ajv and the options Prism gives it, as Ajv would on each schema's first use in the page; throws,
 * naming the operation and the schema's place, if one is not valid. The browser build's Ajv is then
 * told not to repeat this (see scripts/prism-lazy-ajv.mjs): the page has no other document.
 */
export async function checkDocumentSchemas(compiledText) {
  const require = createRequire(import.meta.url);
  const prism = createRequire(require.resolve('@stoplight/prism-http/package.json'));
  const drafts = {
    'http://json-schema.org/draft-07/schema': prism('ajv').default,
    'https://json-schema.org/draft/2019-09/schema': prism('ajv/dist/2019').default,
    'https://json-schema.org/draft/2020-12/schema': prism('ajv/dist/2020').default,
  };
  const instances = new Map();
  const ajvFor = $schema => {
    const draft = String($schema ?? 'http://json-schema.org/draft-07/schema').replace(/#$/, '').replace(/^http:\/\/json-schema\.org\/draft\/(2019-09|2020-12)/, 'https://json-schema.org/draft/$1');
    const Ajv = drafts[draft] ?? drafts['http://json-schema.org/draft-07/schema'];
    if (!instances.has(Ajv)) {
      const ajv = new Ajv({ allErrors: true, allowUnionTypes: true, allowMatchingProperties: true, strict: false, logger: false });
      prism('ajv-formats').default(ajv);
      instances.set(Ajv, ajv);
    }
    return instances.get(Ajv);
  };
  const problems = [];
  const { compiled } = JSON.parse(compiledText);
  for (const operation of compiled.prismOperations) {
    const visit = (value, path) => {
      if (Array.isArray(value)) return value.forEach((item, index) => visit(item, `${path}[${index}]`));
      if (value === null || typeof value !== 'object') return;
      for (const [key, child] of Object.entries(value)) {
        if (key === 'schema' && child !== null && typeof child === 'object') {
          const ajv = ajvFor(child.$schema);
          if (!ajv.validateSchema(child)) problems.push(`${operation.iid} ${path}.schema: ${ajv.errorsText(ajv.errors)}`);
        } else {
          visit(child, `${path}.${key}`);
        }
      }
    };
    visit(operation, '');
  }
  if (problems.length > 0) throw new Error(`The embedded document has schemas that are not valid JSON Schema:\n  ${problems.join('\n  ')}`);
  return instances.size;
}

/** Throws unless `compiled` (the text of the compiled document, if any) was compiled from `yaml` as it is. */
export function checkEmbeddedDocument(yaml, compiled) {
  const expected = createHash('sha256').update(yaml).digest('hex');
  const found = compiled === undefined ? undefined : JSON.parse(compiled).sourceSha256;
  if (found === expected) return;
  throw new Error(
    `The browser build embeds ${COMPILED_DOCUMENT}, which ${compiled === undefined ? 'is missing' : 'is stale: it was compiled from another version of openapi/petstore.yaml'}. Run \`node --import tsx scripts/compile-document.ts\` (npm run build does) before bundling.`,
  );
}

const standIns = {
  name: 'petstore-browser-stand-ins',
  setup(builder) {
    const names = Object.keys(STAND_INS).map(name => name.replace(/[-/]/g, '\\$&'));
    builder.onResolve({ filter: new RegExp(`^(?:${names.join('|')})$`) }, args => {
      const standIn = STAND_INS[args.path];
      return standIn === 'empty' ? { path: args.path, namespace: 'petstore-empty' } : { path: standIn };
    });
    builder.onLoad({ filter: /.*/, namespace: 'petstore-empty' }, args => ({
      contents: `// ${args.path}: never used in a page.\nmodule.exports = {};`,
      loader: 'js',
    }));
  },
};

/**
 * `lodash/fp`, when a module requires the whole of it, takes its functions from lodash.js rather than
 * lodash.min.js (the same version twice in the page otherwise). Methods required one at a time
 * (`lodash/isEqual`, by json-schema-compare and json-schema-merge-allof, which Prism's validator loads,
 * and by scripts/lean-requires.mjs's modules for Prism) stay lodash's own files: taking them from the
 * whole lodash made the page evaluate all of lodash.js (~300 functions) before its first answer, for
 * the two dozen it uses; only another document's compiler and Prism's mocker require the whole.
 */
const lodashFpFromLodash = {
  name: 'petstore-lodash-fp-from-lodash',
  setup(builder) {
    builder.onResolve({ filter: /^\.\/lodash\.min$/ }, args =>
      /[\\/]lodash[\\/]fp\.js$/.test(args.importer) ? { path: resolve(args.resolveDir, 'lodash.js') } : undefined,
    );
  },
};

/**
 * mime-types loads all of mime-db (136 KB) to map extensions like `json` to media types. Prism passes
 * type-is and accepts full media types, which never reach that map; the page gets the database's
 * entries for the media types the document names and those Prism's code names.
 */
const mimeDatabaseOfTheDocument = {
  name: 'petstore-mime-db-of-the-document',
  setup(builder) {
    builder.onResolve({ filter: /^mime-db$/ }, args => ({
      path: namespacedPath(createRequire(args.importer).resolve('mime-db/db.json')),
      namespace: 'petstore-mime-db',
    }));
    builder.onLoad({ filter: /.*/, namespace: 'petstore-mime-db' }, async args => {
      const database = JSON.parse(await readFile(fileOfNamespacedPath(args.path), 'utf8'));
      const compiled = JSON.parse(await readFile(COMPILED_DOCUMENT, 'utf8'));
      const named = new Set(['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain']);
      JSON.stringify(compiled.compiled.source, (key, value) => {
        if (key === 'content' && value && typeof value === 'object') for (const mediaType of Object.keys(value)) named.add(mediaType.toLowerCase());
        return value;
      });
      const subset = Object.fromEntries([...named].filter(mediaType => mediaType in database).map(mediaType => [mediaType, database[mediaType]]));
      return { contents: JSON.stringify(subset), loader: 'json' };
    });
  },
};

const BUILTIN = new Set(builtinModules.flatMap(name => [name, `node:${name}`]));

/**
 * esbuild already refuses a Node built-in it cannot resolve for the browser; this catches one that
 * slipped through another way (an external, a stand-in gone wrong): a `node:` import or a bare require of
 * a built-in in any output file fails the build, naming the file and the module (lodash's guarded
 * `module.require('util')` probe is a method call, not a bare require, and falls back by itself).
 */
export async function checkBrowserOutput(metafile) {
  const problems = [];
  for (const [file, output] of Object.entries(metafile.outputs)) {
    if (!file.endsWith('.js')) continue;
    for (const imported of output.imports) {
      if (imported.path.startsWith('node:') || BUILTIN.has(imported.path)) problems.push(`${file} imports ${imported.path}`);
    }
    const text = await readFile(file, 'utf8');
    for (const match of text.matchAll(/(?<![.\w$])require\(\s*["']([^"']+)["']\s*\)|\bfrom\s*["'](node:[^"']+)["']|\bimport\(\s*["'](node:[^"']+)["']\s*\)/g)) {
      const name = match[1] ?? match[2] ?? match[3];
      if (name !== undefined && BUILTIN.has(name)) problems.push(`${file} loads ${name}`);
    }
  }
  if (problems.length > 0) throw new Error(`The browser build reaches Node's built-in modules, which a page does not have:\n  ${problems.join('\n  ')}`);
}
