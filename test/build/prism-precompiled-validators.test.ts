import { mkdtempSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inspect } from 'node:util';
import { createContext, runInContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { prismLazyAjv } from '../../scripts/prism-lazy-ajv.mjs';
import { collectValidatedSchemas, precompiledValidatorModules, precompiledValidatorsPlugin, type PrecompiledValidatorModules, type ValidatedSchema } from '../../scripts/prism-precompiled-validators.mjs';
import { compileDocument, type CompiledDocument } from '../../src/document/compile-document.js';
import { prepareDocument } from '../../src/document/prepared-document.js';
import { FUZZ_BODIES, FUZZ_PATHS } from '../support/fuzz-requests.js';

const require = createRequire(import.meta.url);
const UTILS = require.resolve('@stoplight/prism-http/dist/validator/validators/utils.js');

type Validate = (value: unknown, schema: object, coerce: boolean, context: string, prefix?: string, bundle?: unknown) => { _tag: string; value?: unknown };
interface EditedValidation {
  validateAgainstSchema: Validate;
  validatorsPrecompiledFor(sha256: string): boolean;
  /** How many times Ajv reached for `Function` to compile a schema: none, when every validator was precompiled. */
  functionsMade(): number;
}

/** Prism's validators/utils.js bundled for a script, edited (with `modules` as the build's validators) or not. */
async function bundleValidator(modules: PrecompiledValidatorModules | undefined): Promise<string> {
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [UTILS],
    bundle: true,
    write: false,
    platform: 'browser',
    format: 'iife',
    globalName: 'prismValidation',
    mainFields: ['main', 'module'],
    logLevel: 'silent',
    plugins: modules ? [prismLazyAjv, precompiledValidatorsPlugin(() => modules)] : [],
  });
  return result.outputFiles[0]?.text ?? '';
}

/** The edited validator in a realm that refuses code generation from strings, as a strict CSP does, counting each attempt. */
async function editedValidator(modules: PrecompiledValidatorModules): Promise<EditedValidation> {
  // Ajv reports a schema it could not compile, with its code, on the console: kept out of the test's output.
  const context = createContext({ console: { ...console, error: () => undefined } }, { codeGeneration: { strings: false, wasm: false } });
  runInContext(
    `var functionsMade = 0; var self = globalThis;
     globalThis.Function = new Proxy(Function, { construct(target, args) { functionsMade++; return Reflect.construct(target, args); }, apply(target, that, args) { functionsMade++; return Reflect.apply(target, that, args); } });`,
    context,
  );
  runInContext(await bundleValidator(modules), context);
  const exported = runInContext('prismValidation', context) as Omit<EditedValidation, 'functionsMade'>;
  return { ...exported, validateAgainstSchema: exported.validateAgainstSchema, functionsMade: () => runInContext('functionsMade', context) as number };
}

/** Prism's validator as it ships, compiling at run time. */
async function uneditedValidator(): Promise<Validate> {
  const folder = mkdtempSync(join(tmpdir(), 'prism-precompiled-'));
  const file = join(folder, 'utils.cjs');
  const { writeFileSync } = await import('node:fs');
  writeFileSync(file, `${await bundleValidator(undefined)}\nmodule.exports = prismValidation;`);
  return (require(file) as { validateAgainstSchema: Validate }).validateAgainstSchema;
}

const ODD_VALUES: unknown[] = [null, '', 'x', '1', '-1', '1.5', 'true', 0, -1, 1, 1.5, 2 ** 53, -(2 ** 53), Number.POSITIVE_INFINITY, true, false, [], {}, ['a', 'b'], 'a'.repeat(300), '2030-12-05T00:00:00Z', 'yesterday', '\u0000'];

/** A value that fits `schema` as far as its examples, enums and bounds say, for mutating. */
function sampleOf(schema: Record<string, unknown> | undefined): unknown {
  if (!schema) return 1;
  if (Array.isArray(schema['examples']) && schema['examples'].length > 0) return schema['examples'][0];
  if (Array.isArray(schema['enum'])) return schema['enum'][0];
  if (schema['type'] === 'object' || schema['properties']) {
    const properties = (schema['properties'] ?? {}) as Record<string, Record<string, unknown>>;
    return Object.fromEntries(Object.entries(properties).map(([name, property]) => [name, sampleOf(property)]));
  }
  if (schema['type'] === 'array') return [sampleOf(schema['items'] as Record<string, unknown>)];
  if (schema['type'] === 'integer' || schema['type'] === 'number') return schema['minimum'] ?? 1;
  if (schema['type'] === 'boolean') return true;
  return 'a';
}

