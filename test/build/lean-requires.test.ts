import { mkdtempSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { build, type Metafile, type Plugin } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { leanRequires, lodashFpNamesUsed, lodashNamesUsed } from '../../scripts/lean-requires.mjs';
import { buildNode, scriptInputs } from '../support/node-build.js';

const require = createRequire(import.meta.url);
const prismRequire = createRequire(require.resolve('@stoplight/prism-http/package.json'));
const SECURITY = prismRequire.resolve('@stoplight/prism-http/dist/validator/validators/security/index.js');
const TYPE_IS = prismRequire.resolve('type-is');

/** `entry` bundled on its own as CommonJS, with the build's plugin or without; its exports and what esbuild put in. */
async function bundled(entry: string, plugins: Plugin[]): Promise<{ exports: unknown; inputs: string[] }> {
  const outfile = join(mkdtempSync(join(tmpdir(), 'lean-requires-')), 'bundle.cjs');
  const { metafile } = await build({ entryPoints: [entry], bundle: true, platform: 'node', format: 'cjs', outfile, plugins, metafile: true, logLevel: 'silent', mainFields: ['main', 'module'] });
  return { exports: require(outfile) as unknown, inputs: Object.keys(metafile.outputs[Object.keys(metafile.outputs)[0] ?? '']?.inputs ?? {}) };
}

describe('the build’s lighter requires (what start-up loads and the first answer never needs)', () => {
  it('reads which lodash/fp functions a compiled module uses, and gives up on any other use', () => {
    expect(lodashFpNamesUsed(readFileSync(SECURITY, 'utf8'))).toEqual(['set']);
    expect(lodashFpNamesUsed('const fp_1 = require("lodash/fp");\nfp_1.map(f)(x); (0, fp_1.set)(p, v, o);')).toEqual(['map', 'set']);
    expect(lodashFpNamesUsed('const fp_1 = require("lodash/fp");\nuse(fp_1);')).toBeUndefined();
    expect(lodashFpNamesUsed('const _ = require("lodash");')).toBeUndefined();
  });

  it('reads which lodash functions a compiled module uses over all its bindings of lodash, and gives up on any other use', () => {
    expect(lodashNamesUsed(readFileSync(prismRequire.resolve('@stoplight/prism-core/dist/factory.js'), 'utf8'))).toEqual(['compact', 'defaults']);
    expect(lodashNamesUsed('const lodash_1 = require("lodash");\nconst lodash_2 = require("lodash");\n(0, lodash_1.get)(a, "b"); lodash_2.pick(a, ["b"]);')).toEqual(['get', 'pick']);
    expect(lodashNamesUsed('const lodash_1 = require("lodash");\nconst lodash_2 = require("lodash");\n(0, lodash_1.get)(a, "b"); use(lodash_2);')).toBeUndefined();
    expect(lodashNamesUsed('const fp_1 = require("lodash/fp");')).toBeUndefined();
  });

  it('gives Prism’s security validator lodash/fp’s set alone, without lodash/fp’s own lodash, verdicts unchanged', async () => {
    type Security = { validateSecurity: (input: { element: object; resource: object }) => unknown };
    const [lean, full] = await Promise.all([bundled(SECURITY, [leanRequires]), bundled(SECURITY, [])]);
    const [leanSecurity, fullSecurity] = [lean.exports as Security, full.exports as Security];
    expect(full.inputs.some(input => input.endsWith('lodash/lodash.min.js'))).toBe(true);
    expect(lean.inputs.some(input => input.endsWith('lodash/lodash.min.js'))).toBe(false);
    const bearer = { type: 'http', scheme: 'bearer', key: 'bearer' };
    const apiKey = { type: 'apiKey', in: 'header', name: 'x-api-key', key: 'key' };
    const resources = [{ security: [[bearer]] }, { security: [[bearer], [apiKey]] }, { security: [[bearer, apiKey]] }, { security: [] }];
    const elements = [{ headers: {} }, { headers: { authorization: 'Bearer t' } }, { headers: { 'x-api-key': 'k' } }, { headers: { authorization: 'Basic x' } }];
    for (const resource of resources) {
      for (const element of elements) expect(leanSecurity.validateSecurity({ element, resource })).toEqual(fullSecurity.validateSecurity({ element, resource }));
    }
  });

  it('has type-is load mime-types and its database on the first extension it looks up, not when it loads, answering the same', async () => {
    const counted = globalThis as { mimeDatabaseLoads?: number };
    counted.mimeDatabaseLoads = 0;
    // Counts each evaluation of mime-db's database, then hands over to the file (and the build's plugin).
    const countDatabaseLoads: Plugin = {
      name: 'count-mime-db-loads',
      setup(builder) {
        builder.onResolve({ filter: /^\.\/db\.json$/ }, args => ({ path: join(args.resolveDir, 'db.json'), namespace: 'counted' }));
        builder.onLoad({ filter: /.*/, namespace: 'counted' }, args => ({ contents: `globalThis.mimeDatabaseLoads += 1;\nmodule.exports = require(${JSON.stringify(args.path)});`, loader: 'js', resolveDir: dirname(args.path) }));
      },
    };
    type TypeIs = { is: (value: string, types: string[]) => string | false };
    const lean = (await bundled(TYPE_IS, [countDatabaseLoads, leanRequires])).exports as TypeIs;
    expect(counted.mimeDatabaseLoads).toBe(0);
    expect(lean.is('application/json', ['application/x-www-form-urlencoded', 'multipart/form-data'])).toBe(false);
    expect(lean.is('application/json; charset=utf-8', ['application/json'])).toBe('application/json');
    expect(counted.mimeDatabaseLoads).toBe(0);
    expect(lean.is('application/json', ['json'])).toBe('json');
    expect(lean.is('text/html', ['json', 'html'])).toBe('html');
    expect(counted.mimeDatabaseLoads).toBe(1);
    const full = (await bundled(TYPE_IS, [countDatabaseLoads])).exports as TypeIs;
    expect(counted.mimeDatabaseLoads).toBe(2);
    expect(full.is('text/html', ['json', 'html'])).toBe('html');
  });

  it('leaves pino, whole builds of lodash and fp-ts’s CommonJS modules out of what the server and the MSW handlers load before their first answer', async () => {
    const { modules, cliScript, mswScript } = await buildNode();
    // fp-ts: what Prism reads of it, from its ES build (scripts/lean-fp-ts.mjs).
    const heavy = (inputs: string[]): string[] => inputs.filter(input => /node_modules\/(pino|sonic-boom|fast-redact)\/|lodash\/lodash(\.min)?\.js$|node_modules\/fp-ts\/lib\//.test(input));
    // The MSW handlers and their engine are one script; so is the CLI before Node 22.1, its modules after.
    // Prism is in it (its router and validators; the engine runs Prism's stages itself, without prism-core's factory).
    expect(scriptInputs(mswScript).some(input => input.includes('node_modules/@stoplight/prism-http/dist/validator/'))).toBe(true);
    expect(heavy(scriptInputs(mswScript))).toEqual([]);
    expect(heavy(scriptInputs(cliScript))).toEqual([]);
    expect(heavy(inputsLoadedWith(modules, 'src/cli.ts'))).toEqual([]);
  }, 60_000);
});

/**
 * The inputs of the output of `entryPoint` and of every output it imports statically, and of the
 * chunks the CLI's own entry imports at once (its `import()` of the command line): what loads before
 * a first answer, Prism's mocker and the document compiler (loaded on demand) aside.
 */
function inputsLoadedWith(metafile: Metafile, entryPoint: string): string[] {
  const outputs = metafile.outputs;
  const start = Object.keys(outputs).find(name => outputs[name]?.entryPoint === entryPoint);
  const seen = new Set<string>();
  const pending = start === undefined ? [] : [start];
  for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
    if (seen.has(name)) continue;
    seen.add(name);
    for (const imported of outputs[name]?.imports ?? []) {
      const onDemand = imported.kind === 'dynamic-import' && /[\\/](mocker|compile-document|verify|logger|engine-module)-/.test(imported.path);
      if (outputs[imported.path] && !onDemand) pending.push(imported.path);
    }
  }
  return [...seen].flatMap(name => Object.entries(outputs[name]?.inputs ?? {}).flatMap(([input, { bytesInOutput }]) => (bytesInOutput > 0 ? [input] : [])));
}
