import { describe, expect, it } from 'vitest';
import { PET_STATUSES, type Pet } from '../../src/index.js';
import { AUTH, createPet, DEPRECATED_AT, expectError, JSON_AUTH, listAll, SUCCESSOR_LINK, SUNSET, useSurface } from './contract-helpers.js';
import type { CreateSurface, SurfaceTraits } from './surface.js';
import { noteSkip } from '../support/skip-reasons.js';

/** The behaviour of the Animal Store API every surface must show, written once. */
export function describeAnimalStoreContract(surfaceName: string, createSurface: CreateSurface, traits: SurfaceTraits = {}): void {
  /**
   * A page's fetch cannot send `Origin` or a preflight's headers (the browser owns them), and a
   * service worker answers before the browser would send a preflight: on that surface these cases
   * are skipped, and test/browser/browser.test.ts checks CORS as a page meets it (a cross-origin fetch).
   */
  const itSendingForbiddenHeaders = traits.fetchesFromPage ? it.skip : it;
  if (traits.fetchesFromPage) {
    noteSkip(`the CORS cases through ${surfaceName}`, "a page's fetch cannot send Origin or a preflight's headers; test/browser/browser.test.ts checks CORS with a real cross-origin fetch");
  }
  describe(`the Animal Store contract through ${surfaceName}`, () => {
    describe('with the default 20 seeded pets', () => {
      const surface = useSurface(createSurface, { seed: 1, pets: 20, validateResponses: true });

      it('lists 20 pets by default, in ascending id order', async () => {
        const response = await surface().request('GET', '/v1/pets', { headers: AUTH });
        expect(response.status).toBe(200);
        const pets = (await response.json()) as Pet[];
        expect(pets).toHaveLength(20);
        expect(pets.map(pet => pet.id)).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
        for (const pet of pets) expect(PET_STATUSES).toContain(pet.status);
      });

      it('returns at most limit pets', async () => {
        const response = await surface().request('GET', '/v1/pets?limit=3', { headers: AUTH });
        expect(((await response.json()) as Pet[]).map(pet => pet.id)).toEqual([1, 2, 3]);
        const one = await surface().request('GET', '/v1/pets?limit=1', { headers: AUTH });
        expect((await one.json()) as Pet[]).toHaveLength(1);
      });

      it('keeps only pets with the status asked for', async () => {
        for (const status of PET_STATUSES) {
          const pets = await listAll(surface(), `&status=${status}`);
          for (const pet of pets) expect(pet.status).toBe(status);
        }
        const all = await listAll(surface());
        const counted = await Promise.all(PET_STATUSES.map(async status => (await listAll(surface(), `&status=${status}`)).length));
        expect(counted.reduce((sum, count) => sum + count, 0)).toBe(all.length);
      });

      it('creates a pet with an id the service assigns, a Location, and only the declared fields', async () => {
        const response = await createPet(surface(), { id: 999, name: 'Rex', categoryId: 2, status: 'pending', owner: 'me' });
        expect(response.status).toBe(201);
        const pet = (await response.json()) as Pet;
        expect(pet).toEqual({ id: 21, name: 'Rex', categoryId: 2, status: 'pending' });
        expect(response.headers.get('location')).toBe('/v1/pets/21');
      });

      it('lists and reads back what was created', async () => {
        const created = (await (await createPet(surface(), { name: 'Nala', categoryId: 3, status: 'sold' })).json()) as Pet;
        expect((await listAll(surface())).at(-1)).toEqual(created);
        const read = await surface().request('GET', `/v1/pets/${created.id}`, { headers: AUTH });
        expect(read.status).toBe(200);
        expect(await read.json()).toEqual(created);
      });

      it('makes a pet created without a status available', async () => {
        const pet = (await (await createPet(surface(), { name: 'Bo', categoryId: 1 })).json()) as Pet;
        expect(pet.status).toBe('available');
      });

      it('gives concurrent creates unique ids', async () => {
        const responses = await Promise.all(Array.from({ length: 40 }, (_, index) => createPet(surface(), { name: `Pet ${index}`, categoryId: 1 })));
        const ids = await Promise.all(responses.map(async response => ((await response.json()) as Pet).id));
        expect(new Set(ids).size).toBe(40);
        expect((await listAll(surface())).length).toBe(60);
      });

      it('stores nothing when a create is rejected', async () => {
        const rejected = [
          createPet(surface(), { name: 'No category' }),
          createPet(surface(), '{"name":"Half'),
          createPet(surface(), { name: 'x', categoryId: 1 }, { ...AUTH, 'content-type': 'text/plain' }),
          createPet(surface(), { name: 'x', categoryId: 1 }, { 'content-type': 'application/json' }),
        ];
        for (const response of await Promise.all(rejected)) expect(response.status).toBeGreaterThanOrEqual(400);
        expect(await listAll(surface())).toHaveLength(20);
      });

      it('reads a pet by id', async () => {
        const response = await surface().request('GET', '/v1/pets/7', { headers: AUTH });
        expect(response.status).toBe(200);
        expect(((await response.json()) as Pet).id).toBe(7);
      });

      it('answers 404 pet_not_found for an id nobody has', async () => {
        await expectError(await surface().request('GET', '/v1/pets/424242', { headers: AUTH }), 404, 'pet_not_found', /424242/);
      });
    });

    describe('with more pets than a page holds', () => {
      const surface = useSurface(createSurface, { seed: 3, pets: 150, validateResponses: true });

      it('caps a page at the limit of 100', async () => {
        expect(await listAll(surface())).toHaveLength(100);
        const byDefault = await surface().request('GET', '/v1/pets', { headers: AUTH });
        expect((await byDefault.json()) as Pet[]).toHaveLength(20);
      });
    });

    describe('authentication', () => {
      const surface = useSurface(createSurface, { validateResponses: true });

      it.each([
        ['no Authorization header', {}],
        ['another scheme', { authorization: 'Basic dXNlcjpwYXNz' }],
        ['an empty bearer token', { authorization: 'Bearer ' }],
        ['a blank bearer token', { authorization: 'Bearer    ' }],
      ])('answers 401 with a Bearer challenge given %s', async (_, headers: Record<string, string>) => {
        for (const [method, path] of [['GET', '/v1/pets'], ['GET', '/v1/pets/1'], ['POST', '/v1/pets']] as const) {
          const response = await surface().request(method, path, { headers });
          await expectError(response, 401, 'unauthorized', /Authorization: Bearer/);
          expect(response.headers.get('www-authenticate')).toMatch(/^Bearer\b/);
        }
      });

      it('answers 401 before it looks at a bad body', async () => {
        await expectError(await createPet(surface(), '{not json', { 'content-type': 'application/json' }), 401, 'unauthorized');
        await expectError(await createPet(surface(), { name: 5 }, { 'content-type': 'application/json' }), 401, 'unauthorized');
      });

      it('accepts any non-empty bearer token when no API keys are configured', async () => {
        const response = await surface().request('GET', '/v1/pets', { headers: { authorization: 'Bearer anything-at-all' } });
        expect(response.status).toBe(200);
      });
    });

    describe('with API keys configured', () => {
      const surface = useSurface(createSurface, { apiKeys: ['key-one', 'key-two'], validateResponses: true });

      it('accepts each configured key', async () => {
        for (const key of ['key-one', 'key-two']) {
          expect((await surface().request('GET', '/v1/pets', { headers: { authorization: `Bearer ${key}` } })).status).toBe(200);
        }
      });

      it('refuses another key with error="invalid_token"', async () => {
        const response = await surface().request('GET', '/v1/pets', { headers: { authorization: 'Bearer key-three' } });
        await expectError(response, 401, 'unauthorized', /not a valid API key/);
        expect(response.headers.get('www-authenticate')).toMatch(/^Bearer .*error="invalid_token"/);
      });
    });

    describe('request validation', () => {
      const surface = useSurface(createSurface, { validateResponses: true });

      it.each([
        ['a missing name', { categoryId: 1 }, /name/],
        ['a missing categoryId', { name: 'Rex' }, /categoryId/],
        ['a name that is not a string', { name: 7, categoryId: 1 }, /name must be string/],
        ['a fractional categoryId', { name: 'Rex', categoryId: 1.5 }, /categoryId must be integer/],
        ['a categoryId given as a string', { name: 'Rex', categoryId: '1' }, /categoryId must be integer/],
        ['an unknown status', { name: 'Rex', categoryId: 1, status: 'lost' }, /status must be equal to one of the allowed values: available, pending, sold/],
        ['an array body', [{ name: 'Rex', categoryId: 1 }], /body must be object/],
        ['a null body', null, /body must be object/],
        ['a name of 256 characters', { name: 'n'.repeat(256), categoryId: 1 }, /name must NOT have more than 255 characters/],
        ['a categoryId JavaScript reads as 0 (1e-400)', '{"name":"Rex","categoryId":1e-400}', /categoryId is 1e-400, which a JavaScript number cannot hold exactly \(it reads 0\)/],
        ['a categoryId JavaScript rounds (2^53+1)', '{"name":"Rex","categoryId":9007199254740993}', /categoryId is 9007199254740993, .*it reads 9007199254740992/],
        ['a categoryId that is not quite whole', '{"name":"Rex","categoryId":1.0000000000000000001}', /categoryId is 1.0000000000000000001/],
        ['a categoryId JavaScript reads as Infinity (1e400), which JSON would write as null', '{"name":"Rex","categoryId":1e400}', /categoryId is 1e400, which a JavaScript number cannot hold exactly \(it reads Infinity\)/],
        ['a categoryId of 2^53, beyond what the mock holds exactly', '{"name":"Rex","categoryId":9007199254740992}', /categoryId must be <= 9007199254740991 \(an int64 beyond ±\(2\^53−1\) cannot be held exactly/],
      ])('answers 400 invalid_request naming the field given %s', async (_, body, message) => {
        await expectError(await createPet(surface(), body), 400, 'invalid_request', message);
        expect(await listAll(surface())).toHaveLength(20);
      });

      it('stores a name of 255 characters and the int64 edges it can hold exactly, as sent', async () => {
        for (const [name, categoryId] of [['n'.repeat(255), 9007199254740991], ['Min', -9007199254740991], ['Exp', 1e3]] as const) {
          const created = await createPet(surface(), `{"name":${JSON.stringify(name)},"categoryId":${categoryId}}`);
          expect(created.status).toBe(201);
          expect(await created.json()).toMatchObject({ name, categoryId });
        }
      });

      it('answers 400 invalid_json to malformed JSON', async () => {
        await expectError(await createPet(surface(), '{"name": "Rex",'), 400, 'invalid_json', /not valid JSON/);
      });

      it('answers 400 to an empty body', async () => {
        await expectError(await createPet(surface(), ''), 400, 'invalid_request', /body is required/);
      });

      it('answers 415 to a body that is not JSON', async () => {
        await expectError(await createPet(surface(), 'name=Rex', { ...AUTH, 'content-type': 'text/plain' }), 415, 'unsupported_media_type', /application\/json/);
        await expectError(await createPet(surface(), 'name=Rex', { ...AUTH, 'content-type': 'application/x-www-form-urlencoded' }), 415, 'unsupported_media_type');
      });

      it('accepts JSON with a charset parameter', async () => {
        expect((await createPet(surface(), { name: 'Rex', categoryId: 1 }, { ...AUTH, 'content-type': 'application/json; charset=utf-8' })).status).toBe(201);
      });

      it('answers 413 to a body over 1 MiB and keeps serving', async () => {
        const huge = JSON.stringify({ name: 'x'.repeat(1024 * 1024), categoryId: 1 });
        await expectError(await createPet(surface(), huge), 413, 'payload_too_large', /1048576 bytes/);
        expect((await surface().request('GET', '/v1/pets', { headers: AUTH })).status).toBe(200);
      });

      it.each([
        ['limit=0', /limit must be >= 1/],
        ['limit=101', /limit must be <= 100/],
        ['limit=abc', /limit must be integer/],
        ['limit=2.5', /limit must be integer/],
        // What JavaScript's Number() reads but JSON does not write: refused, never read as 0, 16 or 1.
        ['limit=', /limit must be an integer written in decimal, got ""/],
        ['limit=0x10', /limit must be an integer written in decimal, got "0x10"/],
        ['limit=%201', /limit must be an integer written in decimal, got " 1"/],
        ['limit=1e1', /limit must be an integer written in decimal, got "1e1"/],
        ['limit=+5', /limit must be an integer written in decimal/],
        ['status=lost', /status must be equal to one of the allowed values/],
      ])('answers 400 naming the query parameter given %s', async (query, message) => {
        await expectError(await surface().request('GET', `/v1/pets?${query}`, { headers: AUTH }), 400, 'invalid_request', message);
      });

      // %zz is not percent-encoding: it reaches Prism escaped, never as a URIError (a 500); %E0%A4 is a cut UTF-8 sequence.
      it.each(['abc', '1.5', 'true', '%zz', '%E0%A4'])('answers 400 naming petId given /v1/pets/%s', async petId => {
        await expectError(await surface().request('GET', `/v1/pets/${petId}`, { headers: AUTH }), 400, 'invalid_request', /petId must be integer/);
      });

      // What JavaScript's Number() reads as 1 but no client writes for pet 1: refused, never answered with pet 1.
      it.each(['0x1', '%201', '1e0', '+1', '01', '1.0'])('answers 400 naming petId given /v1/pets/%s, an integer not written in decimal', async petId => {
        await expectError(await surface().request('GET', `/v1/pets/${petId}`, { headers: AUTH }), 400, 'invalid_request', /Request path parameter petId must be an integer written in decimal/);
      });

      it('lets __proto__ and constructor keys pollute nothing', async () => {
        const body = '{"name":"Proto","categoryId":1,"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}';
        const response = await createPet(surface(), body);
        expect(response.status).toBe(201);
        expect(await response.json()).toEqual({ id: 21, name: 'Proto', categoryId: 1, status: 'available' });
        expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
        expect((await listAll(surface())).every(pet => !('polluted' in pet))).toBe(true);
      });
    });

    describe('routing', () => {
      const surface = useSurface(createSurface, { validateResponses: true });

      it('answers 404 route_not_found for a path the API does not have', async () => {
        await expectError(await surface().request('GET', '/v1/owners', { headers: AUTH }), 404, 'route_not_found', /\/v1\/owners/);
        await expectError(await surface().request('GET', '/v1/pets/1/toys', { headers: AUTH }), 404, 'route_not_found');
      });

      it('names the path as it was typed, and the operations there are', async () => {
        await expectError(await surface().request('GET', '/v1', { headers: AUTH }), 404, 'route_not_found', /is at \/v1; it has GET \/v1\/pets, POST \/v1\/pets, GET \/v1\/pets\/\{petId\}/);
        await expectError(await surface().request('GET', '/v1/', { headers: AUTH }), 404, 'route_not_found', /is at \/v1\/; /);
      });

      it('names a missing path parameter as the document spells it', async () => {
        await expectError(await surface().request('GET', '/v1/pets/', { headers: AUTH }), 400, 'invalid_request', /^Request path parameter petId is missing\.$/);
      });

      it('answers HEAD wherever GET is: the same status and headers, no body', async () => {
        for (const path of ['/v1/pets?limit=2', '/v1/pets/1', '/v1/pets/999']) {
          const [head, get] = [await surface().request('HEAD', path, { headers: AUTH }), await surface().request('GET', path, { headers: AUTH })];
          const getBody = await get.text();
          expect(head.status, path).toBe(get.status);
          expect(await head.text(), path).toBe('');
          for (const name of ['content-type', 'deprecation', 'sunset', 'link']) expect(head.headers.get(name), `${path} ${name}`).toBe(get.headers.get(name));
          expect(head.headers.get('content-length'), path).toBe(String(Buffer.byteLength(getBody)));
        }
        expect((await surface().request('HEAD', '/v1/pets')).status).toBe(401);
      });

      it('answers 405 with Allow to a method the path does not have', async () => {
        const response = await surface().request('DELETE', '/v1/pets', { headers: AUTH });
        await expectError(response, 405, 'method_not_allowed', /DELETE/);
        expect(response.headers.get('allow')).toBe('GET, HEAD, POST');
        const onePet = await surface().request('PUT', '/v1/pets/1', { headers: JSON_AUTH, body: '{}' });
        await expectError(onePet, 405, 'method_not_allowed');
        expect(onePet.headers.get('allow')).toBe('GET, HEAD');
      });

      it('answers 501 for the store orders the specification names without a shape', async () => {
        await expectError(await surface().request('GET', '/v1/store/orders', { headers: AUTH }), 501, 'not_implemented', /store\/orders/);
        await expectError(await surface().request('GET', '/v1/store/orders'), 401, 'unauthorized');
      });
    });

    describe('deprecation', () => {
      const surface = useSurface(createSurface, { validateResponses: true });

      it('marks every getPet response, 200 and 404 alike, with Deprecation, Sunset and Link', async () => {
        for (const path of ['/v1/pets/1', '/v1/pets/999999']) {
          const response = await surface().request('GET', path, { headers: AUTH });
          expect(response.headers.get('deprecation')).toBe(DEPRECATED_AT);
          expect(response.headers.get('sunset')).toBe(SUNSET);
          expect(response.headers.get('link')).toBe(SUCCESSOR_LINK);
        }
      });

      it('marks no other operation', async () => {
        const responses = [await surface().request('GET', '/v1/pets', { headers: AUTH }), await createPet(surface(), { name: 'Rex', categoryId: 1 })];
        for (const response of responses) {
          for (const header of ['deprecation', 'sunset', 'link']) expect(response.headers.get(header)).toBeNull();
        }
      });
    });

    describe('CORS, on by default', () => {
      const surface = useSurface(createSurface, { validateResponses: true });
      const origin = 'http://localhost:5173';

      itSendingForbiddenHeaders('answers a preflight with 204, allowing Authorization and Content-Type', async () => {
        const response = await surface().request('OPTIONS', '/v1/pets', {
          headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type' },
        });
        expect(response.status).toBe(204);
        expect(response.headers.get('access-control-allow-origin')).toBe(origin);
        expect(response.headers.get('access-control-allow-methods')).toContain('POST');
        expect(response.headers.get('access-control-allow-headers')).toMatch(/authorization/i);
        expect(response.headers.get('access-control-allow-headers')).toMatch(/content-type/i);
      });

      itSendingForbiddenHeaders('lets browser code read the deprecation headers', async () => {
        const response = await surface().request('GET', '/v1/pets/1', { headers: { ...AUTH, origin } });
        expect(response.headers.get('access-control-allow-origin')).toBe(origin);
        const exposed = (response.headers.get('access-control-expose-headers') ?? '').toLowerCase().split(/,\s*/);
        expect(exposed).toEqual(expect.arrayContaining(['deprecation', 'sunset', 'link']));
      });
    });

    describe('with CORS turned off', () => {
      const surface = useSurface(createSurface, { cors: false, validateResponses: true });

      it('sends no CORS headers and answers no preflight', async () => {
        const origin = 'http://localhost:5173';
        const response = await surface().request('GET', '/v1/pets', { headers: { ...AUTH, origin } });
        expect(response.headers.get('access-control-allow-origin')).toBeNull();
        const preflight = await surface().request('OPTIONS', '/v1/pets', { headers: { origin, 'access-control-request-method': 'GET' } });
        expect(preflight.status).toBe(405);
      });
    });

    describe('answering the same request again', () => {
      const surface = useSurface(createSurface, { seed: 1, pets: 3, maxSessions: 2, validateResponses: true });
      const LIST = '/v1/pets?limit=100';
      const names = async (headers: Record<string, string> = AUTH): Promise<string[]> => {
        const response = await surface().request('GET', LIST, { headers });
        expect(response.status).toBe(200);
        return ((await response.json()) as Pet[]).map(pet => pet.name);
      };
      const inSession = (id: string): Record<string, string> => ({ ...AUTH, 'x-petstore-session': id });

      it('lists what every change made since an identical request was answered: a create, a state set, a reset', async () => {
        const seeded = await names();
        expect(await names()).toEqual(seeded);
        await createPet(surface(), { name: 'Later', categoryId: 1 });
        expect(await names()).toEqual([...seeded, 'Later']);
        await surface().controls().setState({ pets: [{ id: 7, name: 'Only', categoryId: 2 }] });
        expect(await names()).toEqual(['Only']);
        await surface().reset();
        expect(await names()).toEqual(seeded);
        const read = async (): Promise<Response> => surface().request('GET', '/v1/pets/4', { headers: AUTH });
        expect((await read()).status).toBe(404);
        await createPet(surface(), { name: 'Fourth', categoryId: 1 });
        expect(await (await read()).json()).toMatchObject({ id: 4, name: 'Fourth' });
      });

      it("answers from the request's own session, and afresh once that session was dropped and opened again", async () => {
        await createPet(surface(), { name: 'Mine', categoryId: 1 }, { ...JSON_AUTH, 'x-petstore-session': 'a' });
        const inA = await names(inSession('a'));
        expect(inA.at(-1)).toBe('Mine');
        expect(await names(inSession('a'))).toEqual(inA);
        expect(await names(inSession('b'))).toEqual(inA.slice(0, -1));
        // A third session drops a, the least recently used of two.
        await names(inSession('c'));
        const reopened = await surface().request('GET', LIST, { headers: inSession('a') });
        expect(reopened.headers.get('x-petstore-session-opened')).toBe('reopened');
        expect(((await reopened.json()) as Pet[]).map(pet => pet.name)).toEqual(inA.slice(0, -1));
      });

      it("gives an override's answer, then the store's again, to a request answered identically before", async () => {
        expect((await surface().request('GET', LIST, { headers: AUTH })).status).toBe(200);
        await surface().controls().override('listPets', { status: 503, times: 1 });
        expect((await surface().request('GET', LIST, { headers: AUTH })).status).toBe(503);
        expect((await surface().request('GET', LIST, { headers: AUTH })).status).toBe(200);
      });

      it('journals every one of them, and answers a HEAD beside them without a body', async () => {
        for (let time = 0; time < 3; time++) expect((await surface().request('GET', LIST, { headers: AUTH })).status).toBe(200);
        const head = await surface().request('HEAD', LIST, { headers: AUTH });
        expect(head.status).toBe(200);
        expect(await head.text()).toBe('');
        const journal = await surface().requests();
        expect(journal.map(entry => `${entry.method} ${entry.status} ${entry.operationId ?? ''}`)).toEqual([...Array<string>(3).fill('GET 200 listPets'), 'HEAD 200 listPets']);
        expect(journal.at(-1)?.response.body).toBeNull();
        expect(journal[2]?.response.body).toBe(journal[0]?.response.body);
      });

      it('checks the credentials of a request like a remembered one but for its token', async () => {
        expect(await names()).toHaveLength(3);
        await expectError(await surface().request('GET', LIST, { headers: { authorization: 'Bearer ' } }), 401, 'unauthorized');
        await expectError(await surface().request('GET', LIST), 401, 'unauthorized');
      });
    });

    describe('with pets created without a status left without one', () => {
      const surface = useSurface(createSurface, { defaultStatus: null, validateResponses: true });

      it('stores the pet without a status', async () => {
        const pet = (await (await createPet(surface(), { name: 'Bo', categoryId: 1 })).json()) as Pet;
        expect(pet).toEqual({ id: 21, name: 'Bo', categoryId: 1 });
      });
    });
  });
}
