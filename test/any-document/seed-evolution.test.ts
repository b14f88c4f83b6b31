import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { createEngine, locateDocument } from '../../src/index.js';
import { createPetstoreMock } from '../../src/msw/index.js';

type Json = Record<string, unknown>;
interface EditableDocument {
  paths: Record<string, Json>;
  components: { schemas: Record<string, { enum?: unknown[]; properties?: Json; required?: string[] }> };
}

const read = (path: string): EditableDocument => parse(readFileSync(path, 'utf8')) as EditableDocument;
const PACKAGE = read(locateDocument());
const PETCLINIC = read(fileURLToPath(new URL('../documents/corpus/spring-petclinic-rest.yaml', import.meta.url)));

function schema(document: EditableDocument, name: string): { enum?: unknown[]; properties?: Json; required?: string[] } {
  const found = document.components.schemas[name];
  if (!found) throw new Error(`No schema ${name}.`);
  return found;
}

/** How a team grows its document: each keeps every old value valid. */
const EVOLUTIONS: readonly [string, (document: EditableDocument) => void][] = [
  ['an enum value', document => schema(document, 'PetStatus').enum?.push('adopted')],
  ['an optional property', document => void (schema(document, 'Pet').properties = { ...schema(document, 'Pet').properties, nickname: { type: 'string', maxLength: 30 } })],
  [
    'a required property the service assigns',
    document => {
      const pet = schema(document, 'Pet');
      pet.properties = { ...pet.properties, createdAt: { type: 'string', format: 'date-time', readOnly: true } };
      pet.required = [...(pet.required ?? []), 'createdAt'];
    },
  ],
  ['properties reordered', document => void (schema(document, 'Pet').properties = Object.fromEntries(Object.entries(schema(document, 'Pet').properties ?? {}).reverse()))],
  ['a bound the old values satisfy', document => void ((schema(document, 'Pet').properties?.['categoryId'] as Json)['maximum'] = 9)],
  [
    'a new operation',
    document => {
      const item = document.paths['/pets/{petId}'] as Json;
      item['delete'] = { operationId: 'deletePet', responses: { 204: { description: 'gone' } } };
    },
  ],
  [
    'a new collection written before the pets',
    document => {
      document.paths = {
        '/owners': { get: { operationId: 'listOwners', responses: { 200: { description: 'ok', content: { 'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Owner' } } } } } } } },
        '/owners/{ownerId}': { get: { operationId: 'getOwner', parameters: [{ name: 'ownerId', in: 'path', required: true, schema: { type: 'integer' } }], responses: { 200: { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Owner' } } } } } } },
        ...document.paths,
      };
      document.components.schemas['Owner'] = { properties: { id: { type: 'integer' }, email: { type: 'string', format: 'email' } }, required: ['id'] };
    },
  ],
];

const seededPets = async (document: EditableDocument, seed: number): Promise<Json[]> => {
  const engine = await createEngine({ document: structuredClone(document) as unknown as object, seed, onWarning: () => undefined });
  return engine.store.list({ limit: 100 });
};

/** Every property a record had keeps its value in the evolved record. */
function expectKept(before: readonly Json[], after: readonly Json[], what: string): void {
  expect(after.length, what).toBe(before.length);
  expect(before.length, `${what}: records before`).toBeGreaterThan(0);
  for (const [index, old] of before.entries()) for (const [name, value] of Object.entries(old)) expect(after[index]?.[name], `${what}: record ${String(index)}.${name}`).toEqual(value);
}

describe('seeded records as the document grows', () => {
  for (const seed of [1, 7]) {
    it(`keep every value with seed ${String(seed)} whatever the document adds, one change at a time and all together`, async () => {
      const before = await seededPets(PACKAGE, seed);
      let cumulative = structuredClone(PACKAGE);
      for (const [name, evolve] of EVOLUTIONS) {
        const alone = structuredClone(PACKAGE);
        evolve(alone);
        expectKept(before, await seededPets(alone, seed), `${name}, seed ${String(seed)}`);
        evolve(cumulative);
        cumulative = structuredClone(cumulative);
      }
      const evolved = await seededPets(cumulative, seed);
      expectKept(before, evolved, `every change together, seed ${String(seed)}`);
      // What the document added got values of its own.
      for (const pet of evolved) expect(pet['createdAt']).toEqual(expect.any(String));
    });
  }

  it('keep their values in the MSW handlers as on the server', async () => {
    const evolved = structuredClone(PACKAGE);
    for (const [, evolve] of EVOLUTIONS) evolve(evolved);
    const mock = createPetstoreMock({ document: structuredClone(evolved) as unknown as object, onWarning: () => undefined });
    await mock.engine();
    const state = mock.getState() as unknown as Record<string, Json[]>;
    expectKept(await seededPets(PACKAGE, 1), state['pets'] ?? [], 'the MSW handlers');
  });

  it('move no value of one collection when another collection, or a property of its own, is added', async () => {
    const collections = async (document: EditableDocument): Promise<Record<string, Json[]>> => {
      const engine = await createEngine({ document: structuredClone(document) as unknown as object, onWarning: () => undefined });
      // The first collection's records are the session's own store; the others', a store each.
      const storeOf = (name: string): typeof engine.store | undefined => (name === engine.document.firstCollection.resource.name ? engine.store : engine.sessions.default.storeOf(name));
      return Object.fromEntries(engine.document.resources.resources.map(resource => [resource.name, (storeOf(resource.name)?.list({ limit: 100 }) ?? []) as unknown as Json[]]));
    };
    const before = await collections(PETCLINIC);
    const grown = structuredClone(PETCLINIC);
    const vetFields = schema(grown, 'VetFields');
    vetFields.properties = { nickname: { type: 'string', maxLength: 20 }, ...vetFields.properties };
    grown.paths['/clinics'] = { get: { operationId: 'listClinics', responses: { 200: { description: 'ok', content: { 'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Clinic' } } } } } } } };
    grown.components.schemas['Clinic'] = { properties: { id: { type: 'integer' }, name: { type: 'string' } } };
    const after = await collections(grown);
    expect(Object.keys(before).length).toBeGreaterThan(1);
    for (const name of Object.keys(before)) expectKept(before[name] ?? [], after[name] ?? [], name);
  });
});
