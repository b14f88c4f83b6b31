import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Har, JournalEntry, Pet } from '../../src/index.js';
import { findHarProblems } from '../support/har-structure.js';
import { useSurface } from './contract-helpers.js';
import type { CreateSurface, Surface } from './surface.js';

const AUTH = { authorization: 'Bearer test-key' };
const ADMIN_TOKEN = 'admin-secret';
const ADMIN = { authorization: `Bearer ${ADMIN_TOKEN}` };
const TRUSTED_ORIGIN = 'http://localhost:5173';
const FOREIGN_ORIGIN = 'https://evil.example';

/** The admin endpoints outside `/v1`, on the surfaces that serve HTTP (server, container). */
export function describeAdminContract(surfaceName: string, createSurface: CreateSurface): void {
  describe(`the admin endpoints through ${surfaceName}`, () => {
    let surface: Surface;
    beforeAll(async () => {
      surface = await createSurface({ seed: 5, pets: 4, adminOrigins: [TRUSTED_ORIGIN] });
    });
    afterAll(async () => {
      await surface.close();
    });

    it('answers GET /__admin/health with 200, without a bearer token', async () => {
      const response = await surface.request('GET', '/__admin/health');
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ status: 'ok' });
    });

    it('puts the store back to its seeded pets on POST /__admin/reset', async () => {
      const seeded = (await (await surface.request('GET', '/v1/pets', { headers: AUTH })).json()) as Pet[];
      await surface.request('POST', '/v1/pets', { headers: { ...AUTH, 'content-type': 'application/json' }, body: '{"name":"Temp","categoryId":1}' });
      expect((await (await surface.request('GET', '/v1/pets', { headers: AUTH })).json()) as Pet[]).toHaveLength(5);
      const reset = await surface.request('POST', '/__admin/reset');
      expect(reset.status).toBe(204);
      expect(await (await surface.request('GET', '/v1/pets', { headers: AUTH })).json()).toEqual(seeded);
    });

    it('lists the journal on GET /__admin/requests with its capacity, and empties it on DELETE', async () => {
      await surface.request('GET', '/v1/pets?limit=1', { headers: AUTH });
      const listed = await surface.request('GET', '/__admin/requests');
      expect(listed.status).toBe(200);
      const { requests, capacity } = (await listed.json()) as { requests: JournalEntry[]; capacity: number };
      expect(capacity).toBe(1000);
      expect(requests.at(-1)).toMatchObject({ method: 'GET', path: '/v1/pets?limit=1', status: 200 });
      expect((await surface.request('DELETE', '/__admin/requests')).status).toBe(204);
      expect(((await (await surface.request('GET', '/__admin/requests')).json()) as { requests: JournalEntry[] }).requests).toEqual([]);
    });

    it('gives the journal as a HAR 1.2 download on GET /__admin/requests.har, narrowed by the session header', async () => {
      await surface.request('GET', '/v1/pets?limit=1', { headers: { ...AUTH, 'x-petstore-session': 'har-contract' } });
      const response = await surface.request('GET', '/__admin/requests.har', { headers: { 'x-petstore-session': 'har-contract' } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-disposition')).toBe('attachment; filename="petstore-mock.har"');
      const har = (await response.json()) as Har;
      expect(findHarProblems(har)).toEqual([]);
      expect(har.log.entries.map(entry => [entry.request.url, entry.response.status, entry._session])).toEqual([[`${surface.origin ?? ''}/v1/pets?limit=1`, 200, 'har-contract']]);
      expect(JSON.stringify(har)).not.toContain('test-key');
    });

    it('answers a trusted origin’s preflight to an admin endpoint, allowing its methods and the session header', async () => {
      const response = await surface.request('OPTIONS', '/__admin/requests', {
        headers: { origin: TRUSTED_ORIGIN, 'access-control-request-method': 'DELETE', 'access-control-request-headers': 'x-petstore-session' },
      });
      expect(response.status).toBe(204);
      expect(response.headers.get('access-control-allow-origin')).toBe(TRUSTED_ORIGIN);
      expect(response.headers.get('access-control-allow-methods')).toBe('GET, POST, PUT, DELETE');
      expect(response.headers.get('access-control-allow-headers')).toContain('x-petstore-session');
    });

    it('refuses another site’s page: no journal read, no reset, no preflight, its origin never echoed', async () => {
      await surface.request('POST', '/v1/pets', { headers: { ...AUTH, 'content-type': 'application/json' }, body: '{"name":"Kept","categoryId":1}' });
      const attempts = [
        surface.request('GET', '/__admin/requests', { headers: { origin: FOREIGN_ORIGIN } }),
        surface.request('POST', '/__admin/reset', { headers: { origin: FOREIGN_ORIGIN, 'content-type': 'text/plain' }, body: 'x' }),
        surface.request('DELETE', '/__admin/requests', { headers: { origin: 'null' } }),
        surface.request('PUT', '/__admin/state', { headers: { origin: FOREIGN_ORIGIN, 'content-type': 'text/plain' }, body: '{"pets":[]}' }),
        surface.request('POST', '/__admin/overrides', { headers: { origin: FOREIGN_ORIGIN, 'content-type': 'text/plain' }, body: '{"operationId":"listPets","status":503}' }),
        surface.request('OPTIONS', '/__admin/reset', { headers: { origin: FOREIGN_ORIGIN, 'access-control-request-method': 'POST' } }),
        // A cross-site <img> or <script> sends no Origin, but Sec-Fetch-Site.
        surface.request('GET', '/__admin/requests', { headers: { 'sec-fetch-site': 'cross-site' } }),
      ];
      for (const response of await Promise.all(attempts)) {
        expect(response.status).toBe(403);
        expect(response.headers.get('access-control-allow-origin')).toBeNull();
        expect(await response.json()).toMatchObject({ code: 'origin_not_allowed', status: 403, message: expect.stringMatching(/--admin-origin/) as string });
      }
      const pets = (await (await surface.request('GET', '/v1/pets', { headers: AUTH })).json()) as Pet[];
      expect(pets.map(pet => pet.name)).toContain('Kept');
    });

    it('answers the mock’s own pages, and a trusted origin with CORS headers', async () => {
      const own = await surface.request('GET', '/__admin/requests', { headers: { origin: surface.origin ?? '', 'sec-fetch-site': 'same-origin' } });
      expect(own.status).toBe(200);
      const trusted = await surface.request('GET', '/__admin/requests', { headers: { origin: TRUSTED_ORIGIN } });
      expect(trusted.status).toBe(200);
      expect(trusted.headers.get('access-control-allow-origin')).toBe(TRUSTED_ORIGIN);
      expect((await surface.request('GET', '/__admin/health', { headers: { origin: FOREIGN_ORIGIN } })).status).toBe(200);
    });

    it('answers HEAD on health as GET, without a body', async () => {
      const response = await surface.request('HEAD', '/__admin/health');
      expect(response.status).toBe(200);
      expect(await response.text()).toBe('');
    });

    it('filters the journal by operation, status or status class, and time', async () => {
      await surface.request('DELETE', '/__admin/requests');
      const started = new Date(Date.now() - 1_000).toISOString();
      await surface.request('GET', '/v1/pets', { headers: AUTH });
      await surface.request('GET', '/v1/pets?limit=0', { headers: AUTH });
      await surface.request('POST', '/v1/pets', { headers: { ...AUTH, 'content-type': 'application/json' }, body: '{"name":"Filtered","categoryId":1}' });
      const list = async (query: string): Promise<JournalEntry[]> => ((await (await surface.request('GET', `/__admin/requests?${query}`)).json()) as { requests: JournalEntry[] }).requests;
      expect((await list('operationId=createPet')).map(entry => entry.body)).toEqual([{ name: 'Filtered', categoryId: 1 }]);
      expect((await list('status=4xx')).map(entry => entry.path)).toEqual(['/v1/pets?limit=0']);
      expect((await list('operationId=listPets&status=200')).map(entry => entry.path)).toEqual(['/v1/pets']);
      const all = await list(`since=${encodeURIComponent(started)}`);
      expect(all).toHaveLength(3);
      expect((await list(`after=${all[0]?.seq ?? 0}`)).map(entry => entry.seq)).toEqual(all.slice(1).map(entry => entry.seq));
      expect(await list(`since=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`)).toEqual([]);
      for (const [query, message] of [
        ['status=abc', /status must be a status such as 201 or a class such as 4xx/],
        ['since=yesterday', /since must be an ISO date-time/],
        ['session=x', /filtered by operationId, status, since, after; "session" is none of them/],
        ['status=200&status=201', /status may be given once/],
      ] as const) {
        const response = await surface.request('GET', `/__admin/requests?${query}`);
        expect(response.status, query).toBe(400);
        expect(await response.json()).toMatchObject({ code: 'invalid_request', message: expect.stringMatching(message) as string });
      }
    });

    it('refuses malformed state and overrides bodies with an Error, changing nothing', async () => {
      const before = (await (await surface.request('GET', '/__admin/state')).json()) as unknown;
      const attempts: [string, string, Record<string, string>, string, number, string][] = [
        ['PUT', '/__admin/state', { 'content-type': 'text/plain' }, '{"pets":[]}', 415, 'unsupported_media_type'],
        ['PUT', '/__admin/state', { 'content-type': 'application/json' }, '{"pets": [', 400, 'invalid_json'],
        ['PUT', '/__admin/state', { 'content-type': 'application/json' }, '', 400, 'invalid_request'],
        ['PUT', '/__admin/state', { 'content-type': 'application/json' }, '{"pet": []}', 400, 'invalid_request'],
        ['PUT', '/__admin/state', { 'content-type': 'application/json' }, '{"pets": [{"id": 1, "name": "A", "categoryId": "one"}]}', 400, 'invalid_request'],
        ['PUT', '/__admin/state', { 'content-type': 'application/json' }, JSON.stringify({ pets: [{ id: 1, name: 'x'.repeat(200), categoryId: 1, pad: 'p'.repeat(1_100_000) }] }), 413, 'payload_too_large'],
        ['POST', '/__admin/overrides', { 'content-type': 'application/json' }, '[]', 400, 'invalid_request'],
        ['POST', '/__admin/overrides', { 'content-type': 'application/json' }, '{}', 400, 'invalid_request'],
        ['POST', '/__admin/overrides', { 'content-type': 'application/json' }, '{"operationId":"listPets","status":503,"time":2}', 400, 'invalid_request'],
        ['POST', '/__admin/overrides', { 'content-type': 'application/json' }, '{"operationId":"listPets","status":"503"}', 400, 'invalid_request'],
        ['POST', '/__admin/overrides', { 'content-type': 'application/json', 'x-petstore-session': 'bad id!' }, '{"operationId":"listPets","status":503}', 400, 'invalid_request'],
      ];
      for (const [method, path, headers, body, status, code] of attempts) {
        const response = await surface.request(method, path, { headers, body });
        expect(response.status, `${method} ${path} ${body.slice(0, 60)}`).toBe(status);
        expect(await response.json()).toMatchObject({ code, status });
      }
      expect(await (await surface.request('GET', '/__admin/state')).json()).toEqual(before);
      expect(await (await surface.request('GET', '/__admin/overrides')).json()).toEqual({ overrides: [] });
    });

    it('refuses a state or an override whose JSON holds a number JavaScript would read as another, naming it, and changes nothing', async () => {
      const before = (await (await surface.request('GET', '/__admin/state')).json()) as unknown;
      const json = { 'content-type': 'application/json' };
      for (const [method, path, body, message] of [
        ['PUT', '/__admin/state', '{"pets":[{"id":1.0000000000000000001,"name":"A","categoryId":1}]}', /pets\.0\.id is 1\.0000000000000000001, which a JavaScript number cannot hold exactly \(it reads 1\)/],
        ['PUT', '/__admin/state', '[{"id":2,"name":"B","categoryId":9007199254740993}]', /0\.categoryId is 9007199254740993, .*it reads 9007199254740992/],
        ['PUT', '/__admin/state', '{"pets":[{"id":3,"name":"C","categoryId":1e400}]}', /pets\.0\.categoryId is 1e400, .*it reads Infinity/],
        ['PUT', '/__admin/state', '{"pets":[{"id":9007199254740992,"name":"D","categoryId":1}]}', /pets\[0\] \(id 9007199254740992\): id must be a whole number from 1 to 9007199254740991/],
        ['POST', '/__admin/overrides', '{"operationId":"getPet","status":200,"body":{"id":1e-400,"name":"E","categoryId":1}}', /body\.id is 1e-400, .*it reads 0/],
      ] as const) {
        const response = await surface.request(method, path, { headers: json, body });
        expect(response.status, body).toBe(400);
        expect(await response.json()).toMatchObject({ code: 'invalid_request', status: 400, message: expect.stringMatching(message) as string });
      }
      expect(await (await surface.request('GET', '/__admin/state')).json()).toEqual(before);
      expect(await (await surface.request('GET', '/__admin/overrides')).json()).toEqual({ overrides: [] });
    });

    it('names a new override’s place, and answers 404 for one that is not in the session asked', async () => {
      const created = await surface.request('POST', '/__admin/overrides', { headers: { 'content-type': 'application/json', 'x-petstore-session': 'owner' }, body: '{"operationId":"listPets","status":503}' });
      expect(created.status).toBe(201);
      const { id } = (await created.json()) as { id: string };
      expect(created.headers.get('location')).toBe(`/__admin/overrides/${id}`);
      const elsewhere = await surface.request('DELETE', `/__admin/overrides/${id}`, { headers: { 'x-petstore-session': 'other' } });
      expect(elsewhere.status).toBe(404);
      expect(await elsewhere.json()).toMatchObject({ code: 'override_not_found', message: expect.stringMatching(/session "other"/) as string });
      expect((await surface.request('GET', `/__admin/overrides/${id}`, { headers: { 'x-petstore-session': 'owner' } })).status).toBe(200);
      expect((await surface.request('DELETE', `/__admin/overrides/${id}`, { headers: { 'x-petstore-session': 'owner' } })).status).toBe(204);
      expect((await surface.request('DELETE', `/__admin/overrides/${id}`, { headers: { 'x-petstore-session': 'owner' } })).status).toBe(404);
      expect((await surface.request('DELETE', '/__admin/overrides/%zz')).status).toBe(404);
    });

    it('lists the sessions alive with their pets, and the settings, without a key or the token', async () => {
      await surface.request('GET', '/v1/pets', { headers: { ...AUTH, 'x-petstore-session': 'listed' } });
      const { sessions } = (await (await surface.request('GET', '/__admin/sessions')).json()) as { sessions: { id: string | null; pets: number }[] };
      expect(sessions[0]).toMatchObject({ id: null });
      expect(sessions).toContainEqual({ id: 'listed', pets: 4, records: { pets: 4 } });
      const settings = (await (await surface.request('GET', '/__admin/settings')).json()) as Record<string, unknown>;
      expect(settings).toMatchObject({ seed: 5, startingFrom: 'seed', apiKeys: 0, adminToken: false, delay: null, faultRate: 0, now: null, maxSessions: 100, maxPets: 10_000, journalSize: 1000 });
    });

    it('names its instance (a random id made when it started) in the settings and in the journal’s answers, so that a page can tell a restart', async () => {
      const { instance } = (await (await surface.request('GET', '/__admin/settings')).json()) as { instance: string };
      expect(instance).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      const journal = (await (await surface.request('GET', '/__admin/requests?after=0')).json()) as { instance: string };
      expect(journal.instance).toBe(instance);
    });

    it('lists the document’s operations in the settings, each with the statuses it declares', async () => {
      const { operations } = (await (await surface.request('GET', '/__admin/settings')).json()) as { operations: { operationId: string; method: string; path: string; statuses: number[] }[] };
      expect(operations.map(operation => operation.operationId)).toEqual(['listPets', 'createPet', 'getPet', 'listStoreOrders']);
      expect(operations[0]).toEqual({ operationId: 'listPets', method: 'GET', path: '/v1/pets', statuses: [200, 400, 401, 500, 503] });
      expect(operations.find(operation => operation.operationId === 'listStoreOrders')?.statuses).toEqual([400, 401, 500, 501, 503]);
    });

    it('serves the dashboard page with its own assets only, and no data in it', async () => {
      const page = await surface.request('GET', '/__admin/');
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
      const html = await page.text();
      expect(html).toContain('<script type="module" src="dashboard.js"></script>');
      expect(html).not.toMatch(/https?:\/\//);
      expect((await surface.request('GET', '/__admin/dashboard.js')).headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    });

    it('answers 405 to a wrong method on an admin endpoint', async () => {
      const response = await surface.request('GET', '/__admin/reset');
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('POST');
      expect((await surface.request('PUT', '/__admin/requests')).headers.get('allow')).toBe('GET, DELETE');
    });

    it('answers 404 route_not_found outside /v1 and /__admin', async () => {
      const response = await surface.request('GET', '/pets', { headers: AUTH });
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ code: 'route_not_found', status: 404 });
    });
  });

  describe(`the admin endpoints through ${surfaceName}, with an admin token`, () => {
    let surface: Surface;
    beforeAll(async () => {
      surface = await createSurface({ seed: 5, pets: 4, adminToken: ADMIN_TOKEN });
    });
    afterAll(async () => {
      await surface.close();
    });

    it('answers 401 without the token, or with another, naming what to send', async () => {
      for (const headers of [{}, AUTH, { authorization: `Bearer ${ADMIN_TOKEN}x` }]) {
        for (const [method, path] of [
          ['POST', '/__admin/reset'], ['GET', '/__admin/requests'], ['DELETE', '/__admin/requests'], ['GET', '/__admin/state'], ['PUT', '/__admin/state'],
          ['GET', '/__admin/overrides'], ['POST', '/__admin/overrides'], ['DELETE', '/__admin/overrides'], ['DELETE', '/__admin/overrides/1'],
        ] as const) {
          const response = await surface.request(method, path, { headers });
          expect(response.status).toBe(401);
          expect(response.headers.get('www-authenticate')).toBe('Bearer realm="petstore-mock admin"');
          expect(await response.json()).toMatchObject({ code: 'unauthorized', status: 401, message: expect.stringMatching(/admin token/) as string });
        }
      }
    });

    it('does what it is asked with the token', async () => {
      expect((await surface.request('POST', '/__admin/reset', { headers: ADMIN })).status).toBe(204);
      expect((await surface.request('GET', '/__admin/requests', { headers: ADMIN })).status).toBe(200);
      expect((await surface.request('DELETE', '/__admin/requests', { headers: ADMIN })).status).toBe(204);
    });

    it('keeps health open, for probes', async () => {
      expect((await surface.request('GET', '/__admin/health')).status).toBe(200);
    });
  });

  describe(`the admin reads of a session through ${surfaceName}`, () => {
    const surface = useSurface(createSurface, { seed: 5, pets: 2, maxSessions: 2 });
    const inSession = (session: string): Record<string, string> => ({ ...AUTH, 'content-type': 'application/json', 'x-petstore-session': session });

    it('reads a session that is not alive (state, overrides, journal) without opening it or dropping another', async () => {
      for (const session of ['kept-1', 'kept-2']) {
        expect((await surface().request('POST', '/v1/pets', { headers: inSession(session), body: '{"name":"Kept","categoryId":1}' })).status).toBe(201);
      }
      const seeded: unknown = await (await surface().request('GET', '/__admin/state')).json();
      for (const path of ['/__admin/state', '/__admin/overrides', '/__admin/requests', '/__admin/requests.har', '/__admin/overrides/1']) {
        const response = await surface().request('GET', path, { headers: { 'x-petstore-session': 'never-opened' } });
        expect(response.status).toBe(path === '/__admin/overrides/1' ? 404 : 200);
        if (path === '/__admin/state') expect(await response.json()).toEqual(seeded);
      }
      const { sessions } = (await (await surface().request('GET', '/__admin/sessions')).json()) as { sessions: { id: string | null }[] };
      expect(sessions.map(session => session.id)).toEqual([null, 'kept-2', 'kept-1']);
      for (const session of ['kept-1', 'kept-2']) {
        const response = await surface().request('GET', '/v1/pets', { headers: inSession(session) });
        expect(response.headers.get('x-petstore-session-opened')).toBeNull();
        expect(((await response.json()) as Pet[]).map(pet => pet.name)).toContain('Kept');
      }
    });

    it('lists every limit with its use in the settings and the sessions', async () => {
      await surface().request('POST', '/v1/pets', { headers: inSession('counted'), body: '{"name":"Counted","categoryId":1}' });
      const { limits } = (await (await surface().request('GET', '/__admin/settings')).json()) as { limits: Record<string, { used: number; max: number }> };
      expect(Object.keys(limits).sort()).toEqual(['journalBytes', 'journalEntries', 'overrideBytesPerSession', 'overridesPerSession', 'petsPerStore', 'sessions', 'storedBytes']);
      expect(limits['sessions']).toEqual({ used: 1, max: 2 });
      expect(limits['petsPerStore']).toEqual({ used: 3, max: 10_000 });
      expect(limits['storedBytes']?.used).toBeGreaterThan(0);
      expect(limits['storedBytes']?.max).toBe(32 * 1024 * 1024);
      expect(limits['journalEntries']?.used).toBeGreaterThan(0);
      const fromSessions = (await (await surface().request('GET', '/__admin/sessions')).json()) as { limits: unknown };
      expect(fromSessions.limits).toEqual(limits);
    });
  });
}
