import { mkdtempSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ajvCompilerBuildOptions, ajvCompileWorkerBuildOptions, AJV_COMPILE_WORKER_FILE } from '../../scripts/ajv-on-demand.mjs';
import { bodyMergesRecorded, prismBodyMergesRecorded, prismLazyAjv } from '../../scripts/prism-lazy-ajv.mjs';
import { precompiledValidatorModules, precompiledValidatorsPlugin } from '../../scripts/prism-precompiled-validators.mjs';
import { compileDocument } from '../../src/document/compile-document.js';

// Prism merges a body schema's allOfs (json-schema-merge-allof) on its first use: ~50 ms for a oneOf
// of 256 allOf branches, on the event loop. The build's edit of its body validator lets the engine
// record that merge and install one the worker thread made (src/engine/schema/compile-off-thread.ts):
// Prism must then answer every body exactly as it does unedited, without merging again.

const require = createRequire(import.meta.url);
const BODY = require.resolve('@stoplight/prism-http/dist/validator/validators/body.js');
const MERGE_ALL_OF = require.resolve('@stoplight/json-schema-merge-allof');
const INPUT = 0;
const folder = mkdtempSync(join(tmpdir(), 'prism-body-merges-'));

interface RecordedMerge {
  schema: object;
  mergeHere(): void;
  install(merged: unknown): void;
}
type ValidateBody = (target: unknown, specs: { mediaType: string; schema: object }[], context: number, mediaType: string) => unknown;
interface BodyValidator {
  validate: ValidateBody;
  recordMerges?: (run: () => void) => RecordedMerge[];
}

/** Counts json-schema-merge-allof's calls on `globalThis.mergesMade`. */
const countMerges = {
  name: 'count-merges',
  setup: (builder: import('esbuild').PluginBuild) =>
    builder.onLoad({ filter: /[\\/]json-schema-merge-allof[\\/]src[\\/]index\.js$/ }, args => ({
      contents: `${readFileSync(args.path, 'utf8')}\nconst counted = module.exports;\nmodule.exports = (...args) => { globalThis.mergesMade = (globalThis.mergesMade ?? 0) + 1; return counted(...args); };`,
      loader: 'js',
    })),
};

let edited: BodyValidator;
let unedited: BodyValidator;
let worker: Worker;

beforeAll(async () => {
  const { build } = await import('esbuild');
  const precompiledValidators = precompiledValidatorsPlugin(() => precompiledValidatorModules({ sourceSha256: 'test', compiled: compileDocument(readFileSync('openapi/petstore.yaml', 'utf8')) }));
  const bundle = async (name: string, plugins: import('esbuild').Plugin[]): Promise<BodyValidator> => {
    const outfile = join(folder, `${name}.cjs`);
    await build({ entryPoints: [BODY], bundle: true, platform: 'node', format: 'cjs', outfile, plugins, logLevel: 'silent', mainFields: ['main', 'module'] });
    return require(outfile) as BodyValidator;
  };
  [edited, unedited] = await Promise.all([bundle('edited', [prismLazyAjv, prismBodyMergesRecorded, precompiledValidators, countMerges]), bundle('unedited', [])]);
  await Promise.all([build(ajvCompilerBuildOptions(folder)), build(ajvCompileWorkerBuildOptions(folder))]);
  worker = new Worker(join(folder, 'chunks', AJV_COMPILE_WORKER_FILE));
}, 60_000);

afterAll(async () => {
  await worker.terminate();
});

/** The worker's merge of `schema`, as the engine asks for it. */
function mergedByWorker(schema: object): Promise<string> {
  return new Promise((resolve, reject) => {
    worker.once('message', (answer: { merged?: string; error?: string }) => {
      if (typeof answer.merged === 'string') resolve(answer.merged);
      else reject(new Error(answer.error ?? 'no merge'));
    });
    worker.postMessage({ id: 1, kind: 'merge', schemaBytes: new TextEncoder().encode(JSON.stringify(schema)) });
  });
}

