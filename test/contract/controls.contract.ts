import { describe, expect, it } from 'vitest';
import { createEngine, type ApiError, type EngineOptions, type Pet } from '../../src/index.js';
import { AUTH, createPet, expectError, JSON_AUTH, listAll, SUCCESSOR_LINK, SUNSET, useSurface } from './contract-helpers.js';
import type { CreateSurface, Surface } from './surface.js';

const SESSION = 'x-petstore-session';

function withSession(id: string, headers: Record<string, string> = AUTH): Record<string, string> {
  return { ...headers, [SESSION]: id };
}

/** Statuses and journal delays of `count` listPets requests, in order. */
async function sequenceOf(surface: Surface, count: number, headers: Record<string, string> = AUTH): Promise<{ statuses: number[]; delays: number[] }> {
  const statuses: number[] = [];
  for (let index = 0; index < count; index++) statuses.push((await surface.request('GET', '/v1/pets?limit=1', { headers })).status);
  const journal = await surface.requests(headers[SESSION]);
  return { statuses, delays: journal.slice(-count).map(entry => entry.delay) };
}

/** The same requests answered by an engine in this process: what every surface must match. */
async function expectedSequence(options: EngineOptions, count: number, headers: Record<string, string> = AUTH): Promise<{ statuses: number[]; delays: number[] }> {
  const engine = await createEngine(options);
  const statuses: number[] = [];
  const delays: number[] = [];
  for (let index = 0; index < count; index++) {
    const response = await engine.handle({ method: 'GET', url: '/v1/pets?limit=1', headers });
    statuses.push(response.status);
    delays.push(response.delay ?? 0);
  }
  return { statuses, delays };
}

