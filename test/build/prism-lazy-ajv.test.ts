import { mkdtempSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AJV_OPTIMIZE_PASSES, lazyAjvInstances, prismLazyAjv } from '../../scripts/prism-lazy-ajv.mjs';
import { collectValidatedSchemas, precompiledValidatorModules, precompiledValidatorsPlugin } from '../../scripts/prism-precompiled-validators.mjs';
import { compileDocument } from '../../src/document/compile-document.js';

const require = createRequire(import.meta.url);
const UTILS = require.resolve('@stoplight/prism-http/dist/validator/validators/utils.js');

// The edit looks up the build's validators (of the package's document) first; the schemas below are not among them.
const precompiledValidators = precompiledValidatorsPlugin(() =>
  precompiledValidatorModules({ sourceSha256: 'test', compiled: compileDocument(readFileSync('openapi/petstore.yaml', 'utf8')) }),
);

type Validate = (value: unknown, schema: object, coerce: boolean, context: string, prefix?: string, bundle?: object) => { _tag: string; value?: unknown };

/** Marks Ajv's core class module, when it is evaluated, on `globalThis.ajvEvaluated`. */
const markAjv = {
  name: 'mark-ajv',
  setup: (builder: import('esbuild').PluginBuild) =>
    builder.onLoad({ filter: /[\\/]ajv[\\/]dist[\\/]core\.js$/ }, args => ({ contents: `globalThis.ajvEvaluated = true;\n${readFileSync(args.path, 'utf8')}`, loader: 'js' })),
};

/** Prism's validators/utils.js bundled on its own, edited or not. */
async function bundledValidator(edited: boolean): Promise<Validate> {
  return (await bundledModule(edited)).validateAgainstSchema;
}

async function bundledModule(edited: boolean): Promise<{ validateAgainstSchema: Validate; renewAjvInstances?: () => void }> {
  const { build } = await import('esbuild');
  const folder = mkdtempSync(join(tmpdir(), 'prism-lazy-ajv-'));
  const outfile = join(folder, `utils-${String(edited)}.cjs`);
  await build({ entryPoints: [UTILS], bundle: true, platform: 'node', format: 'cjs', outfile, plugins: edited ? [prismLazyAjv, precompiledValidators, markAjv] : [markAjv], logLevel: 'silent', mainFields: ['main', 'module'] });
  return require(outfile) as { validateAgainstSchema: Validate; renewAjvInstances?: () => void };
}

