import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import type { ApiError, Call, NewPet, Override, Pet } from '../src/index.js';
import { createPetstoreMock } from '../src/msw/index.js';

const BASE = 'https://api.animal-store.example/v1';
const AUTH = { authorization: 'Bearer typed', 'content-type': 'application/json' };

describe('the typed test controls of the MSW mock', () => {
  const mock = createPetstoreMock({ seed: 3, pets: 2 });
  const server = setupServer(...mock.handlers);
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterAll(() => server.close());

  it('accept only the statuses and bodies the document declares for the operation', () => {
    // Compile-time checks: `tsc -p tsconfig.spec.json` (part of npm test) fails if any of these stops being an error.
    const typeOnly = (): void => {
      // @ts-expect-error createPet declares no 418
      void mock.override('createPet', { status: 418 });
      // @ts-expect-error a 201 of createPet is a Pet, which has a name
      void mock.override('createPet', { status: 201, body: { id: 1, categoryId: 1 } });
      // @ts-expect-error a 503 is an Error body
      void mock.override('listPets', { status: 503, body: [] });
      // @ts-expect-error the document has no deletePet
      void mock.override('deletePet', { status: 204 });
    };
    expect(typeOnly).toBeTypeOf('function');
    expectTypeOf(mock.override('createPet', { status: 201, body: { id: 9, name: 'Typed', categoryId: 1 } })).resolves.toEqualTypeOf<Override>();
    expectTypeOf<Parameters<typeof mock.override<'getPet', 404>>[1]['body']>().toEqualTypeOf<ApiError | undefined>();
    expectTypeOf<Parameters<typeof mock.override<'listPets', 200>>[1]['body']>().toEqualTypeOf<Pet[] | undefined>();
  });

  it('types a call’s body as the operation’s request body', async () => {
    await fetch(`${BASE}/pets`, { method: 'POST', headers: AUTH, body: '{"name":"Typed","categoryId":4}' });
    const calls = mock.calls('createPet');
    expectTypeOf(calls).toEqualTypeOf<Call<'createPet'>[]>();
    expectTypeOf(calls[0]?.body).toEqualTypeOf<NewPet | null | undefined>();
    expect(calls.map(call => call.body?.name)).toEqual(['Typed']);
  });

  it('refuses what TypeScript would, for callers without it', async () => {
    const untyped = mock as unknown as { override(operationId: string, options: object): Promise<Override> };
    await expect(untyped.override('createPet', { status: 418 })).rejects.toThrow(/^\[petstore-mock\] status must be one createPet declares/);
    await expect(mock.setState({ pets: [{ id: 1, name: 'Cat', categoryId: 1.5 }] })).rejects.toThrow(/pets\[0\] \(id 1\): categoryId must be integer; nothing was changed/);
    expect(() => mock.clearOverrides('404')).toThrow(/No override has id "404"/);
  });

  it('checks initialPets against the document when the engine is made', async () => {
    const bad = createPetstoreMock({ initialPets: [{ id: 1, name: 'n'.repeat(300), categoryId: 1 }] });
    await expect(bad.engine()).rejects.toThrow(/initialPets pets\[0\] \(id 1\): name must NOT have more than 255 characters/);
  });
});
