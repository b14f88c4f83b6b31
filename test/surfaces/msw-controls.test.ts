import * as msw from 'msw';
import { setupServer } from 'msw/node';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPetstoreMock } from '../../src/msw/index.js';
import type { Pet } from '../../src/index.js';

// The handlers must wait with MSW's own delay(), which MSW users know and can reason about.
vi.mock('msw', async importOriginal => {
  const original = await importOriginal<typeof msw>();
  return { ...original, delay: vi.fn(original.delay) };
});

const AUTH = { authorization: 'Bearer test' };
const BASE = 'https://api.animal-store.example/v1';
const servers: ReturnType<typeof setupServer>[] = [];

function serve(mock: ReturnType<typeof createPetstoreMock>): void {
  const server = setupServer(...mock.handlers);
  server.listen({ onUnhandledRequest: 'error' });
  servers.push(server);
}

afterEach(() => {
  for (const server of servers.splice(0)) server.close();
  vi.mocked(msw.delay).mockClear();
});

describe('the MSW side of the controls', () => {
  it('opens a session whose headers keep a test’s pets to itself', async () => {
    const mock = createPetstoreMock({ pets: 2 });
    serve(mock);
    const session = mock.openSession();
    expect(session.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(session.headers).toEqual({ 'x-petstore-session': session.id });
    const created = await fetch(`${BASE}/pets`, {
      method: 'POST',
      headers: { ...AUTH, ...session.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Mine', categoryId: 1 }),
    });
    expect(created.status).toBe(201);
    expect(session.store.size).toBe(3);
    expect(mock.store.size).toBe(2);
    expect(session.requests().map(entry => entry.operationId)).toEqual(['createPet']);
    session.reset();
    expect(session.store.size).toBe(2);
    expect(session.requests()).toEqual([]);
  });

  it('opens a session by a chosen id, the same one a header names', async () => {
    const mock = createPetstoreMock({ pets: 1 });
    serve(mock);
    mock.openSession('worker-3').store.create({ name: 'Arranged', categoryId: 1 });
    const pets = (await (await fetch(`${BASE}/pets`, { headers: { ...AUTH, 'x-petstore-session': 'worker-3' } })).json()) as Pet[];
    expect(pets.map(pet => pet.name)).toContain('Arranged');
  });

  it('lists the requests in-process and clears them', async () => {
    const mock = createPetstoreMock();
    serve(mock);
    await fetch(`${BASE}/pets?limit=1`, { headers: AUTH });
    expect(mock.requests()).toMatchObject([{ method: 'GET', path: '/v1/pets?limit=1', status: 200, operationId: 'listPets' }]);
    mock.clearRequests();
    expect(mock.requests()).toEqual([]);
  });

  it('waits with MSW’s delay() for the seeded delay', async () => {
    const mock = createPetstoreMock({ delay: 30 });
    serve(mock);
    await fetch(`${BASE}/pets`, { headers: AUTH });
    expect(vi.mocked(msw.delay)).toHaveBeenCalledWith(30);
  });

  it('calls no delay() at all when none is set', async () => {
    const mock = createPetstoreMock();
    serve(mock);
    await fetch(`${BASE}/pets`, { headers: AUTH });
    expect(vi.mocked(msw.delay)).not.toHaveBeenCalled();
  });
});