describe('the build’s edit of Prism’s validator (each draft’s Ajv pair made on first use)', () => {
  it('finds the text it edits in the installed Prism, and refuses other text loudly', () => {
    expect(lazyAjvInstances(readFileSync(UTILS, 'utf8'))).toContain('ajvInstanceMakers');
    expect(() => lazyAjvInstances('const ajvInstances = {};')).toThrow(/no longer builds its Ajv instances as expected/);
  });

  it('tells Ajv not to check schemas against their meta-schemas (an enum of 20,000 values took 1.2 s to check, every client waiting)', () => {
    const source = readFileSync(UTILS, 'utf8');
    expect(lazyAjvInstances(source)).toContain('    strict: false,\n    validateSchema: false,\n');
    expect(lazyAjvInstances(source, { precompiled: true })).toContain('    strict: false,\n    validateSchema: false,\n');
  });

  it('has Ajv write each schema’s code without its optimizing pass (a 256-branch oneOf compiled in 2.2-2.7 s with it, 0.6 s without)', () => {
    const source = readFileSync(UTILS, 'utf8');
    expect(AJV_OPTIMIZE_PASSES).toBe(0);
    expect(lazyAjvInstances(source)).toContain('    code: { regExp: compilePatternByEngine, optimize: 0 },\n');
    expect(lazyAjvInstances(source, { precompiled: true })).toContain('    code: { regExp: compilePatternByEngine, optimize: 0 },\n');
  });

  it('evaluates no Ajv while every schema has a precompiled validator, and Ajv on the first that has none', async () => {
    Reflect.deleteProperty(globalThis, 'ajvEvaluated');
    const validate = await bundledValidator(true);
    const [precompiled] = collectValidatedSchemas(compileDocument(readFileSync('openapi/petstore.yaml', 'utf8')));
    if (!precompiled) throw new Error('The package document has no validated schema.');
    validate({ limit: '5' }, precompiled.schema, precompiled.coerce, 'body');
    expect(Reflect.get(globalThis, 'ajvEvaluated')).toBeUndefined();
    expect(validate('x', { type: 'integer' }, false, 'body')._tag).toBe('Some');
    expect(Reflect.get(globalThis, 'ajvEvaluated')).toBe(true);
  });

  it('validates exactly as Prism does unedited, for every draft', async () => {
    const [edited, unedited] = await Promise.all([bundledValidator(true), bundledValidator(false)]);
    const pet = { type: 'object', required: ['id', 'name'], properties: { id: { type: 'integer', format: 'int64', minimum: 1 }, name: { type: 'string', maxLength: 3 }, when: { type: 'string', format: 'date-time' } } };
    const drafts = [undefined, 'https://json-schema.org/draft/2019-09/schema', 'https://json-schema.org/draft/2020-12/schema'];
    const values = [{ id: 1, name: 'Rex' }, { id: 0, name: 'Rexx' }, { id: '2', name: 'a' }, { name: 'a', when: 'yesterday' }, { id: 1, name: 'a', when: '2030-12-05T00:00:00Z' }, null];
    for (const $schema of drafts) {
      for (const coerce of [true, false]) {
        for (const value of values) {
          const schema = $schema === undefined ? pet : { ...pet, $schema };
          expect(edited(value, schema, coerce, 'body')).toEqual(unedited(value, schema, coerce, 'body'));
        }
      }
    }
  });

  it('checks uniqueItems in one pass with the verdicts and errors Prism gives unedited, for every draft (Ajv compared every pair of objects: 20,000 took more than 30 s)', async () => {
    const [edited, unedited] = await Promise.all([bundledValidator(true), bundledValidator(false)]);
    const schemas = [
      { type: 'array', uniqueItems: true, items: { type: 'object' } },
      { type: 'array', uniqueItems: true },
      { type: 'array', uniqueItems: true, maxItems: 3, items: { type: ['object', 'string'] } },
      { type: 'array', uniqueItems: true, items: { type: 'integer' } },
      { type: 'object', properties: { list: { type: 'array', uniqueItems: true, items: {} } } },
      { type: 'array', uniqueItems: false },
    ];
    const values = [[], [{}], [{}, {}], [{ a: 1, b: 2 }, { b: 2, a: 1 }], [1, '1'], [1, 2, 1, 3, 2], [[1, 2], [2, 1], [1, 2]], [{ a: [1, { c: null }] }, { a: [1, { c: null }] }, 'x', 'x'], [true, 'true'], [null, 'null'], [{ a: 1 }, { a: 2 }, { a: 1 }, { a: 2 }], { list: [{}, { x: 1 }, { x: 1 }] }, ['2', 2, '2'], 'not an array'];
    for (const $schema of [undefined, 'https://json-schema.org/draft/2019-09/schema', 'https://json-schema.org/draft/2020-12/schema']) {
      for (const coerce of [true, false]) {
        for (const schema of schemas) {
          for (const value of values) {
            const drafted = $schema === undefined ? schema : { ...schema, $schema };
            expect(edited(structuredClone(value), drafted, coerce, 'body'), `${JSON.stringify(drafted)} on ${JSON.stringify(value)}`).toEqual(unedited(structuredClone(value), drafted, coerce, 'body'));
          }
        }
      }
    }
    // 50,000 distinct objects and one repeated at the start, the pair Ajv's loop reaches last: answered at once.
    const many = [{ k: -1 }, { k: -1 }, ...Array.from({ length: 50_000 }, (_, index) => ({ k: index }))];
    expect(edited(many, schemas[0] as object, false, 'body')).toMatchObject({ _tag: 'Some', value: [{ code: 'uniqueItems', message: expect.stringContaining('must NOT have duplicate items (items ## 0 and 1 are identical)') as unknown }] });
  });

  it('follows a bundle’s references as values reach them, with the verdicts and paths Prism gives unedited', async () => {
    const [edited, unedited] = await Promise.all([bundledValidator(true), bundledValidator(false)]);
    const node = { type: 'object', required: ['name'], properties: { name: { type: 'string', maxLength: 3 }, count: { type: 'integer' }, children: { type: 'array', items: { $ref: '#/__bundled__/Node' } }, parent: { $ref: '#/__bundled__/Node' }, tag: { $ref: '#/__bundled__/Tag' } } };
    const bundle = { Node: node, Tag: { type: 'string', enum: ['a', 'b'] } };
    const root = { $ref: '#/__bundled__/Node' };
    const values = [
      { name: 'Rex', children: [{ name: 'a' }, { name: 'b', children: [{ name: 'long', tag: 'c' }] }] },
      { name: 'Rex', parent: { parent: {} }, count: '3' },
      { name: 'Rex', tag: 'a', count: 'x', children: [1] },
      'not an object',
    ];
    for (const coerce of [true, false]) {
      for (const value of values) {
        const [mine, theirs] = [structuredClone(value), structuredClone(value)];
        expect(edited(mine, root, coerce, 'body', 'body', bundle)).toEqual(unedited(theirs, root, coerce, 'body', 'body', bundle));
        // Coerced in place (count: '3' → 3) as Prism's own references coerce.
        expect(mine).toEqual(theirs);
      }
    }
    // An entry no value reaches is never compiled: one Ajv refuses to compile does not stop the others
    // (Prism unedited compiled the whole bundle up front, and read the refusal as "no problems").
    const broken = { ...bundle, Broken: { type: 'no-such-type' }, Node: { ...node, properties: { ...node.properties, broken: { $ref: '#/__bundled__/Broken' } } } };
    const deep = { name: 'Rex', children: [{ name: 'long' }] };
    expect(edited(deep, root, false, 'body', 'body', broken)).toMatchObject({ _tag: 'Some', value: [{ path: ['body', 'children', '0', 'name'] }] });
    expect(unedited(deep, root, false, 'body', 'body', broken)._tag).toBe('None');
  });

  it('compiles with new Ajv instances once renewed, as a reloaded document needs: the old instance holds on to every schema it compiled', async () => {
    const edited = await bundledModule(true);
    if (edited.renewAjvInstances === undefined) throw new Error('The edited validator exports no renewAjvInstances.');
    // Two documents' Pet, the same $id in each: one Ajv instance refuses the second ("already exists"), which Prism reads as no problems.
    const before = { $id: 'https://example.com/pet', type: 'object', properties: { name: { type: 'string' } } };
    const after = { $id: 'https://example.com/pet', type: 'object', required: ['name'], properties: { name: { type: 'string' } } };
    expect(edited.validateAgainstSchema({ name: 1 }, before, false, 'body')._tag).toBe('Some');
    expect(edited.validateAgainstSchema({}, after, false, 'body')._tag).toBe('None');
    edited.renewAjvInstances();
    expect(edited.validateAgainstSchema({}, { ...after }, false, 'body')._tag).toBe('Some');
    // The validator compiled before still answers.
    expect(edited.validateAgainstSchema({ name: 1 }, before, false, 'body')._tag).toBe('Some');
  });
});
