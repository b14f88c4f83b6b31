import { mkdtempSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Script } from 'node:vm';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ajvCompilerBuildOptions, ajvCompileWorkerBuildOptions, AJV_COMPILE_WORKER_FILE } from '../../scripts/ajv-on-demand.mjs';
import { prismLazyAjv } from '../../scripts/prism-lazy-ajv.mjs';
import { precompiledValidatorModules, precompiledValidatorsPlugin } from '../../scripts/prism-precompiled-validators.mjs';
import { compileDocument } from '../../src/document/compile-document.js';

// The worker that compiles big schemas off the event loop (scripts/shims/ajv-compile-worker.cjs,
// src/engine/schema/compile-off-thread.ts) must give the validation function Prism's edited Ajv
// compiles in process: same options, formats, pattern engine, uniqueItems and multipleOf. Each
// schema below is compiled both ways, and Prism's output compared over values good and bad.

const require = createRequire(import.meta.url);
const UTILS = require.resolve('@stoplight/prism-http/dist/validator/validators/utils.js');
const folder = mkdtempSync(join(tmpdir(), 'ajv-compile-worker-'));

type Validate = (value: unknown, schema: object, coerce: boolean, context: string, prefix?: string, bundle?: object) => unknown;
type StandaloneModule = (module: { exports: unknown }, exports: unknown, require: (name: string) => unknown) => void;
/** A bundle entry a value reached, not yet compiled (scripts/prism-lazy-ajv.mjs, recordReferences). */
interface RecordedReference {
  draft: string;
  coerce: boolean;
  schema(): object;
  installStandalone(runModule: StandaloneModule, schema: object): void;
}
interface EditedPrismValidator {
  validateAgainstSchema: Validate;
  recordCompiles(run: () => void): { draft: string; coerce: boolean; schema: object; bundle: unknown; compiled: object; instance: unknown }[];
  recordReferences(run: () => void): RecordedReference[];
  installValidationFunction(schema: object, bundle: unknown, validationFunction: unknown): void;
  validationFunctionOfStandaloneModule(draft: string, coerce: boolean, runModule: StandaloneModule, schema: object, instance?: unknown): unknown;
  usePatternEngine(engine: (pattern: string, flags: string) => { test(text: string): boolean; toString(): string }): void;
}

let prism: EditedPrismValidator;
let worker: Worker;

beforeAll(async () => {
  const { build } = await import('esbuild');
  const precompiledValidators = precompiledValidatorsPlugin(() => precompiledValidatorModules({ sourceSha256: 'test', compiled: compileDocument(readFileSync('openapi/petstore.yaml', 'utf8')) }));
  const outfile = join(folder, 'utils.cjs');
  await build({ entryPoints: [UTILS], bundle: true, platform: 'node', format: 'cjs', outfile, plugins: [prismLazyAjv, precompiledValidators], logLevel: 'silent', mainFields: ['main', 'module'] });
  prism = require(outfile) as EditedPrismValidator;
  // A pattern engine of the engine's kind (not RegExp's own object), so that using the main thread's is seen.
  prism.usePatternEngine((pattern, flags) => {
    const expression = new RegExp(pattern, flags);
    // Ajv keeps one compiled pattern per `toString()`, as the engine's own (src/document/safe-patterns.ts) names them.
    return { test: text => expression.test(text), toString: () => `test:/${pattern}/${flags}` };
  });
  await Promise.all([build(ajvCompilerBuildOptions(folder)), build(ajvCompileWorkerBuildOptions(folder))]);
  worker = new Worker(join(folder, 'chunks', AJV_COMPILE_WORKER_FILE));
}, 60_000);

afterAll(async () => {
  await worker.terminate();
});

let nextJob = 0;

/** The worker's function for `schema`, made a validation function by the edited Prism and installed for `schema`. */
async function installFromWorker(draft: string, coerce: boolean, schema: object): Promise<void> {
  prism.installValidationFunction(schema, undefined, await validationFunctionFromWorker(draft, coerce, schema));
}

/** The worker's standalone code for `schema` (as the edited Prism's Ajv would compile it), made a validation function by the edited Prism. */
async function validationFunctionFromWorker(draft: string, coerce: boolean, schema: object): Promise<unknown> {
  return prism.validationFunctionOfStandaloneModule(draft, coerce, await moduleFromWorker(draft, coerce, schema), schema);
}