/** Values generated from the schema: its sample, odd values, and the sample with each property (or item) made odd, removed or joined by another. */
function valuesFrom(schema: Record<string, unknown>): unknown[] {
  const sample = sampleOf(schema);
  const values: unknown[] = [sample, ...ODD_VALUES];
  if (sample !== null && typeof sample === 'object' && !Array.isArray(sample)) {
    for (const name of Object.keys(sample)) {
      for (const odd of ODD_VALUES) values.push({ ...sample, [name]: odd });
      values.push(Object.fromEntries(Object.entries(sample).filter(([key]) => key !== name)));
    }
    values.push({ ...sample, unexpected: 1 });
  }
  if (Array.isArray(sample)) values.push([], [...(sample as unknown[]), ...(sample as unknown[])], ...ODD_VALUES.map(odd => [odd]), ...valuesFrom((schema['items'] ?? {}) as Record<string, unknown>).map(item => [item]));
  return values;
}

/** The fuzzer's bodies (as sent and as parsed) and the parameters of its query strings, path segments among them. */
function fuzzCorpus(): unknown[] {
  const values: unknown[] = [];
  for (const body of FUZZ_BODIES) {
    values.push(body);
    try {
      values.push(JSON.parse(body ?? '') as unknown);
    } catch {
      // Not JSON: only the text.
    }
  }
  for (const path of FUZZ_PATHS) {
    const [pathname = '', query = ''] = path.split('?');
    const parameters = new Map<string, string | string[]>();
    for (const [name, value] of new URLSearchParams(query)) {
      const known = parameters.get(name);
      parameters.set(name, known === undefined ? value : [...(Array.isArray(known) ? known : [known]), value]);
    }
    // As own properties, `__proto__` and `constructor` among them.
    values.push(Object.fromEntries(parameters), { petid: pathname.split('/').at(-1) ?? '' });
  }
  return values;
}

/** Prism's answer as data, from either realm. */
const plain = (result: unknown): unknown => JSON.parse(JSON.stringify(result)) as unknown;

/** Every schema's verdicts on `values`, precompiled and compiled at run time: the pairs that differ, and how many verdicts found errors. */
async function compareVerdicts(uses: readonly ValidatedSchema[], modules: PrecompiledValidatorModules, sha256: string) {
  const [edited, unedited] = await Promise.all([editedValidator(modules), uneditedValidator()]);
  const differences: string[] = [];
  let refusals = 0;
  let verdicts = 0;
  const corpus = fuzzCorpus();
  for (const use of uses) {
    const { __bundled__: bundle } = use.schema as { __bundled__?: unknown };
    for (const value of [...corpus, ...valuesFrom(use.schema as Record<string, unknown>)]) {
      // Coercion changes the value in place: each side gets its own copy.
      const copy = (): unknown => (value === undefined ? undefined : structuredClone(value));
      const precompiled = plain(edited.validateAgainstSchema(copy(), use.schema, use.coerce, 'input', 'body', bundle));
      const compiled = plain(unedited(copy(), use.schema, use.coerce, 'input', 'body', bundle));
      verdicts++;
      if ((compiled as { _tag: string })._tag === 'Some') refusals++;
      if (JSON.stringify(precompiled) !== JSON.stringify(compiled)) differences.push(`${use.draft} coerce=${String(use.coerce)} ${use.key.slice(0, 80)} on ${inspect(value).slice(0, 80)}: ${JSON.stringify(precompiled)} vs ${JSON.stringify(compiled)}`);
    }
  }
  return { differences, refusals, verdicts, functionsMade: edited.functionsMade(), precompiledForTheDocument: edited.validatorsPrecompiledFor(sha256) };
}

function documentCase(path: string): { cache: { sourceSha256: string; compiled: CompiledDocument }; recordSchema: object } {
  const compiled = compileDocument(readFileSync(path, 'utf8'));
  return { cache: { sourceSha256: `sha of ${path}`, compiled }, recordSchema: prepareDocument(compiled).firstCollection.recordSchema };
}

