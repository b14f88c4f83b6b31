import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build, type ResolveResult } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { FP_TS_DUAL, leanFpTs } from '../../scripts/lean-fp-ts.mjs';
import { namesRead } from '../../scripts/lean-requires.mjs';
import type { CompiledDocumentCache } from '../../src/document/index.js';

const require = createRequire(import.meta.url);
const prismRequire = createRequire(require.resolve('@stoplight/prism-http/package.json'));
const ROUTER = prismRequire.resolve('@stoplight/prism-http/dist/router/index.js');
const VALIDATOR = prismRequire.resolve('@stoplight/prism-http/dist/validator/index.js');

interface Prism {
  route(options: { resources: unknown[]; input: unknown }): { _tag: string; left?: unknown; right?: { id: string } };
  validateInput(options: { resource: unknown; element: unknown }): unknown;
  validateSecurity(options: { resource: unknown; element: unknown }): unknown;
}

/** Prism's router and validator bundled with the plugin (as the browser build does) or without; with the fp-ts files esbuild put in and their bytes. */
async function bundledPrism(lean: boolean): Promise<{ prism: Prism; fpTsFiles: string[]; fpTsBytes: number }> {
  const folder = mkdtempSync(join(tmpdir(), 'lean-fp-ts-'));
  const entry = join(folder, 'entry.cjs');
  writeFileSync(entry, `const validator = require(${JSON.stringify(VALIDATOR)});\nmodule.exports = { route: require(${JSON.stringify(ROUTER)}).default, validateInput: validator.validateInput, validateSecurity: validator.validateSecurity };\n`);
  const outfile = join(folder, `prism-${String(lean)}.cjs`);
  const { metafile } = await build({ entryPoints: [entry], outfile, bundle: true, platform: 'node', format: 'cjs', mainFields: ['main', 'module'], metafile: true, logLevel: 'silent', plugins: lean ? [leanFpTs] : [] });
  const inputs = Object.entries(Object.values(metafile.outputs)[0]?.inputs ?? {}).filter(([input]) => /node_modules[\\/]fp-ts[\\/]/.test(input));
  return { prism: require(outfile) as Prism, fpTsFiles: inputs.map(([input]) => input), fpTsBytes: inputs.reduce((total, [, { bytesInOutput }]) => total + bytesInOutput, 0) };
}

/** The same value with functions and errors as plain data, for comparing two bundles' answers. */
function plain(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value, (_key, field: unknown) => (field instanceof Error ? { error: field.name, message: field.message } : field))) as unknown;
}

