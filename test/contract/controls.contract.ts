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
        const body = await expectError(response, 404, 'pet_not_found', /^Forced by Prefer code=404: the 404 response getPet declares; the mock did not fail/);
        expect(body.message).not.toMatch(/42/);
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

      it('says in the message that a forced error was forced, and marks it in the journal', async () => {
        const forced = await surface().request('GET', '/v1/pets?__code=500', { headers: AUTH });
        const body = await expectError(forced, 500, 'internal_error', /^Forced by __code=500: the 500 response listPets declares; the mock did not fail/);
        expect(body.message).not.toMatch(/see its log/);
        const named = await surface().request('POST', '/v1/pets', { headers: { ...JSON_AUTH, prefer: 'code=400, example=missingName' }, body: '{"name":"Rex","categoryId":1}' });
        await expectError(named, 400, 'invalid_request', /^Forced by Prefer code=400, Prefer example=missingName: Request body is invalid/);
        await surface().request('GET', '/v1/pets', { headers: AUTH });
        expect((await surface().requests()).map(entry => entry.control)).toEqual(['forced', 'forced', null]);
      });

      it('answers 400 naming the examples for a forced 401 with an unknown example, on every operation', async () => {
        for (const [method, path] of [['GET', '/v1/pets'], ['POST', '/v1/pets'], ['GET', '/v1/pets/1'], ['GET', '/v1/store/orders']] as const) {
          const viaHeader = await surface().request(method, path, { headers: { prefer: 'code=401, example=nope' } });
          await expectError(viaHeader, 400, 'invalid_request', /The 401 response of \w+ has the examples missingKey, not "nope"/);
          if (path === '/v1/pets/1') expect(viaHeader.headers.get('sunset')).toBe(SUNSET);
          const viaQuery = await surface().request(method, `${path}?__code=401&__example=nope`, { headers: AUTH });
          await expectError(viaQuery, 400, 'invalid_request', /has the examples missingKey/);
        }
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
        for (const entry of await surface().requests()) expect(entry.control).toBe(entry.status === 200 ? null : 'fault');
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

    describe('requests without valid credentials', () => {
      const KEY = { authorization: 'Bearer secret' };
      const surface = useSurface(createSurface, { seed: 6, pets: 2, apiKeys: ['secret'], maxSessions: 2 });

      it('open, touch and reorder no session, and evict none: 401s and unrouted requests alike', async () => {
        const keep = await createPet(surface(), { name: 'Kept', categoryId: 1 }, withSession('keep', { ...KEY, 'content-type': 'application/json' }));
        expect(keep.headers.get('x-petstore-session-opened')).toBe('new');
        expect((await surface().request('GET', '/v1/pets', { headers: withSession('other', KEY) })).headers.get('x-petstore-session-opened')).toBe('new');
        for (let index = 0; index < 6; index++) {
          expect((await surface().request('GET', '/v1/pets', { headers: withSession(`anonymous-${index}`, {}) })).status).toBe(401);
          expect((await createPet(surface(), { name: 'X', categoryId: 1 }, withSession(`wrong-key-${index}`, { authorization: 'Bearer nope', 'content-type': 'application/json' }))).status).toBe(401);
          expect((await surface().request('GET', '/v1/nowhere', { headers: withSession(`unrouted-${index}`, KEY) })).status).toBe(404);
          // Naming a live session without credentials must not make it the most recently used.
          expect((await surface().request('GET', '/v1/pets', { headers: withSession('keep', {}) })).status).toBe(401);
        }
        const kept = await surface().request('GET', '/v1/pets', { headers: withSession('keep', KEY) });
        expect(kept.headers.get('x-petstore-session-opened')).toBeNull();
        expect(((await kept.json()) as Pet[]).map(pet => pet.name)).toContain('Kept');
        // keep is now the most recently used, other the least: a third session drops other.
        await surface().request('GET', '/v1/pets', { headers: withSession('third', KEY) });
        expect((await surface().request('GET', '/v1/pets', { headers: withSession('other', KEY) })).headers.get('x-petstore-session-opened')).toBe('reopened');
        const anonymous = (await surface().requests()).filter(entry => entry.status === 401);
        expect(anonymous).toHaveLength(18);
        expect(anonymous.every(entry => entry.sessionOpened === null && entry.evictedSession === null)).toBe(true);
      });

      it('tell a session opened afresh by a header, and the journal which session it dropped', async () => {
        for (const id of ['s1', 's2']) await surface().request('GET', '/v1/pets', { headers: withSession(id, KEY) });
        const third = await surface().request('GET', '/v1/pets', { headers: withSession('s3', KEY) });
        expect(third.headers.get('x-petstore-session-opened')).toBe('new');
        const again = await surface().request('GET', '/v1/pets', { headers: withSession('s1', KEY) });
        expect(again.headers.get('x-petstore-session-opened')).toBe('reopened');
        const journal = await surface().requests();
        expect(journal.map(entry => [entry.session, entry.sessionOpened, entry.evictedSession])).toEqual([
          ['s1', 'new', null],
          ['s2', 'new', null],
          ['s3', 'new', 's1'],
          ['s1', 'reopened', 's2'],
        ]);
      });
    });

    describe('faults and delays with an API key', () => {
      const KEY = { authorization: 'Bearer secret' };
      const options: EngineOptions = { seed: 6, pets: 2, apiKeys: ['secret'], faultRate: 0.5, delay: { min: 1, max: 9 } };
      const surface = useSurface(createSurface, options);

      it('answer a request without valid credentials 401, waiting the lower bound, and draw nothing for it', async () => {
        for (let index = 0; index < 10; index++) {
          await expectError(await surface().request('GET', '/v1/pets', { headers: index % 2 === 0 ? {} : { authorization: 'Bearer wrong' } }), 401, 'unauthorized');
        }
        expect((await surface().requests()).map(entry => entry.delay)).toEqual(Array.from({ length: 10 }, () => 1));
        expect(await sequenceOf(surface(), 12, KEY)).toEqual(await expectedSequence(options, 12, KEY));
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
