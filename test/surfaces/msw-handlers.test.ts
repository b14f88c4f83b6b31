import { http } from 'msw';
import { setupServer } from 'msw/node';
import { afterEach, describe, expect, it } from 'vitest';
import { createHandlers, createPetstoreMock, handlers } from '../../src/msw/index.js';
import type { Pet } from '../../src/index.js';

const AUTH = { authorization: 'Bearer test' };
const FALLTHROUGH = 599;
const servers: ReturnType<typeof setupServer>[] = [];

/** Starts MSW with `mockHandlers`, then a catch-all that marks requests the mock did not take. */
function serve(...mockHandlers: Parameters<typeof setupServer>): void {
  const server = setupServer(...mockHandlers, http.all('*', () => new Response(null, { status: FALLTHROUGH })));
  server.listen({ onUnhandledRequest: 'error' });
  servers.push(server);
}

afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

async function listPets(url: string): Promise<Pet[]> {
  const response = await fetch(url, { headers: AUTH });
  expect(response.status).toBe(200);
  return (await response.json()) as Pet[];
}

describe('the MSW handlers', () => {
  it('take only the paths of the operations of a document served at the root of its origin, not every request of every origin', async () => {
    const planet = { type: 'object', required: ['name'], properties: { id: { type: 'integer', readOnly: true }, name: { type: 'string' } } };
    const planets = { content: { 'application/json': { schema: planet } } };
    const document = {
      openapi: '3.1.0',
      info: { title: 'Galaxy', version: '1' },
      servers: [{ url: 'https://galaxy.example.com' }],
      paths: {
        '/planets': { get: { operationId: 'listPlanets', responses: { '200': { description: 'Planets.', content: { 'application/json': { schema: { type: 'array', items: planet } } } } } }, post: { operationId: 'createPlanet', requestBody: planets, responses: { '201': { description: 'Made.', ...planets } } } },
        '/planets/{planetId}': { get: { operationId: 'getPlanet', parameters: [{ name: 'planetId', in: 'path', required: true, schema: { type: 'integer' } }], responses: { '200': { description: 'A planet.', ...planets } } } },
      },
    };
    serve(...createPetstoreMock({ document, pets: 2 }).handlers);
    expect((await fetch('https://galaxy.example.com/planets')).status).toBe(200);
    expect((await fetch('https://anywhere.example.com/planets/1')).status).toBe(200);
    // Neither another path of that origin, nor another origin's, is the mock's.
    expect((await fetch('https://galaxy.example.com/assets/app.js')).status).toBe(FALLTHROUGH);
    expect((await fetch('https://other-api.example.com/users/7')).status).toBe(FALLTHROUGH);
    expect((await fetch('https://galaxy.example.com/planets/1/moons')).status).toBe(FALLTHROUGH);
  });

  it('give each createPetstoreMock call a store of its own', async () => {
    const first = createPetstoreMock({ pets: 2 });
    const second = createPetstoreMock({ pets: 2 });
    first.store.create({ name: 'Only in the first', categoryId: 1 });
    serve(...second.handlers);
    expect(await listPets('https://api.animal-store.example/v1/pets')).toHaveLength(2);
    expect(first.store.size).toBe(3);
  });

  it('let a test seed, read and reset the store', async () => {
    const mock = createPetstoreMock({ initialPets: [{ id: 7, name: 'Seeded', categoryId: 2, status: 'pending' }] });
    serve(...mock.handlers);
    mock.store.create({ name: 'Added', categoryId: 1 });
    expect((await listPets('https://api.animal-store.example/v1/pets')).map(pet => pet.name)).toEqual(['Seeded', 'Added']);
    await fetch('https://api.animal-store.example/v1/pets', { method: 'POST', headers: { ...AUTH, 'content-type': 'application/json' }, body: '{"name":"Posted","categoryId":3}' });
    expect(mock.store.list({ limit: 10 }).map(pet => pet.name)).toEqual(['Seeded', 'Added', 'Posted']);
    mock.reset();
    expect(mock.store.list({ limit: 10 }).map(pet => pet.name)).toEqual(['Seeded']);
  });

  it('answer both deployments and localhost under /v1 by default, and nothing else', async () => {
    serve(...createHandlers({ pets: 1 }));
    for (const origin of ['https://api.animal-store.example', 'https://staging.api.animal-store.example', 'http://localhost:5173']) {
      expect(await listPets(`${origin}/v1/pets`)).toHaveLength(1);
    }
    expect((await fetch('https://api.animal-store.example/v2/pets', { headers: AUTH })).status).toBe(FALLTHROUGH);
    expect((await fetch('https://api.animal-store.example/v10/pets', { headers: AUTH })).status).toBe(FALLTHROUGH);
  });

  it('answer only the given baseUrl, path prefix included', async () => {
    serve(...createHandlers({ pets: 1, baseUrl: 'http://localhost:3000/api/v1' }));
    expect(await listPets('http://localhost:3000/api/v1/pets')).toHaveLength(1);
    const notFound = await fetch('http://localhost:3000/api/v1/pets/99', { headers: AUTH });
    expect(notFound.status).toBe(404);
    expect(notFound.headers.get('link')).toBe('</v1/pets>; rel="successor-version"');
    expect((await fetch('https://api.animal-store.example/v1/pets', { headers: AUTH })).status).toBe(FALLTHROUGH);
  });

  it('name a path they have no operation at, or a method they do not take, under the baseUrl as the client requested it', async () => {
    serve(...createHandlers({ pets: 1, baseUrl: 'http://localhost:3000/api/v1' }));
    const unknown = await fetch('http://localhost:3000/api/v1/owners?limit=2', { headers: AUTH });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({
      code: 'route_not_found',
      message: 'No operation of Animal Store API is at /api/v1/owners; it has GET /api/v1/pets, POST /api/v1/pets, GET /api/v1/pets/{petId}, GET /api/v1/store/orders.',
    });
    expect(((await (await fetch('http://localhost:3000/API/v1', { headers: AUTH })).json()) as { message: string }).message).toMatch(/ is at \/API\/v1; it has GET \/API\/v1\/pets,/);
    const refused = await fetch('http://localhost:3000/api/v1/pets/1', { method: 'DELETE', headers: AUTH });
    expect(await refused.json()).toMatchObject({ code: 'method_not_allowed', message: 'DELETE is not allowed on /api/v1/pets/1; use GET or HEAD.' });
  });

  it('point a request that types the document’s base path again under a base URL without it at the base URL to give', async () => {
    serve(...createHandlers({ pets: 1, baseUrl: 'http://localhost:3000/api' }));
    expect(((await (await fetch('http://localhost:3000/api/v1/pets', { headers: AUTH })).json()) as { message: string }).message).toBe(
      'No operation of Animal Store API is at /api/v1/pets; it has GET /api/pets, POST /api/pets, GET /api/pets/{petId}, GET /api/store/orders. ' +
        "The document's servers put its paths under /v1, and this mock's base URL does not end in it: with a base URL ending in /api/v1, /api/v1/pets is /pets of the document.",
    );
    expect(((await (await fetch('http://localhost:3000/api/v1/owners', { headers: AUTH })).json()) as { message: string }).message).not.toContain("document's servers");
  });

  it('wait the given delay before answering, and none by default', async () => {
    serve(...createHandlers({ pets: 1, delay: 150 }));
    const started = performance.now();
    await listPets('https://api.animal-store.example/v1/pets');
    expect(performance.now() - started).toBeGreaterThanOrEqual(145);
  });

  it('export ready handlers with the default 20 pets', async () => {
    serve(...handlers);
    expect(await listPets('https://api.animal-store.example/v1/pets')).toHaveLength(20);
  });
});
