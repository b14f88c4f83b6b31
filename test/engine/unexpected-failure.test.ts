import { describe, expect, it } from 'vitest';
import { createEngine, createMockServer, createPetStore, type NewPet, type RecordStore } from '../../src/index.js';

/** A store whose listing breaks, as a bug would: both ways of reading a page (`view` answers GET /pets, `list` hands out copies). */
function brokenStore(): RecordStore {
  const store = createPetStore();
  const explode = (): never => {
    throw new Error('store exploded');
  };
  return { ...store, list: explode, view: explode, get size() { return store.size; } };
}

describe('an unexpected failure', () => {
  it('answers 500 internal_error with an Error body and reports the failure', async () => {
    const reported: unknown[] = [];
    const engine = await createEngine({ store: brokenStore(), onError: (message, error) => reported.push([message, error]) });
    const response = await engine.handle({ method: 'GET', url: '/v1/pets', headers: { authorization: 'Bearer k' } });
    expect(response.status).toBe(500);
    expect(JSON.parse(response.body ?? '')).toEqual({ code: 'internal_error', message: 'The mock failed unexpectedly; see its log.', status: 500 });
    expect(reported).toHaveLength(1);
    expect((reported[0] as [string, Error])[1].message).toBe('store exploded');
  });

  it('stores nothing when the failure comes after the write: the created pet is taken back', async () => {
    const store = createPetStore();
    const createThenFail = (newPet: NewPet): never => {
      store.create(newPet);
      throw new Error('failed after the write');
    };
    const failingAfterWrite: RecordStore = { ...store, create: createThenFail, get size() { return store.size; } };
    const engine = await createEngine({ store: failingAfterWrite, onError: () => undefined });
    const before = store.list({ limit: 100 });
    const response = await engine.handle({ method: 'POST', url: '/v1/pets', headers: { authorization: 'Bearer k', 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Rex', categoryId: 1 }) });
    expect(response.status).toBe(500);
    expect(store.list({ limit: 100 })).toEqual(before);
  });

  it('leaves the HTTP server answering', async () => {
    const server = await createMockServer({ port: 0, store: brokenStore(), onError: () => undefined });
    try {
      expect((await fetch(`${server.url}/pets`, { headers: { authorization: 'Bearer k' } })).status).toBe(500);
      expect((await fetch(`${server.url}/pets/1`, { headers: { authorization: 'Bearer k' } })).status).toBe(404);
      expect((await fetch(`${server.origin}/__admin/health`)).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});