/** The same document with every schema Prism sees declared in another draft. */
function inDraft(compiled: CompiledDocument, $schema: string): CompiledDocument {
  return JSON.parse(JSON.stringify(compiled), (key, value: unknown) => (key === '$schema' ? $schema : value)) as CompiledDocument;
}

const firstRecordSchemaOf = (): object => documentCase('openapi/petstore.yaml').recordSchema;

describe('the validators the build precompiles (Ajv standalone code, no eval)', () => {
  it('cover every schema Prism validates of the package’s document: parameters, bodies, responses and their headers, and the engine’s Pet', () => {
    const { cache, recordSchema } = documentCase('openapi/petstore.yaml');
    const uses = collectValidatedSchemas(cache.compiled, [recordSchema]);
    const byUse = uses.map(use => `${use.coerce ? 'coerce' : 'noCoerce'} ${Object.keys((use.schema as { properties?: object }).properties ?? {}).join(',')}`);
    // listPets' query, getPet's path, createPet's body; response headers coerce like parameters.
    expect(byUse).toContain('coerce limit,status');
    expect(byUse).toContain('coerce petid');
    expect(byUse).toContain('coerce www-authenticate');
    expect(uses.filter(use => !use.coerce).length).toBeGreaterThan(3);
    const modules = precompiledValidatorModules(cache, [recordSchema]);
    expect(modules.skipped).toEqual([]);
    expect(modules.count).toBe(uses.length);
    for (const code of Object.values(modules.modules)) expect(code).not.toMatch(/\bnew Function\b|\beval\(|\brequire\(/);
  });

  it('give Prism’s verdicts, errors and messages alike, over the fuzzer’s corpus and values made from each schema, without compiling anything in a realm that forbids eval', async () => {
    const { cache, recordSchema } = documentCase('openapi/petstore.yaml');
    const uses = collectValidatedSchemas(cache.compiled, [recordSchema]);
    const result = await compareVerdicts(uses, precompiledValidatorModules(cache, [recordSchema]), cache.sourceSha256);
    expect(result.differences).toEqual([]);
    expect(result.functionsMade).toBe(0);
    expect(result.precompiledForTheDocument).toBe(true);
    // The corpus reaches refusals, not only passes.
    expect(result.refusals).toBeGreaterThan(result.verdicts / 4);
  }, 60_000);

  it('give Prism’s verdicts for a document whose bodies Prism derives (allOf merged, readOnly stripped), and in every draft Prism picks by $schema', async () => {
    const { cache, recordSchema } = documentCase('test/documents/allof-pets.yaml');
    for (const $schema of ['http://json-schema.org/draft-07/schema#', 'https://json-schema.org/draft/2019-09/schema', 'https://json-schema.org/draft/2020-12/schema']) {
      const drafted = { ...cache, compiled: inDraft(cache.compiled, $schema) };
      const uses = collectValidatedSchemas(drafted.compiled, [recordSchema]);
      const modules = precompiledValidatorModules(drafted, [recordSchema]);
      expect(modules.skipped).toEqual([]);
      const result = await compareVerdicts(uses, modules, drafted.sourceSha256);
      expect(result.differences).toEqual([]);
      expect(result.functionsMade).toBe(0);
    }
  }, 120_000);

  it('leave another document’s schemas to Ajv at run time, which a realm that forbids eval refuses', async () => {
    const { cache, recordSchema } = documentCase('openapi/petstore.yaml');
    const edited = await editedValidator(precompiledValidatorModules(cache, [recordSchema]));
    const other = { type: 'object', required: ['name'], properties: { name: { type: 'string' } }, $schema: 'http://json-schema.org/draft-07/schema#' };
    // Unedited, Prism reads a schema it cannot compile as one with nothing to say, and every value would
    // pass; the refusal is thrown on instead, for the engine to answer eval_not_allowed.
    expect(() => edited.validateAgainstSchema({}, other, false, 'input', 'body')).toThrow(/Code generation from strings disallowed/);
    expect(edited.functionsMade()).toBe(1);
    // The refusal is thrown once, not carried into the next verdict.
    expect(plain(edited.validateAgainstSchema({ id: 1, name: 'Rex', categoryId: 1 }, firstRecordSchemaOf(), false, 'input', 'body'))).toEqual({ _tag: 'None' });
    expect(edited.validatorsPrecompiledFor('another document')).toBe(false);
  }, 60_000);
});
