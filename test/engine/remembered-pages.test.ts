import { decodeBodyOnUse } from '../../src/engine/http/index.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadDocument, type PetstoreDocument } from '../../src/document/index.js';
import { createEngine } from '../../src/engine/index.js';
import type { RequestContext } from '../../src/engine/operations/index.js';
import { rememberAnswers } from '../../src/engine/pipeline/remembered-answers.js';
import type { MockResponse } from '../../src/engine/types.js';
import { createPetStore, type RecordStore } from '../../src/store/index.js';
import { buildPets } from '../../src/fixtures/index.js';

let document: PetstoreDocument;
beforeAll(async () => {
  document = await loadDocument();
});

function contextOf(store: RecordStore, operationId?: string): RequestContext {
  const context: RequestContext = {
    body: decodeBodyOnUse(undefined, undefined, false),
    sessionId: undefined,
    enterSession: () => (context.session ??= { session: { store } as NonNullable<RequestContext['session']>['session'] }),
    controls: {},
    delay: 0,
    control: null,
    problems: [],
    ...(operationId !== undefined && { operationId }),
  };
  return context;
}

const ok = (body: string): MockResponse => ({ status: 200, headers: { 'content-type': 'application/json' }, body });
const conditions = { overridesExist: () => false, drawsPerRequest: false, clock: () => new Date('2026-11-23T00:00:00Z') };

/** Keeps the answer of a list whose page the store just gave (`limit`), as the engine does right after the responder read it. */
function keepPage(answers: ReturnType<typeof rememberAnswers>, store: RecordStore, key: string, limit: number): void {
  const page = store.view({ limit });
  const context = contextOf(store, 'listPets');
  context.enterSession();
  // Asked twice: the first holds the key, the second the answer.
  answers.keep(key, context, ok(JSON.stringify(page)));
  answers.keep(key, context, ok(JSON.stringify(page)));
}

describe('remembered answers across creates', () => {
  it('gives a full page and a read again after a create, which adds a pet after them, but not a page that had room for it', () => {
    const store = createPetStore({ initialPets: buildPets(5) });
    const answers = rememberAnswers(document, conditions);
    keepPage(answers, store, 'GET /pets?limit=3', 3);
    keepPage(answers, store, 'GET /pets?limit=10', 10);
    const read = contextOf(store, 'getPet');
    read.enterSession();
    answers.keep('GET /pets/2', read, ok(JSON.stringify(store.get(2))));
    answers.keep('GET /pets/2', read, ok(JSON.stringify(store.get(2))));
    store.create({ name: 'New', categoryId: 1 });
    expect(answers.recall('GET /pets?limit=3', contextOf(store))?.body).toBe(JSON.stringify(store.view({ limit: 3 })));
    expect(answers.recall('GET /pets/2', contextOf(store))?.body).toBe(JSON.stringify(store.get(2)));
    expect(answers.recall('GET /pets?limit=10', contextOf(store))).toBeUndefined();
  });

  it('gives none of them after an update, a removal or a reset', () => {
    for (const change of [(store: RecordStore) => store.update({ id: 1, name: 'Changed', categoryId: 1 }), (store: RecordStore) => store.remove(2), (store: RecordStore) => store.reset()]) {
      const store = createPetStore({ initialPets: buildPets(5) });
      const answers = rememberAnswers(document, conditions);
      keepPage(answers, store, 'GET /pets?limit=3', 3);
      const read = contextOf(store, 'getPet');
      read.enterSession();
      answers.keep('GET /pets/3', read, ok(JSON.stringify(store.get(3))));
      answers.keep('GET /pets/3', read, ok(JSON.stringify(store.get(3))));
      change(store);
      expect(answers.recall('GET /pets?limit=3', contextOf(store))).toBeUndefined();
      expect(answers.recall('GET /pets/3', contextOf(store))).toBeUndefined();
    }
  });

  it('gives nothing after any change for a store that counts no rewrites (one made elsewhere)', () => {
    const real = createPetStore({ initialPets: buildPets(5) });
    const store = { view: (query: Parameters<RecordStore['view']>[0]) => real.view(query), get revision() { return real.revision; } } as unknown as RecordStore;
    const answers = rememberAnswers(document, conditions);
    const read = contextOf(store, 'getPet');
    read.enterSession();
    answers.keep('GET /pets/3', read, ok('{}'));
    answers.keep('GET /pets/3', read, ok('{}'));
    real.create({ name: 'New', categoryId: 1 });
    expect(answers.recall('GET /pets/3', contextOf(store))).toBeUndefined();
  });

  it('answers every list and read through the engine as the store holds them, creates in between', async () => {
    const engine = await createEngine();
    const get = async (url: string): Promise<unknown> => JSON.parse((await engine.handle({ method: 'GET', url, headers: { authorization: 'Bearer t' } })).body ?? '');
    const lists = ['/v1/pets?limit=5', '/v1/pets?limit=5&status=available', '/v1/pets?limit=100', '/v1/pets?limit=100&status=sold', '/v1/pets/4'];
    for (let round = 0; round < 4; round++) {
      for (const url of lists) await get(url);
      const created = await engine.handle({ method: 'POST', url: '/v1/pets', headers: { authorization: 'Bearer t', 'content-type': 'application/json' }, body: JSON.stringify({ name: `New ${round}`, categoryId: 1, status: 'sold' }) });
      expect(created.status).toBe(201);
      expect(await get('/v1/pets?limit=5')).toEqual(engine.store.view({ limit: 5 }));
      expect(await get('/v1/pets?limit=5&status=available')).toEqual(engine.store.view({ limit: 5, status: 'available' }));
      expect(await get('/v1/pets?limit=100')).toEqual(engine.store.view({ limit: 100 }));
      expect(await get('/v1/pets?limit=100&status=sold')).toEqual(engine.store.view({ limit: 100, status: 'sold' }));
      expect(await get('/v1/pets/4')).toEqual(engine.store.get(4));
    }
    engine.store.update({ id: 4, name: 'Renamed', categoryId: 2 });
    expect(await get('/v1/pets/4')).toMatchObject({ name: 'Renamed' });
    expect(await get('/v1/pets?limit=5')).toEqual(engine.store.view({ limit: 5 }));
  });
});