/** Forced responses, sessions, the journal, latency, faults and the clock, the same on every surface. */
export function describeControlsContract(surfaceName: string, createSurface: CreateSurface): void {
  describe(`the mock's controls through ${surfaceName}`, () => {
    describe('forced responses, the Prism way', () => {
      const surface = useSurface(createSurface, { seed: 1, pets: 20, validateResponses: true });

      it('answers the declared 404 for Prefer: code=404, with the deprecation headers', async () => {
        const response = await surface().request('GET', '/v1/pets/1', { headers: { ...AUTH, prefer: 'code=404' } });
        await expectError(response, 404, 'pet_not_found', /No pet has id 42/);
        expect(response.headers.get('sunset')).toBe(SUNSET);
        expect(response.headers.get('link')).toBe(SUCCESSOR_LINK);
      });

      it('takes the query fallbacks __code, __example and __dynamic', async () => {
        await expectError(await surface().request('GET', '/v1/pets?__code=500', { headers: AUTH }), 500, 'internal_error');
        const example = await surface().request('GET', '/v1/pets?__example=twoPets', { headers: AUTH });
        expect(((await example.json()) as Pet[]).map(pet => pet.name)).toEqual(['Bella', 'Milo']);
        const dynamic = await surface().request('GET', '/v1/pets/1?__dynamic=true', { headers: AUTH });
        expect(dynamic.status).toBe(200);
        expect(Object.keys((await dynamic.json()) as Pet)).toEqual(expect.arrayContaining(['id', 'name', 'categoryId']));
      });

      it('answers the named example for Prefer: example=<name>', async () => {
        const response = await surface().request('GET', '/v1/pets', { headers: { ...AUTH, prefer: 'example=twoPets' } });
        expect(response.status).toBe(200);
        expect(await response.json()).toEqual([
          { id: 1, name: 'Bella', categoryId: 1, status: 'available' },
          { id: 2, name: 'Milo', categoryId: 2, status: 'sold' },
        ]);
      });

      it('answers 400 naming the declared codes when the forced code is not declared', async () => {
        const response = await surface().request('GET', '/v1/pets', { headers: { ...AUTH, prefer: 'code=418' } });
        await expectError(response, 400, 'invalid_request', /Cannot force 418: listPets declares 200, 400, 401, 500, 503/);
      });

      it('answers 400 naming the examples when the forced example does not exist', async () => {
        const response = await surface().request('GET', '/v1/pets', { headers: { ...AUTH, prefer: 'example=threePets' } });
        await expectError(response, 400, 'invalid_request', /has the examples twoPets, not "threePets"/);
      });

      it('answers 400 naming the preference when a value is malformed', async () => {
        await expectError(await surface().request('GET', '/v1/pets', { headers: { ...AUTH, prefer: 'code=abc' } }), 400, 'invalid_request', /Prefer code must be a three-digit HTTP status/);
        await expectError(await surface().request('GET', '/v1/pets?__dynamic=maybe', { headers: AUTH }), 400, 'invalid_request', /__dynamic must be true or false/);
        await expectError(await surface().request('GET', '/v1/pets', { headers: { ...AUTH, prefer: 'delay=-5' } }), 400, 'invalid_request', /Prefer delay must be a whole number of milliseconds/);
      });

      it('still checks credentials, unless the forced code is 401', async () => {
        const anonymous = await surface().request('GET', '/v1/pets/1', { headers: { prefer: 'code=404' } });
        await expectError(anonymous, 401, 'unauthorized');
        const forced = await surface().request('GET', '/v1/pets', { headers: { ...AUTH, prefer: 'code=401' } });
        await expectError(forced, 401, 'unauthorized');
        expect(forced.headers.get('www-authenticate')).toMatch(/^Bearer realm=/);
      });

      it('answers a request the document rejects with its error, not the forced response', async () => {
        const response = await surface().request('GET', '/v1/pets?limit=0', { headers: { ...AUTH, prefer: 'code=200' } });
        await expectError(response, 400, 'invalid_request', /limit/);
      });

      it('generates a seeded body for Prefer: dynamic=true: the same seed gives the same body', async () => {
        const body = async (prefer: string): Promise<unknown> => (await surface().request('GET', '/v1/pets/3', { headers: { ...AUTH, prefer } })).json();
        const first = await body('dynamic=true');
        expect(await body('dynamic=true')).toEqual(first);
        expect(await body('dynamic=true, seed=other')).not.toEqual(first);
        expect(await body('dynamic=true; seed=other')).toEqual(await body('dynamic=true, seed=other'));
      });

      it('gives a generated error body exactly the Error fields, with the status answered', async () => {
        const response = await surface().request('GET', '/v1/pets', { headers: { ...AUTH, prefer: 'code=400, dynamic=true' } });
        const body = (await response.json()) as ApiError;
        expect(Object.keys(body).sort()).toEqual(['code', 'message', 'status']);
        expect(body.status).toBe(400);
      });

      it('stores nothing for a forced 201, and points Location at the example', async () => {
        const response = await createPet(surface(), { name: 'Forced', categoryId: 1 }, { ...JSON_AUTH, prefer: 'code=201' });
        expect(response.status).toBe(201);
        expect(response.headers.get('location')).toBe('/v1/pets/21');
        expect(await response.json()).toEqual({ id: 21, name: 'Bella', categoryId: 1, status: 'available' });
        expect(await listAll(surface())).toHaveLength(20);
      });

      it('answers a forced 503 with Retry-After', async () => {
        const response = await surface().request('GET', '/v1/pets', { headers: { ...AUTH, prefer: 'code=503' } });
        await expectError(response, 503, 'service_unavailable');
        expect(response.headers.get('retry-after')).toBe('1');
      });
    });

    describe('sessions', () => {
      const surface = useSurface(createSurface, { seed: 4, pets: 3 });

      it('keeps the pets of one session out of every other session and the default store', async () => {
        const created = await createPet(surface(), { name: 'OnlyInA', categoryId: 1 }, withSession('shard-a', JSON_AUTH));
        expect(created.status).toBe(201);
        expect(((await created.json()) as Pet).id).toBe(4);
        expect((await listAll(surface(), '', withSession('shard-a'))).map(pet => pet.name)).toContain('OnlyInA');
        expect(await listAll(surface(), '', withSession('shard-b'))).toHaveLength(3);
        expect(await listAll(surface())).toHaveLength(3);
      });

      it('opens a session from the seed: its pets are the default store’s seeded ones', async () => {
        expect(await listAll(surface(), '', withSession('fresh'))).toEqual(await listAll(surface()));
      });

      it('resets one session without touching the others, and everything without a session', async () => {
        await createPet(surface(), { name: 'A', categoryId: 1 }, withSession('a', JSON_AUTH));
        await createPet(surface(), { name: 'B', categoryId: 1 }, withSession('b', JSON_AUTH));
        await createPet(surface(), { name: 'Default', categoryId: 1 });
        await surface().reset('a');
        expect(await listAll(surface(), '', withSession('a'))).toHaveLength(3);
        expect(await listAll(surface(), '', withSession('b'))).toHaveLength(4);
        expect(await listAll(surface())).toHaveLength(4);
        await surface().reset();
        expect(await listAll(surface(), '', withSession('b'))).toHaveLength(3);
        expect(await listAll(surface())).toHaveLength(3);
      });

      it('answers 400 naming the header when a session id is malformed', async () => {
        const response = await surface().request('GET', '/v1/pets', { headers: withSession('not a valid id!') });
        await expectError(response, 400, 'invalid_request', /X-Petstore-Session must be 1 to 128 letters/);
      });
    });

    describe('the request journal', () => {
      const surface = useSurface(createSurface, { seed: 1, pets: 5 });

      it('lists each request with its method, path, operation, status, session, problems and time, oldest first', async () => {
        const before = Date.now();
        await surface().request('GET', '/v1/pets?limit=2', { headers: AUTH });
        await surface().request('GET', '/v1/pets?limit=500', { headers: withSession('journal-1') });
        await surface().request('GET', '/v1/nowhere', { headers: AUTH });
        const [listed, invalid, unrouted, ...rest] = await surface().requests();
        expect(rest).toEqual([]);
        expect(listed).toMatchObject({ method: 'GET', path: '/v1/pets?limit=2', operationId: 'listPets', status: 200, session: null, problems: [], delay: 0 });
        expect(invalid).toMatchObject({ path: '/v1/pets?limit=500', operationId: 'listPets', status: 400, session: 'journal-1' });
        expect(invalid?.problems).toEqual([{ path: 'query.limit', message: expect.stringMatching(/100/) as string }]);
        expect(unrouted).toMatchObject({ path: '/v1/nowhere', operationId: null, status: 404 });
        expect(Date.parse(listed?.time ?? '')).toBeGreaterThanOrEqual(before - 1_000);
      });

      it('lists one session’s requests when asked, and leaves admin requests out', async () => {
        await surface().request('GET', '/v1/pets', { headers: withSession('journal-2') });
        await surface().request('GET', '/v1/pets', { headers: AUTH });
        expect((await surface().requests('journal-2')).map(entry => entry.session)).toEqual(['journal-2']);
        expect(await surface().requests()).toHaveLength(2);
      });

      it('is emptied by a reset', async () => {
        await surface().request('GET', '/v1/pets', { headers: AUTH });
        await surface().reset();
        expect(await surface().requests()).toEqual([]);
      });
    });

    describe('seeded latency and faults', () => {
      const options: EngineOptions = { seed: 3, pets: 2, delay: { min: 5, max: 30 }, faultRate: 0.5, journalSize: 12 };
      const surface = useSurface(createSurface, options);

      it('answers the share of faults with 500 or 503 Error bodies, 503 with Retry-After', async () => {
        const seen = new Set<number>();
        for (let index = 0; index < 12; index++) {
          const response = await surface().request('GET', '/v1/pets', { headers: AUTH });
          seen.add(response.status);
          if (response.status === 503) expect(response.headers.get('retry-after')).toBe('1');
          if (response.status !== 200) await expectError(response, response.status, response.status === 503 ? 'service_unavailable' : 'internal_error', /injected fault/);
        }
        expect([...seen].sort()).toEqual([200, 500, 503]);
      });

      it('draws the same faults and delays for the same seed, on every surface and after a reset', async () => {
        const expected = await expectedSequence(options, 12);
        const first = await sequenceOf(surface(), 12);
        expect(first).toEqual(expected);
        expect(first.delays.every(delay => delay >= 5 && delay <= 30)).toBe(true);
        expect(new Set(first.delays).size).toBeGreaterThan(1);
        await surface().reset();
        expect(await sequenceOf(surface(), 12)).toEqual(expected);
      });

      it('gives each session its own seeded stream', async () => {
        const headers = withSession('stream-1');
        const expected = await expectedSequence(options, 8, headers);
        await sequenceOf(surface(), 5);
        expect(await sequenceOf(surface(), 8, headers)).toEqual(expected);
      });

      it('never faults a forced response, and holds it back as Prefer: delay= asks', async () => {
        for (let index = 0; index < 8; index++) {
          const response = await surface().request('GET', '/v1/pets', { headers: { ...AUTH, prefer: 'code=200, delay=40' } });
          expect(response.status).toBe(200);
        }
        expect((await surface().requests()).map(entry => entry.delay)).toEqual(Array.from({ length: 8 }, () => 40));
      });

      it('waits at least the delay before answering', async () => {
        const started = performance.now();
        await surface().request('GET', '/v1/pets', { headers: { ...AUTH, prefer: 'code=200, delay=150' } });
        expect(performance.now() - started).toBeGreaterThanOrEqual(140);
      });

      it('keeps only the last journalSize requests', async () => {
        for (let index = 0; index < 15; index++) await surface().request('GET', `/v1/pets?limit=${index + 1}`, { headers: { ...AUTH, prefer: 'delay=0' } });
        const paths = (await surface().requests()).map(entry => entry.path);
        expect(paths).toHaveLength(12);
        expect(paths[0]).toBe('/v1/pets?limit=4');
        expect(paths.at(-1)).toBe('/v1/pets?limit=15');
      });
    });

    describe('after the sunset of getPet, with bounded sessions and stores', () => {
      const surface = useSurface(createSurface, { seed: 2, pets: 20, now: '2031-01-01T00:00:00Z', maxSessions: 2, maxPets: 21, validateResponses: true });

      it('answers getPet with 410 operation_sunset and the Link to its replacement', async () => {
        const response = await surface().request('GET', '/v1/pets/1', { headers: AUTH });
        await expectError(response, 410, 'operation_sunset', /removed on Thu, 05 Dec 2030.*use GET \/v1\/pets instead/);
        expect(response.headers.get('link')).toBe(SUCCESSOR_LINK);
        expect(response.headers.get('sunset')).toBe(SUNSET);
        expect((await surface().request('GET', '/v1/pets', { headers: AUTH })).status).toBe(200);
      });

      it('answers 507 store_full past maxPets, and stores nothing', async () => {
        expect((await createPet(surface(), { name: 'Last', categoryId: 1 })).status).toBe(201);
        await expectError(await createPet(surface(), { name: 'TooMany', categoryId: 1 }), 507, 'store_full', /holds 21 pets/);
        expect(await listAll(surface())).toHaveLength(21);
      });

      it('drops the least recently used session once maxSessions are alive', async () => {
        await createPet(surface(), { name: 'InA', categoryId: 1 }, withSession('a', JSON_AUTH));
        await createPet(surface(), { name: 'InB', categoryId: 1 }, withSession('b', JSON_AUTH));
        await listAll(surface(), '', withSession('a'));
        await listAll(surface(), '', withSession('c'));
        expect(await listAll(surface(), '', withSession('a'))).toHaveLength(21);
        expect(await listAll(surface(), '', withSession('b'))).toHaveLength(20);
      });
    });
  });
}