describe('the browser build’s fp-ts (scripts/lean-fp-ts.mjs: what Prism reads, from fp-ts’s ES build)', () => {
  it('reads the fp-ts functions each of Prism’s modules uses, not mistaking the module’s name in its require for a use', () => {
    expect(namesRead('const Record = require("fp-ts/Record");\nconst seq = Record.sequence(E.Applicative);', 'fp-ts/Record')).toEqual(['sequence']);
    expect(namesRead('const E = require("fp-ts/Either");\n(0, E.map)(f); E.chain(g); x.E = 1;', 'fp-ts/Either')).toEqual(['chain', 'map']);
    expect(namesRead('const E = require("fp-ts/Either");\nuse(E);', 'fp-ts/Either')).toBeUndefined();
    expect(namesRead(readFileSync(VALIDATOR, 'utf8'), 'fp-ts/Either')).toContain('chain');
  });

  it('bundles none of fp-ts’s CommonJS modules and a fraction of its code, and Prism routes and validates as with all of it', async () => {
    const [lean, full] = await Promise.all([bundledPrism(true), bundledPrism(false)]);
    expect(full.fpTsFiles.some(file => /fp-ts[\\/]lib[\\/]Either\.js$/.test(file))).toBe(true);
    expect(lean.fpTsFiles.filter(file => /fp-ts[\\/]lib[\\/]/.test(file))).toEqual([]);
    expect(lean.fpTsBytes).toBeLessThan(full.fpTsBytes / 4);

    const { compiled } = JSON.parse(readFileSync('openapi/.petstore.compiled.json', 'utf8')) as CompiledDocumentCache;
    const operations = compiled.prismOperations as unknown[];
    const bearer = { authorization: 'Bearer key' };
    const requests = [
      { method: 'get', url: { path: '/pets' }, headers: bearer },
      { method: 'get', url: { path: '/pets', query: { limit: ['7'], status: ['sold'] } }, headers: bearer },
      { method: 'get', url: { path: '/pets', query: { limit: ['0'], status: ['lost'] } }, headers: bearer },
      { method: 'get', url: { path: '/pets', query: { limit: ['x', 'y'] } }, headers: {} },
      { method: 'get', url: { path: '/pets/12' }, headers: { authorization: 'Basic abc' } },
      { method: 'post', url: { path: '/pets' }, headers: { ...bearer, 'content-type': 'application/json' }, body: { name: 'Rex', categoryId: 1 } },
      { method: 'post', url: { path: '/pets' }, headers: { ...bearer, 'content-type': 'application/json' }, body: { name: '', status: 'lost', extra: true } },
      { method: 'post', url: { path: '/pets' }, headers: { ...bearer, 'content-type': 'text/plain' }, body: 'Rex' },
      { method: 'delete', url: { path: '/pets/1' }, headers: bearer },
      { method: 'get', url: { path: '/owners' }, headers: bearer },
    ];
    let validated = 0;
    for (const input of requests) {
      const [leanRoute, fullRoute] = [lean.prism.route({ resources: operations, input }), full.prism.route({ resources: operations, input })];
      expect(plain(leanRoute)).toEqual(plain(fullRoute));
      if (fullRoute._tag !== 'Right' || !fullRoute.right) continue;
      validated += 1;
      const resource = fullRoute.right;
      for (const check of ['validateInput', 'validateSecurity'] as const) {
        expect(plain(lean.prism[check]({ resource, element: input }))).toEqual(plain(full.prism[check]({ resource, element: input })));
      }
    }
    // Most of the requests reach the validator: the comparison covers more than routing failures.
    expect(validated).toBeGreaterThanOrEqual(7);
  }, 60_000);

  it('resolves the package’s own imports of fp-ts to its ES build as esbuild would, keeping fp-ts’s "sideEffects": false', async () => {
    // esbuild takes a file's side effects from the first import that reaches it: were this one without
    // them, the build would depend on which import came first (issue 30).
    const importer = resolve('src/engine/prism/prism-pipeline.ts');
    let resolved: ResolveResult | undefined;
    const probe = {
      name: 'probe',
      setup(builder: Parameters<typeof leanFpTs.setup>[0]) {
        builder.onResolve({ filter: /^probe$/ }, async () => {
          resolved = await builder.resolve('fp-ts/lib/Either.js', { kind: 'import-statement', importer, resolveDir: join(importer, '..') });
          return { path: 'probe', namespace: 'probe' };
        });
        builder.onLoad({ filter: /.*/, namespace: 'probe' }, () => ({ contents: '', loader: 'js' }));
      },
    };
    await build({ stdin: { contents: "import 'probe';" }, bundle: true, write: false, logLevel: 'silent', plugins: [probe, leanFpTs] });
    expect(resolved?.path).toBe(join(require.resolve('fp-ts/package.json'), '..', 'es6', 'Either.js'));
    expect(resolved?.sideEffects).toBe(false);
  });

  it('gives Prism an fp-ts `dual` that copies no arguments for a call with the data first or with one argument, and answers as fp-ts’s own', async () => {
    expect(readFileSync(require.resolve('fp-ts/es6/function.js'), 'utf8')).toContain(FP_TS_DUAL);
    const folder = mkdtempSync(join(tmpdir(), 'lean-fp-ts-dual-'));
    const outfile = join(folder, 'dual.cjs');
    await build({ stdin: { contents: `export { dual } from ${JSON.stringify(require.resolve('fp-ts/es6/function.js'))};`, resolveDir: folder }, outfile, bundle: true, platform: 'node', format: 'cjs', logLevel: 'silent', plugins: [leanFpTs] });
    type Dual = (arity: number | ((args: IArguments) => boolean), body: (...args: unknown[]) => unknown) => (...args: unknown[]) => unknown;
    const lean = (require(outfile) as { dual: Dual }).dual;
    const own = (require('fp-ts/function') as { dual: Dual }).dual;
    const body = (...args: unknown[]): unknown => args.map(String).join(' ');
    const copies = (call: () => unknown): { answer: unknown; copies: number } => {
      const from = Array.from;
      let count = 0;
      Array.from = ((...args: Parameters<typeof Array.from>) => {
        count += 1;
        return from(...args);
      }) as typeof Array.from;
      try {
        return { answer: call(), copies: count };
      } finally {
        Array.from = from;
      }
    };
    for (const arity of [2, 3, (args: IArguments) => typeof args[0] === 'number'] as const) {
      const [leanOf, ownOf] = [lean(arity, body), own(arity, body)];
      for (const args of [[1, 'f'], [1, 'f', 'g'], [1, 'f', 'g', 'h'], ['f'], ['f', 'g'], []]) {
        const leanAnswer = leanOf(...args);
        const ownAnswer = ownOf(...args);
        if (typeof ownAnswer === 'function') expect((leanAnswer as (self: unknown) => unknown)(0)).toBe((ownAnswer as (self: unknown) => unknown)(0));
        else expect(leanAnswer).toBe(ownAnswer);
      }
    }
    const chain = lean(2, body);
    expect(copies(() => chain(1, 'f'))).toEqual({ answer: '1 f', copies: 0 });
    const dataLast = copies(() => chain('f'));
    expect(dataLast.copies).toBe(0);
    expect((dataLast.answer as (self: unknown) => unknown)(1)).toBe('1 f');
    expect(copies(() => own(2, body)(1, 'f')).copies).toBe(1);
  });

  it('fails the build when anything bundles fp-ts’s CommonJS build, whose `dual` is not replaced', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'lean-fp-ts-commonjs-'));
    const bundling = build({ stdin: { contents: `module.exports = require(${JSON.stringify(require.resolve('fp-ts/lib/function.js'))});`, resolveDir: folder }, outfile: join(folder, 'out.cjs'), bundle: true, platform: 'node', format: 'cjs', logLevel: 'silent', plugins: [leanFpTs] });
    await expect(bundling).rejects.toThrow(/fp-ts's CommonJS build\) is bundled/);
  });
});