/** The worker's standalone code for `schema`, as the module function the main thread runs. */
async function moduleFromWorker(draft: string, coerce: boolean, schema: object): Promise<StandaloneModule> {
  const answer = await answerOfWorker(draft, coerce, schema);
  if (answer.source === undefined || answer.cachedData === undefined) throw new Error(`The worker compiled nothing: ${answer.error ?? ''}`);
  const script = new Script(answer.source, { filename: 'petstore-mock-validator.js', cachedData: answer.cachedData });
  expect(script.cachedDataRejected).toBe(false);
  return script.runInThisContext() as StandaloneModule;
}

type WorkerAnswer = { id: number; source?: string; cachedData?: Uint8Array; error?: string };

/** The worker's answer for `schema`: its standalone code and the code cache, or an error. */
async function answerOfWorker(draft: string, coerce: boolean, schema: object): Promise<WorkerAnswer> {
  nextJob += 1;
  const id = nextJob;
  return new Promise<WorkerAnswer>(resolve => {
    const listener = (message: WorkerAnswer): void => {
      if (message.id !== id) return;
      worker.off('message', listener);
      resolve(message);
    };
    worker.on('message', listener);
    worker.postMessage({ id, draft, coerce, schemaBytes: new TextEncoder().encode(JSON.stringify(schema)) });
  });
}

const SCHEMAS: { schema: object; values: unknown[] }[] = [
  {
    schema: {
      type: 'object',
      required: ['name'],
      properties: {
        name: { type: 'string', minLength: 2, maxLength: 5, pattern: '^[A-Z]' },
        email: { type: 'string', format: 'email' },
        when: { type: 'string', format: 'date-time' },
        site: { type: 'string', format: 'uri' },
        price: { type: 'number', multipleOf: 0.01, minimum: 0 },
        count: { type: 'integer', maximum: 10 },
        kind: { enum: ['cat', 'dog'] },
        fixed: { const: { a: [1] } },
        constructor: { type: 'string' },
      },
      additionalProperties: false,
    },
    values: [
      { name: 'Rex' },
      { name: 'rex' },
      { name: '😀😀😀😀😀😀' },
      { name: 'Rex', email: 'a@b.co', when: '2030-12-05T00:00:00Z', site: 'https://x.example/a', price: 19.99, count: 3, kind: 'cat', fixed: { a: [1] } },
      { name: 'Rex', email: 'nope', when: 'yesterday', site: 'not a uri', price: 19.999, count: 11, kind: 'cow', fixed: { a: [2] }, other: 1 },
      { name: 'Rex', count: '7', price: '1.5' },
      { name: 'Rex', constructor: 7 },
      null,
      [],
    ],
  },
  {
    schema: {
      type: 'array',
      uniqueItems: true,
      maxItems: 4,
      items: { oneOf: [{ type: 'object', required: ['k'], properties: { k: { type: 'integer' } } }, { type: 'string', pattern: '^(a+)+$' }] },
    },
    values: [[{ k: 1 }, { k: 2 }], [{ k: 1 }, { k: 1 }], ['aaa', 'aaa!'], [{ k: 1 }, 'a', { k: '1' }, 'aa', 'aaa'], [{ k: 1, j: 2 }, { j: 2, k: 1 }], 'x'],
  },
];