/** A body of the discriminator shape (row 15 of the independent findings): a oneOf of `count` branches, each allOf a base with a read-only id. */
function discriminatedBody(count: number): object {
  const mapping = Object.fromEntries(Array.from({ length: count }, (_, index) => [`k${index}`, `#/k${index}`]));
  const base = { type: 'object', required: ['kind', 'id'], properties: { kind: { type: 'string' }, id: { type: 'integer', readOnly: true } }, discriminator: { propertyName: 'kind', mapping } };
  const branches = Array.from({ length: count }, (_, index) => ({
    allOf: [base, { type: 'object', required: [`v${index}`], properties: { kind: { enum: [`k${index}`] }, [`v${index}`]: { type: 'string', maxLength: 3 } } }],
  }));
  return { type: 'object', required: ['name'], properties: { name: { type: 'string' }, pick: { oneOf: branches, discriminator: { propertyName: 'kind', mapping } } } };
}

const BODIES = [{ name: 'Rex' }, { name: 'Rex', pick: { kind: 'k3', v3: 'abc' } }, { name: 'Rex', pick: { kind: 'k3', v3: 'abcd' } }, { name: 'Rex', pick: { kind: 'zz' } }, { pick: { kind: 'k1', v1: 1, id: 'x' } }, 'text'];

describe('the build’s edit of Prism’s body validator (a body’s allOf merged where the engine says)', () => {
  it('finds the text it edits in the installed Prism, and refuses other text loudly', () => {
    expect(bodyMergesRecorded(readFileSync(BODY, 'utf8'))).toContain('exports.recordMerges');
    expect(() => bodyMergesRecorded('function withoutAllOf(s) { return s; }')).toThrow(/no longer merges allOf as expected/);
  });

  it('gives every body Prism’s own verdicts and messages from the worker’s merge, and does not merge again', async () => {
    const { recordMerges } = edited;
    if (recordMerges === undefined) throw new Error('The edited body validator has no recordMerges.');
    const specs = [{ mediaType: 'application/json', schema: discriminatedBody(40) }];
    const recorded = recordMerges(() => edited.validate(BODIES[1], specs, INPUT, 'application/json'));
    expect(recorded.map(merge => merge.schema)).toEqual([specs[0]?.schema]);
    Reflect.deleteProperty(globalThis, 'mergesMade');
    for (const merge of recorded) merge.install(JSON.parse(await mergedByWorker(merge.schema)));
    for (const body of BODIES) expect(edited.validate(body, specs, INPUT, 'application/json')).toEqual(unedited.validate(body, specs, INPUT, 'application/json'));
    expect(Reflect.get(globalThis, 'mergesMade')).toBeUndefined();
  });

  it('merges as before where the engine lets Prism merge, and when nothing is recorded', () => {
    const specs = [{ mediaType: 'application/json', schema: discriminatedBody(3) }];
    const recorded = edited.recordMerges?.(() => edited.validate(BODIES[0], specs, INPUT, 'application/json')) ?? [];
    Reflect.deleteProperty(globalThis, 'mergesMade');
    for (const merge of recorded) merge.mergeHere();
    expect(Reflect.get(globalThis, 'mergesMade')).toBe(1);
    const unrecorded = [{ mediaType: 'application/json', schema: discriminatedBody(2) }];
    for (const body of BODIES) {
      expect(edited.validate(body, specs, INPUT, 'application/json')).toEqual(unedited.validate(body, specs, INPUT, 'application/json'));
      expect(edited.validate(body, unrecorded, INPUT, 'application/json')).toEqual(unedited.validate(body, unrecorded, INPUT, 'application/json'));
    }
    expect(Reflect.get(globalThis, 'mergesMade')).toBe(2);
  });

  it('has the worker merge with Prism’s package and options', async () => {
    const mergeAllOf = require(MERGE_ALL_OF) as (schema: object, options: object) => unknown;
    const schema = discriminatedBody(5);
    expect(await mergedByWorker(schema)).toBe(JSON.stringify(mergeAllOf(schema, { deep: true, ignoreAdditionalProperties: true })));
  });
});
