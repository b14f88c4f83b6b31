import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { createEngine, locateDocument, type Engine } from '../../src/index.js';
import { documentFromSource } from '../../src/document/index.js';
import { createRandom } from '../support/random.js';
import { OWNERS_PATHS } from '../support/owners-paths.js';

type Json = Record<string, unknown>;
/** The parts of an OpenAPI document the edits touch. */
interface EditableDocument {
  paths: Record<string, Record<string, Json>>;
  components: { schemas: Record<string, { enum?: unknown[]; properties?: Json; [keyword: string]: unknown }> };
}
const AUTH = { authorization: 'Bearer k', 'content-type': 'application/json' };
const PACKAGE_DOCUMENT = parse(readFileSync(locateDocument(), 'utf8')) as EditableDocument;

/** Every store of every session, as JSON: what a refused edit must leave byte for byte. */
function snapshot(engine: Engine): string {
  const names = engine.document.resources.resources.map(resource => resource.name);
  return JSON.stringify({
    first: engine.sessions.stores().map(store => store.list({ limit: Number.POSITIVE_INFINITY })),
    others: names.map(name => engine.sessions.storesOf(name).map(store => store.list({ limit: Number.POSITIVE_INFINITY }))),
  });
}

const OWNERS = OWNERS_PATHS;
const OWNER = { type: 'object', required: ['id', 'email'], properties: { id: { type: 'integer', readOnly: true }, email: { type: 'string', format: 'email' } } };

/** Edits a team makes to the document, and edits that break it; each from the document as it stands. */
const schemaOf = (document: EditableDocument, name: string): { enum?: unknown[]; properties?: Json } => {
  const schema = document.components.schemas[name];
  if (!schema) throw new Error(`The document has no ${name}.`);
  return schema;
};
const GOOD_EDITS: readonly ((document: EditableDocument) => void)[] = [
  document => {
    const values = schemaOf(document, 'PetStatus').enum ?? [];
    values.push(`status${String(values.length)}`);
  },
  document => {
    const properties = schemaOf(document, 'Pet').properties ?? {};
    properties[`note${String(Object.keys(properties).length)}`] = { type: 'string', maxLength: 40 };
  },
  document => {
    const pet = schemaOf(document, 'Pet');
    pet.properties = Object.fromEntries(Object.entries(pet.properties ?? {}).reverse());
  },
  // Another collection written before the pets': the pets stay the pets.
  document => {
    document.paths = { '/owners': OWNERS, ...document.paths };
    document.components.schemas.Owner = OWNER;
  },
];
const BROKEN_EDITS: readonly ((document: EditableDocument) => void)[] = [
  // The edit: /pets removed while another collection remains, and getPet's successor gone with it.
  document => {
    delete document.paths['/pets'];
    document.paths['/owners'] = OWNERS;
    document.components.schemas.Owner = OWNER;
  },
  document => {
    const getPet = document.paths['/pets/{petId}']?.['get'];
    if (getPet) getPet['x-sunset'] = 'soon';
  },
  document => {
    const getPet = document.paths['/pets/{petId}']?.['get'];
    if (getPet) getPet['x-successor-operation'] = 'noSuchOperation';
  },
];

