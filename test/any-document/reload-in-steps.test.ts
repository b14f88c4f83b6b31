import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { createEngine, locateDocument, type MockResponse } from '../../src/index.js';
import { documentFromSource } from '../../src/document/index.js';
import { adoptDocument, recheckRecordsInSteps } from '../../src/engine/document-state.js';
import type { completeRecord } from '../../src/engine/state/collection-records.js';
import { OWNERS_PATHS } from '../support/owners-paths.js';

type Json = Record<string, unknown>;
const AUTH = { authorization: 'Bearer k', 'content-type': 'application/json' };
const PACKAGE_DOCUMENT = parse(readFileSync(locateDocument(), 'utf8')) as { info: Json; paths: Json; components: { schemas: Json } };
const OWNER = { type: 'object', required: ['id', 'email'], properties: { id: { type: 'integer', readOnly: true }, email: { type: 'string', maxLength: 80 } } };
const OWNERS = OWNERS_PATHS;

/** The version the settings say the engine answers by, and whether `/v1/owners` is an operation of it: one answer, one document. */
function versionOf(settings: MockResponse, owners: MockResponse): string {
  const { document } = JSON.parse(settings.body ?? '{}') as { document: { version: string } };
  return `${document.version} ${owners.status === 404 ? 'without owners' : 'with owners'}`;
}

describe('a new document prepared a step at a time', () => {
  it('leaves the old document answering every request until the switch, and the new one every request after it', async () => {
    const engine = await createEngine({ document: structuredClone(PACKAGE_DOCUMENT), pets: 5, onWarning: () => undefined });
    // Records of the first collection in two sessions: the switch checks them against the new Pet.
    for (const session of ['a', 'b']) {
      expect((await engine.handle({ method: 'POST', url: '/v1/pets', headers: { ...AUTH, 'x-petstore-session': session }, body: JSON.stringify({ name: 'Rex', categoryId: 1 }) })).status).toBe(201);
    }
    const edited = structuredClone(PACKAGE_DOCUMENT);
    edited.info['version'] = '2.0.0';
    edited.paths['/owners'] = OWNERS;
    edited.components.schemas['Owner'] = OWNER;
    const next = await documentFromSource(edited);

    const progress = { switched: false };
    const replacing = engine.replaceDocumentInSteps(next).then(change => {
      progress.switched = true;
      return change;
    });
    const before: string[] = [];
    const after: string[] = [];
    // Requests one after another while the new document is prepared, each arriving on a turn of the
    // event loop of its own as a client's would: each answered whole by one document.
    while (after.length < 3) {
      await new Promise(resolve => setImmediate(resolve));
      const [settings, owners] = await Promise.all([
        engine.handle({ method: 'GET', url: '/__admin/settings', headers: AUTH }),
        engine.handle({ method: 'GET', url: '/v1/owners', headers: AUTH }),
      ]);
      (progress.switched ? after : before).push(versionOf(settings, owners));
    }
    const change = await replacing;
    // Answered before the switch finished: the preparation yields to requests (counted, not timed).
    expect(before.length).toBeGreaterThan(2);
    expect(new Set(before)).toEqual(new Set([`${String(PACKAGE_DOCUMENT.info['version'])} without owners`]));
    expect(new Set(after)).toEqual(new Set(['2.0.0 with owners']));
    expect(change.added).toEqual(['GET /owners (listOwners)', 'POST /owners (createOwner)']);
    expect(engine.sessions.stores().map(store => store.size)).toEqual([5, 6, 6]);
  });

  it('changes nothing when the new document is refused at the switch, and answers by the old one throughout', async () => {
    const engine = await createEngine({ document: structuredClone(PACKAGE_DOCUMENT), pets: 5, defaultStatus: 'pending', onWarning: () => undefined });
    const edited = structuredClone(PACKAGE_DOCUMENT) as { info: Json; paths: Json; components: { schemas: Record<string, { enum?: unknown[] }> } };
    edited.info['version'] = '3.0.0';
    // The default status the mock was started with is no longer a status: the document cannot be answered by.
    const status = edited.components.schemas['PetStatus'];
    if (status?.enum === undefined) throw new Error('The package document has no PetStatus enum to edit.');
    status.enum = status.enum.filter(value => value !== 'pending');
    await expect(engine.replaceDocumentInSteps(await documentFromSource(edited))).rejects.toThrow(/pending/);
    const settings = JSON.parse((await engine.handle({ method: 'GET', url: '/__admin/settings', headers: AUTH })).body ?? '{}') as { document: { version: string } };
    expect(settings.document.version).toBe(PACKAGE_DOCUMENT.info['version']);
    expect(engine.store.size).toBe(5);
  });
});

describe("a new document's check of every record the stores hold, a record at a time before the switch", () => {
  /** The package's document with a pet's name (sent and stored) at most `maxLength` characters. */
  async function withNamesUpTo(maxLength: number): ReturnType<typeof documentFromSource> {
    const edited = structuredClone(PACKAGE_DOCUMENT);
    for (const schema of ['NewPet', 'Pet']) (edited.components.schemas[schema] as { properties: { name: Json } }).properties.name['maxLength'] = maxLength;
    return documentFromSource(edited);
  }

  it('yields between records, and the switch checks again each record written since: a name made too long meanwhile is refused', async () => {
    const engine = await createEngine({ document: structuredClone(PACKAGE_DOCUMENT), pets: 6, seed: 3, onWarning: () => undefined });
    const next = await withNamesUpTo(30);
    const steps = recheckRecordsInSteps(engine.sessions, next, { seed: 3, now: new Date(0) });
    let yields = 0;
    let done = steps.next();
    for (; done.done !== true; done = steps.next()) yields += 1;
    expect(yields).toBe(6);
    const rechecked = done.value;
    // Written after its check: a name the new document refuses.
    const [kept] = engine.store.list({ limit: 100 }).filter(pet => String(pet['name']).length <= 30);
    if (kept === undefined) throw new Error('The seed gave no pet a short name.');
    engine.store.update({ ...kept, name: 'Maximilian Fitzgerald the Third of Barkshire' });
    const change = adoptDocument(engine.sessions, next, { defaultStatus: undefined, initialPets: engine.sessions.initialPets, seed: 3, now: new Date(0), previous: engine.document, rechecked });
    expect(change.refusedPets.map(refused => refused.id)).toContain(kept['id']);
    expect(engine.store.get(kept['id'] as number)).toBeUndefined();
  });

  it('takes the verdict made before the switch for a record not written since', async () => {
    const engine = await createEngine({ document: structuredClone(PACKAGE_DOCUMENT), pets: 3, seed: 3, onWarning: () => undefined });
    const next = await withNamesUpTo(255);
    const rechecked = new WeakMap<object, ReturnType<typeof completeRecord>>();
    const [pet] = engine.store.view({ limit: 1 });
    if (pet === undefined) throw new Error('No pet seeded.');
    rechecked.set(pet, { problem: 'refused before the switch' });
    const change = adoptDocument(engine.sessions, next, { defaultStatus: undefined, initialPets: engine.sessions.initialPets, seed: 3, now: new Date(0), previous: engine.document, rechecked });
    expect(change.refusedPets).toEqual([{ session: null, id: pet['id'], problem: 'refused before the switch' }]);
  });
});