describe('validators compiled in the worker thread', () => {
  it('give Prism the verdicts and errors of its Ajv compiling in process, for every draft, with and without coercion', async () => {
    const drafts = [
      ['default', undefined],
      ['draft2019_09', 'https://json-schema.org/draft/2019-09/schema'],
      ['draft2020_12', 'https://json-schema.org/draft/2020-12/schema'],
    ] as const;
    for (const [draft, $schema] of drafts) {
      for (const coerce of [true, false]) {
        for (const { schema, values } of SCHEMAS) {
          const written = $schema === undefined ? schema : { ...schema, $schema };
          const fromWorker = structuredClone(written);
          const inProcess = structuredClone(written);
          await installFromWorker(draft, coerce, fromWorker);
          for (const value of values) {
            const workerVerdict = prism.validateAgainstSchema(structuredClone(value), fromWorker, coerce, 'body');
            const processVerdict = prism.validateAgainstSchema(structuredClone(value), inProcess, coerce, 'body');
            expect(workerVerdict, `${draft} coerce=${String(coerce)} ${JSON.stringify(value)}`).toEqual(processVerdict);
          }
        }
      }
    }
  });

  it('give a recursive schema (its references followed lazily) the verdicts and errors of Prism compiling it in process, the root and every entry reached compiled in the worker', async () => {
    // As Prism hands a document's recursive schema to Ajv (src/engine/schema/by-reference.ts): a root referring into a bundle.
    const bundle = {
      Node: {
        type: 'object',
        required: ['name'],
        properties: {
          name: { type: 'string', pattern: '^[A-Z]' },
          size: { type: 'integer', maximum: 3 },
          owner: { $ref: '#/__bundled__/Owner' },
          children: { type: 'array', items: { $ref: '#/__bundled__/Node' } },
        },
        additionalProperties: false,
      },
      Owner: { type: 'object', required: ['login'], properties: { login: { type: 'string', minLength: 2 }, manager: { $ref: '#/__bundled__/Owner' } } },
    };
    const root = { type: 'object', properties: { tree: { $ref: '#/__bundled__/Node' } } };
    const values = [
      { tree: { name: 'A' } },
      { tree: { name: 'a', size: 4 } },
      { tree: { name: 'A', children: [{ name: 'B', children: [{ name: 'c', size: '5', extra: 1 }] }, { size: 1 }] } },
      { tree: { name: 'A', owner: { login: 'ab', manager: { login: 'c', manager: { login: 7 } } } } },
      { tree: { name: 'A', children: [{ name: 'B', owner: { login: 'x' } }] } },
      { tree: [] },
    ];
    for (const coerce of [true, false]) {
      const [fromWorker, fromWorkerBundle] = [structuredClone(root), structuredClone(bundle)];
      const [inProcess, inProcessBundle] = [structuredClone(root), structuredClone(bundle)];
      const validateAll = (): void => {
        for (const value of values) prism.validateAgainstSchema(structuredClone(value), fromWorker, coerce, 'body', '', fromWorkerBundle);
      };
      // The root, as the engine has it compiled: recorded, compiled in the worker with its references lazy, installed.
      const roots = prism.recordCompiles(validateAll);
      // Once for each value run, as each run would have compiled it.
      expect(new Set(roots.map(use => use.schema))).toEqual(new Set([fromWorker]));
      for (const use of roots.slice(0, 1)) prism.installValidationFunction(use.schema, use.bundle, prism.validationFunctionOfStandaloneModule(use.draft, use.coerce, await moduleFromWorker(use.draft, use.coerce, use.compiled), use.compiled, use.instance));
      // Then every entry the values reach, a run at a time, until a run reaches none.
      let entriesCompiled = 0;
      for (let reached = prism.recordReferences(validateAll); reached.length > 0; reached = prism.recordReferences(validateAll)) {
        for (const entry of reached) entry.installStandalone(await moduleFromWorker(entry.draft, entry.coerce, entry.schema()), entry.schema());
        entriesCompiled += reached.length;
      }
      expect(entriesCompiled).toBe(2);
      for (const value of values) {
        const workerVerdict = prism.validateAgainstSchema(structuredClone(value), fromWorker, coerce, 'body', '', fromWorkerBundle);
        const processVerdict = prism.validateAgainstSchema(structuredClone(value), inProcess, coerce, 'body', '', inProcessBundle);
        expect(workerVerdict, `coerce=${String(coerce)} ${JSON.stringify(value)}`).toEqual(processVerdict);
      }
    }
  });

  it('writes the code without Ajv’s optimizing pass, as Prism’s edited Ajv does: the unused name the pass drops is there', async () => {
    const schema = { type: 'object', properties: { a: { type: 'string', maxLength: 3 } } };
    const answer = await answerOfWorker('default', false, schema);
    expect(answer.source).toContain('const _errs0 = errors;');
    await installFromWorker('default', false, schema);
    expect(prism.validateAgainstSchema({ a: 'abcd' }, schema, false, 'body')).toMatchObject({ _tag: 'Some' });
    expect(prism.validateAgainstSchema({ a: 'abc' }, schema, false, 'body')).toMatchObject({ _tag: 'None' });
  });

  it('answers a schema Ajv cannot compile with an error, not a function', async () => {
    await expect(installFromWorker('default', false, { type: 'object', required: true })).rejects.toThrow(/The worker compiled nothing/);
  });
});