describe('a new version of the document', () => {
  it('changes no record when it is refused, and only what it names when it is taken, through good and broken edits under load', async () => {
    const random = createRandom(20301205);
    const engine = await createEngine({ document: structuredClone(PACKAGE_DOCUMENT), pets: 8, onWarning: () => undefined });
    let current = structuredClone(PACKAGE_DOCUMENT);
    let refused = 0;
    let taken = 0;
    for (let step = 0; step < 24; step += 1) {
      // Requests in flight while the document changes: creates, merges and reads in named sessions.
      const inFlight = Array.from({ length: 6 }, (_, index) => {
        const session = { 'x-petstore-session': `s${String(index % 3)}` };
        const which = random.int(3);
        if (which === 0) return engine.handle({ method: 'POST', url: '/v1/pets', headers: { ...AUTH, ...session }, body: JSON.stringify({ name: `Rex ${String(step)}`, categoryId: 2 }) });
        if (which === 1) return engine.handle({ method: 'GET', url: '/v1/pets?limit=100', headers: { ...AUTH, ...session } });
        return engine.handle({ method: 'GET', url: `/v1/pets/${String(1 + random.int(10))}`, headers: { ...AUTH, ...session } });
      });
      const broken = random.next() < 0.4;
      const candidate = structuredClone(current);
      const edits = broken ? BROKEN_EDITS : GOOD_EDITS;
      random.pick(edits)(candidate);
      const next = await documentFromSource(candidate);
      const before = snapshot(engine);
      const firstBefore = engine.store.list({ limit: Number.POSITIVE_INFINITY });
      try {
        engine.replaceDocument(next);
        taken += 1;
        current = candidate;
        // Taken: every pet kept has every value it had for a property both versions declare.
        const after = new Map(engine.store.list({ limit: Number.POSITIVE_INFINITY }).map(pet => [pet.id, pet]));
        for (const pet of firstBefore as unknown as Json[]) {
          const now = after.get(pet['id']);
          if (!now) continue;
          for (const [name, value] of Object.entries(pet)) if (name in now) expect(now[name], `pet ${String(pet['id'])}.${name} after edit ${String(step)}`).toEqual(value);
        }
        expect(engine.document.firstCollection.resource.name).toBe('pets');
      } catch {
        refused += 1;
        expect(snapshot(engine), `a refused edit (step ${String(step)}) changed the stores`).toBe(before);
        expect(engine.document.firstCollection.resource.name).toBe('pets');
      }
      for (const response of await Promise.all(inFlight)) expect(response.status).toBeLessThan(500);
    }
    expect(refused).toBeGreaterThan(3);
    expect(taken).toBeGreaterThan(3);
  });
});

describe('a new version of another collection’s schema', () => {
  it('is how the stores opened before it keep that collection’s records: a property it adds is kept, a session reset starts from its records', async () => {
    const withOwners = structuredClone(PACKAGE_DOCUMENT);
    withOwners.paths['/owners'] = OWNERS;
    withOwners.components.schemas.Owner = structuredClone(OWNER);
    const engine = await createEngine({ document: withOwners, pets: 3, onWarning: () => undefined });
    const session = { ...AUTH, 'x-petstore-session': 'team' };
    expect((await engine.handle({ method: 'POST', url: '/v1/owners', headers: session, body: JSON.stringify({ email: 'a@example.com' }) })).status).toBe(201);
    const seededBefore = engine.sessions.storesOf('owners')[0]?.size ?? 0;

    const edited = structuredClone(withOwners);
    (schemaOf(edited, 'Owner').properties ?? {})['nickname'] = { type: 'string', maxLength: 20 };
    engine.replaceDocument(await documentFromSource(edited));
    const created = await engine.handle({ method: 'POST', url: '/v1/owners', headers: session, body: JSON.stringify({ email: 'b@example.com', nickname: 'Sam' }) });
    expect(created.status).toBe(201);
    expect(JSON.parse(created.body ?? '{}')).toMatchObject({ email: 'b@example.com', nickname: 'Sam' });
    const listed = JSON.parse((await engine.handle({ method: 'GET', url: '/v1/owners', headers: session })).body ?? '[]') as Json[];
    expect(listed.find(owner => owner['email'] === 'b@example.com')).toMatchObject({ nickname: 'Sam' });
    expect(listed.find(owner => owner['email'] === 'a@example.com')).toBeDefined();

    engine.reset('team');
    const reset = JSON.parse((await engine.handle({ method: 'GET', url: '/v1/owners', headers: session })).body ?? '[]') as Json[];
    expect(reset).toHaveLength(seededBefore - 1);
    expect(reset.every(owner => owner['email'] !== 'a@example.com' && owner['email'] !== 'b@example.com')).toBe(true);
  });
});
