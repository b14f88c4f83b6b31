import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createPetstoreMock } from 'petstore-mock/msw';
import { buildNewPet } from 'petstore-mock/fixtures';
import { createPetClient, PetApiError } from './pet-client.js';

const petstore = createPetstoreMock({ seed: 42, pets: 10 });
const server = setupServer(...petstore.handlers);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => petstore.reset());
afterAll(() => server.close());

const client = createPetClient('https://api.animal-store.example/v1', 'test-key');

describe('the pet client', () => {
  it('lists available pets, at most the limit', async () => {
    const pets = await client.listPets({ status: 'available', limit: 3 });
    expect(pets.length).toBeLessThanOrEqual(3);
    expect(pets.every(pet => pet.status === 'available')).toBe(true);
  });

  it('creates a pet and finds it in the list', async () => {
    const created = await client.createPet(buildNewPet({ name: 'Biscuit' }, { seed: 1 }));
    expect(created).toMatchObject({ id: 11, name: 'Biscuit' });
    expect(await client.listPets({ limit: 100 })).toContainEqual(created);
  });

  it('surfaces a 401 as a PetApiError with the API error code', async () => {
    const anonymous = createPetClient('https://api.animal-store.example/v1', '');
    await expect(anonymous.listPets()).rejects.toMatchObject({ status: 401, body: { code: 'unauthorized' } });
    await expect(anonymous.listPets()).rejects.toBeInstanceOf(PetApiError);
  });

  it('reads the deprecation of getPet: its sunset and its successor', async () => {
    const { pet, deprecation } = await client.getPet(1);
    expect(pet.id).toBe(1);
    expect(deprecation.sunset.toISOString()).toBe('2030-12-05T00:00:00.000Z');
    expect(deprecation.successor).toBe('/v1/pets');
    expect(deprecation.deprecatedAt.getTime()).toBeLessThan(deprecation.sunset.getTime());
  });
});
