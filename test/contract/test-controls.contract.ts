import { describe, expect, it } from 'vitest';
import type { Pet } from '../../src/index.js';
import { AUTH, createPet, expectError, JSON_AUTH, listAll, SUCCESSOR_LINK, SUNSET, useSurface } from './contract-helpers.js';
import type { CreateSurface } from './surface.js';

const SESSION = 'x-petstore-session';
const EXACT: Pet[] = [
  { id: 7, name: 'Seven', categoryId: 2, status: 'sold' },
  { id: 3, name: 'Three', categoryId: 1 },
  { id: 12, name: 'Twelve', categoryId: 9007199254740991, status: 'pending' },
];
const sorted = (pets: Pet[]): Pet[] => [...pets].sort((a, b) => a.id - b.id);

/** State in and out, scripted answers and verification: the same on every surface. */
export function describeTestControlsContract(surfaceName: string, createSurface: CreateSurface): void {
  describe(`the test controls through ${surfaceName}`, () => {
    describe('state out and in', () => {
      const surface = useSurface(createSurface, { seed: 8, pets: 4, validateResponses: true });

      it('gives every pet in id order, and restores exactly what it gave', async () => {
        const snapshot = await surface().controls().getState();
        expect(snapshot).toEqual({ pets: await listAll(surface()) });
        expect(snapshot.pets).toHaveLength(4);
        await createPet(surface(), { name: 'Later', categoryId: 1 });
        await surface().controls().setState(snapshot);
        expect(await listAll(surface())).toEqual(snapshot.pets);
      });

      it('holds exactly the pets put in, ids kept, and creates the next one after the highest', async () => {
        await surface().controls().setState({ pets: EXACT });
        expect(await listAll(surface())).toEqual(sorted(EXACT));
        const created = await createPet(surface(), { name: 'Next', categoryId: 1 });
        expect(((await created.json()) as Pet).id).toBe(13);
        expect(await (await surface().request('GET', '/v1/pets/12', { headers: AUTH })).json()).toEqual(EXACT[2]);
        await surface().reset();
        expect(await listAll(surface())).toHaveLength(4);
      });

      it('refuses a state with one bad pet, naming it and its field, and changes nothing', async () => {
        const before = await listAll(surface());
        for (const [pets, message] of [
          [[...EXACT, { id: 20, name: 'n'.repeat(256), categoryId: 1 }], /pets\[3\] \(id 20\): name must NOT have more than 255 characters/],
          [[EXACT[0], { ...EXACT[1], id: 7 }], /pets\[1\] repeats id 7 of pets\[0\]/],
          [[{ id: -1, name: 'Neg', categoryId: 1 }], /pets\[0\] \(id -1\): id must be >= 1/],
          [[{ id: 1, name: 'Odd', categoryId: 1, status: 'lost' }], /pets\[0\] \(id 1\): status must be equal to one of the allowed values/],
          [[{ id: 1, name: 'Extra', categoryId: 1, owner: 'me' }], /pets\[0\] \(id 1\) has "owner", which Pet does not declare/],
        ] as const) {
          await expect(surface().controls().setState({ pets: pets as unknown as Pet[] })).rejects.toThrow(message);
        }
        expect(await listAll(surface())).toEqual(before);
      });

      it('refuses an id past the document’s highest and an integer a JavaScript number does not hold exactly, naming the pet and field', async () => {
        const before = await listAll(surface());
        for (const [pets, message] of [
          [[{ id: 2 ** 53, name: 'Past', categoryId: 1 }], /pets\[0\] \(id 9007199254740992\): id must be a whole number from 1 to 9007199254740991/],
          [[{ id: 1, name: 'Huge', categoryId: 2 ** 53 + 2 }], /pets\[0\] \(id 1\): categoryId is 9007199254740994, beyond ±\(2\^53 − 1\)/],
        ] as const) {
          await expect(surface().controls().setState({ pets: pets as unknown as Pet[] })).rejects.toMatchObject({ code: 'invalid_request', status: 400, message: expect.stringMatching(message) as string });
        }
        expect(await listAll(surface())).toEqual(before);
      });

      it('after a state near the highest id, refuses every create past it with 507: no 201 overwrites a pet, and the snapshot restores', async () => {
        const nearTop = Number.MAX_SAFE_INTEGER - 2;
        await surface().controls().setState({ pets: [{ id: nearTop, name: 'Top', categoryId: 1 }] });
        const statuses: number[] = [];
        for (const name of ['One', 'Two', 'Three']) statuses.push((await createPet(surface(), { name, categoryId: 1 })).status);
        expect(statuses).toEqual([201, 201, 507]);
        const snapshot = await surface().controls().getState();
        expect(snapshot.pets.map(pet => [pet.id, pet.name])).toEqual([[nearTop, 'Top'], [nearTop + 1, 'One'], [nearTop + 2, 'Two']]);
        await expectError(await createPet(surface(), { name: 'Four', categoryId: 1 }), 507, 'store_full', /id at most 9007199254740991/);
        await surface().controls().setState(snapshot);
        expect(await surface().controls().getState()).toEqual(snapshot);
        await surface().reset();
      });

      it('refuses with an AdminError that carries the code and status, as the admin endpoints answer them', async () => {
        const refused = { name: 'AdminError', code: 'invalid_request', status: 400 };
        await expect(surface().controls().setState({ pets: [{ id: -1, name: 'Neg', categoryId: 1 }] })).rejects.toMatchObject(refused);
        await expect(surface().controls().override('createPet', { status: 418 })).rejects.toMatchObject(refused);
        await expect(surface().controls().clearOverrides('no-such-override')).rejects.toMatchObject({ name: 'AdminError', code: 'override_not_found', status: 404 });
        await expect(surface().controls().setState({ pets: [{ id: -1, name: 'Neg', categoryId: 1 }] })).rejects.toMatchObject({ body: { code: 'invalid_request', status: 400, message: expect.stringMatching(/^The state pets\[0\] \(id -1\): id must be >= 1/) as string } });
      });

      it('refuses in the same words on every surface: one control, written once, behind the admin endpoints and the in-process functions', async () => {
        await expect(surface().controls().clearOverrides('no-such-override')).rejects.toMatchObject({
          body: { code: 'override_not_found', status: 404, message: 'No override has id "no-such-override" in the default session; GET /__admin/overrides (or overrides() in process) lists them.' },
        });
        await expect(surface().controls('words').override('createPet', { status: 418 })).rejects.toMatchObject({
          body: { code: 'invalid_request', message: expect.stringMatching(/^status must be one createPet declares: .*; got 418\. Nothing was set\.$/) as string },
        });
      });

      it('keeps one session’s state out of every other', async () => {
        await surface().controls('state-a').setState({ pets: EXACT });
        expect(await listAll(surface(), '', { ...AUTH, [SESSION]: 'state-a' })).toEqual(sorted(EXACT));
        expect(await listAll(surface())).toHaveLength(4);
        expect((await surface().controls('state-b').getState()).pets).toHaveLength(4);
      });
    });

    describe('scripted answers', () => {
      const surface = useSurface(createSurface, { seed: 8, pets: 4, validateResponses: true });

      it('answers the next calls as scripted, stores nothing, then answers from the store again', async () => {
        const override = await surface().controls().override('createPet', { status: 503, times: 2 });
        expect(override).toMatchObject({ operationId: 'createPet', status: 503, times: 2, remaining: 2, used: 0, session: null });
        for (let call = 0; call < 2; call++) {
          const response = await createPet(surface(), { name: 'Refused', categoryId: 1 });
          await expectError(response, 503, 'service_unavailable', new RegExp(`^Scripted by override ${override.id}: the 503 response createPet declares`));
          expect(response.headers.get('retry-after')).toBe('1');
        }
        expect((await createPet(surface(), { name: 'Stored', categoryId: 1 })).status).toBe(201);
        expect((await listAll(surface())).map(pet => pet.name)).toEqual([expect.any(String), expect.any(String), expect.any(String), expect.any(String), 'Stored']);
        expect((await surface().requests()).map(entry => entry.control).slice(0, 3)).toEqual(['override', 'override', null]);
        expect(await surface().controls().overrides()).toEqual([]);
      });

      it('answers a scripted body with the headers the engine adds: Location, and the deprecation trio on getPet', async () => {
        await surface().controls().override('createPet', { status: 201, times: 1, body: { id: 99, name: 'Scripted', categoryId: 5 } });
        const created = await createPet(surface(), { name: 'Ignored', categoryId: 1 });
        expect(created.status).toBe(201);
        expect(created.headers.get('location')).toBe('/v1/pets/99');
        expect(await created.json()).toEqual({ id: 99, name: 'Scripted', categoryId: 5 });
        expect(await listAll(surface())).toHaveLength(4);
        await surface().controls().override('getPet', { status: 404 });
        const missing = await surface().request('GET', '/v1/pets/1', { headers: AUTH });
        await expectError(missing, 404, 'pet_not_found', /^Scripted by override/);
        expect(missing.headers.get('sunset')).toBe(SUNSET);
        expect(missing.headers.get('link')).toBe(SUCCESSOR_LINK);
        expect((await surface().controls().overrides())[0]).toMatchObject({ remaining: null, used: 1 });
      });

      it('still checks credentials, unless the scripted status is 401', async () => {
        await surface().controls().override('listPets', { status: 500, times: 1 });
        await expectError(await surface().request('GET', '/v1/pets'), 401, 'unauthorized', /Authorization: Bearer/);
        await expectError(await surface().request('GET', '/v1/pets', { headers: AUTH }), 500, 'internal_error', /^Scripted by override/);
        await surface().controls().override('listPets', { status: 401, times: 1 });
        const scripted = await surface().request('GET', '/v1/pets');
        await expectError(scripted, 401, 'unauthorized', /^Scripted by override/);
        expect(scripted.headers.get('www-authenticate')).toMatch(/^Bearer realm=/);
      });

      it('answers a named example, and holds the answer back as asked', async () => {
        await surface().controls().override('listPets', { status: 200, example: 'twoPets', delay: 60, times: 1 });
        const started = performance.now();
        const response = await surface().request('GET', '/v1/pets', { headers: AUTH });
        expect(performance.now() - started).toBeGreaterThanOrEqual(50);
        expect(((await response.json()) as Pet[]).map(pet => pet.name)).toEqual(['Bella', 'Milo']);
      });

      it('clears one override, all of them, and all on reset', async () => {
        const first = await surface().controls().override('listPets', { status: 503 });
        await surface().controls().override('getPet', { status: 503 });
        await surface().controls().clearOverrides(first.id);
        expect((await surface().controls().overrides()).map(override => override.operationId)).toEqual(['getPet']);
        await surface().controls().clearOverrides();
        expect(await surface().controls().overrides()).toEqual([]);
        await surface().controls().override('listPets', { status: 503 });
        await surface().reset();
        expect(await surface().controls().overrides()).toEqual([]);
        expect((await surface().request('GET', '/v1/pets', { headers: AUTH })).status).toBe(200);
      });

      it('scripts one session without touching the others', async () => {
        await surface().controls('scripted').override('listPets', { status: 503 });
        expect((await surface().request('GET', '/v1/pets', { headers: { ...AUTH, [SESSION]: 'scripted' } })).status).toBe(503);
        expect((await surface().request('GET', '/v1/pets', { headers: { ...AUTH, [SESSION]: 'plain' } })).status).toBe(200);
        expect((await surface().request('GET', '/v1/pets', { headers: AUTH })).status).toBe(200);
        expect(await surface().controls().overrides()).toEqual([]);
        await surface().reset('scripted');
        expect((await surface().request('GET', '/v1/pets', { headers: { ...AUTH, [SESSION]: 'scripted' } })).status).toBe(200);
      });

      it('is used exactly times times under parallel calls', async () => {
        await surface().controls().override('createPet', { status: 503, times: 5 });
        const statuses = await Promise.all(Array.from({ length: 20 }, (_, index) => createPet(surface(), { name: `Parallel ${index}`, categoryId: 1 }).then(response => response.status)));
        expect(statuses.filter(status => status === 503)).toHaveLength(5);
        expect(statuses.filter(status => status === 201)).toHaveLength(15);
        expect(await listAll(surface())).toHaveLength(19);
      });

      it('refuses what the document does not declare, naming it, and sets nothing', async () => {
        for (const [operationId, options, message] of [
          ['createPet', { status: 418 }, /status must be one createPet declares: 201, 400, 401, 413, 415, 500, 503, 507; got 418/],
          ['listPets', { status: 200, body: [{ id: 'x' }] }, /body does not fit the 200 response of listPets: 0 must have required property 'name'/],
          ['listPets', { status: 200, example: 'threePets' }, /example must name an example of the 200 response of listPets \(twoPets\)/],
          ['listPets', { status: 503, times: 0 }, /times must be a whole number from 1 to 1000000/],
          ['listPets', { status: 503, times: -1 }, /times must be a whole number/],
          ['listPets', { status: 503, times: 1e9 }, /times must be a whole number/],
          ['listPets', { status: 503, delay: 60_001 }, /delay must be a whole number of milliseconds from 0 to 60000/],
          ['deletePet', { status: 204 }, /operationId must be one of listPets, createPet, getPet, listStoreOrders, got "deletePet"/],
        ] as const) {
          await expect(surface().controls().override(operationId as 'listPets', options)).rejects.toThrow(message);
        }
        expect(await surface().controls().overrides()).toEqual([]);
      });
    });

    describe('limits on what clients hold', () => {
      const LONG_NAME = 'N'.repeat(200);
      const surface = useSurface(createSurface, { seed: 8, pets: 2, maxSessions: 2, maxStoredBytes: 6_000, maxOverrides: 2, maxOverrideBytes: 3_000, validateResponses: true });
      const inSession = (session: string): Record<string, string> => ({ ...JSON_AUTH, [SESSION]: session });

      it('answers 507 store_full naming maxStoredBytes once every session’s stores together are full, and stores nothing', async () => {
        let statuses: number[] = [];
        for (let index = 0; index < 12; index++) statuses.push((await createPet(surface(), { name: LONG_NAME, categoryId: 1 }, inSession(index % 2 === 0 ? 'even' : 'odd'))).status);
        expect(statuses.slice(0, 4)).toEqual([201, 201, 201, 201]);
        expect(statuses).toContain(507);
        const before = [...(await listAll(surface(), '', inSession('even'))), ...(await listAll(surface(), '', inSession('odd')))];
        const refused = await createPet(surface(), { name: LONG_NAME, categoryId: 1 }, inSession('even'));
        await expectError(refused, 507, 'store_full', /maxStoredBytes/);
        expect([...(await listAll(surface(), '', inSession('even'))), ...(await listAll(surface(), '', inSession('odd')))]).toEqual(before);
        expect((await surface().requests('even')).filter(entry => entry.status === 507).at(-1)).toMatchObject({ operationId: 'createPet', limit: 'maxStoredBytes' });
        // Resetting a session gives its bytes back: the other can write again.
        await surface().reset('even');
        statuses = [(await createPet(surface(), { name: LONG_NAME, categoryId: 1 }, inSession('odd'))).status];
        expect(statuses).toEqual([201]);
      });

      it('refuses a state past maxStoredBytes with 507, changing nothing', async () => {
        const pets = Array.from({ length: 20 }, (_, index) => ({ id: index + 1, name: LONG_NAME, categoryId: 1 }));
        const before = await surface().controls().getState();
        await expect(surface().controls().setState({ pets })).rejects.toMatchObject({ status: 507, code: 'store_full', message: expect.stringMatching(/maxStoredBytes/) as string });
        expect(await surface().controls().getState()).toEqual(before);
      });

      it('holds at most maxOverrides overrides a session, refusing one more with 507 overrides_full, and the other sessions still take theirs', async () => {
        await surface().controls('full').override('listPets', { status: 503 });
        await surface().controls('full').override('getPet', { status: 503 });
        await expect(surface().controls('full').override('createPet', { status: 503 })).rejects.toMatchObject({ status: 507, code: 'overrides_full', message: expect.stringMatching(/maxOverrides/) as string });
        expect((await surface().controls('full').overrides()).map(override => override.operationId)).toEqual(['listPets', 'getPet']);
        expect((await surface().controls().override('createPet', { status: 503 })).operationId).toBe('createPet');
      });

      it('refuses an override whose body passes the session’s maxOverrideBytes, naming it, and sets nothing', async () => {
        const body = Array.from({ length: 10 }, (_, index) => ({ id: index + 1, name: LONG_NAME, categoryId: 1 }));
        await expect(surface().controls('heavy').override('listPets', { status: 200, body })).rejects.toMatchObject({ status: 507, code: 'overrides_full', message: expect.stringMatching(/maxOverrideBytes/) as string });
        expect(await surface().controls('heavy').overrides()).toEqual([]);
      });

      it('drops a session’s overrides with it when it is evicted, so they never answer its id again', async () => {
        await surface().controls('first').override('listPets', { status: 503 });
        for (const session of ['second', 'third']) expect((await surface().request('GET', '/v1/pets', { headers: inSession(session) })).status).toBe(200);
        const again = await surface().request('GET', '/v1/pets', { headers: inSession('first') });
        expect(again.status).toBe(200);
        expect(again.headers.get('x-petstore-session-opened')).toBe('reopened');
        expect(await surface().controls('first').overrides()).toEqual([]);
      });
    });

    describe('verification', () => {
      const surface = useSurface(createSurface, { seed: 8, pets: 4, validateResponses: true });

      it('lists an operation’s calls with the bodies sent, in every session', async () => {
        await createPet(surface(), { name: 'First', categoryId: 1 });
        await createPet(surface(), { name: 7, categoryId: 1 });
        await createPet(surface(), { name: 'In a session', categoryId: 2 }, { ...JSON_AUTH, [SESSION]: 'verify' });
        await surface().request('GET', '/v1/pets', { headers: AUTH });
        const calls = await surface().controls().calls('createPet');
        expect(calls.map(call => [call.status, call.body, call.session])).toEqual([
          [201, { name: 'First', categoryId: 1 }, null],
          [400, { name: 7, categoryId: 1 }, null],
          [201, { name: 'In a session', categoryId: 2 }, 'verify'],
        ]);
        expect((await surface().controls('verify').calls('createPet')).map(call => call.body)).toEqual([{ name: 'In a session', categoryId: 2 }]);
        expect(await surface().controls().calls('getPet')).toEqual([]);
      });

      it('marks a body over the journal’s bound as cut, and keeps a small one', async () => {
        await createPet(surface(), JSON.stringify({ name: 'Big', categoryId: 1, notes: 'n'.repeat(5_000) }));
        await createPet(surface(), 'not json at all', { ...AUTH, 'content-type': 'text/plain' });
        const [big, text] = await surface().controls().calls('createPet');
        expect(big).toMatchObject({ status: 201, body: null, bodyCut: true });
        expect(text).toMatchObject({ status: 415, body: 'not json at all', bodyCut: false });
      });
    });
  });
}
