import { execFileSync } from 'node:child_process';
import { faker as globalFaker } from '@faker-js/faker';
import { describe, expect, it } from 'vitest';
import { fakePets } from '../../src/fixtures/build-pet.js';
import { DEFAULT_SEEDED_PETS } from '../../src/fixtures/default-pets.generated.js';
import { buildNewPet, buildPet, buildPets, PET_STATUSES } from '../../src/fixtures/index.js';

describe('the seeded fixtures', () => {
  it('builds the same pets from the same seed, and others from another', () => {
    expect(buildPets(10, { seed: 9 })).toEqual(buildPets(10, { seed: 9 }));
    expect(buildPets(10, { seed: 9 })).not.toEqual(buildPets(10, { seed: 10 }));
    expect(buildPet({}, { seed: 4 })).toEqual(buildPet({}, { seed: 4 }));
    expect(buildNewPet({}, { seed: 4 })).toEqual(buildNewPet({}, { seed: 4 }));
  });

  it('answers the default pets drawn by npm run fixtures, the same as Faker draws them now, and fewer as their first ones', () => {
    expect(DEFAULT_SEEDED_PETS).toHaveLength(20);
    for (const count of [20, 7, 0]) expect(buildPets(count), `${count} pets`).toEqual(fakePets(count, { seed: 1, firstId: 1 }));
    expect(buildPets(25)).toEqual(fakePets(25, { seed: 1, firstId: 1 }));
    expect(buildPets(20, { seed: 2 })).toEqual(fakePets(20, { seed: 2, firstId: 1 }));
    expect(buildPets(20, { firstId: 3 })).toEqual(fakePets(20, { seed: 1, firstId: 3 }));
    // Copies: a caller changing one changes no later answer.
    const [first] = buildPets(1);
    if (first) first.name = 'Changed';
    expect(buildPets(1)[0]?.name).toBe(DEFAULT_SEEDED_PETS[0]?.name);
  });

  it('numbers pets from firstId, 1 by default', () => {
    expect(buildPets(3).map(pet => pet.id)).toEqual([1, 2, 3]);
    expect(buildPets(3, { firstId: 50 }).map(pet => pet.id)).toEqual([50, 51, 52]);
  });

  it('gives realistic names, categories and all three statuses', () => {
    const pets = buildPets(30, { seed: 1 });
    for (const pet of pets) {
      expect(pet.name).toMatch(/^[A-Z][\p{L}' .-]+$/u);
      expect(Number.isInteger(pet.categoryId) && pet.categoryId >= 1).toBe(true);
      expect(PET_STATUSES).toContain(pet.status);
    }
    expect(new Set(pets.map(pet => pet.status))).toEqual(new Set(PET_STATUSES));
    expect(new Set(pets.map(pet => pet.name)).size).toBeGreaterThan(10);
  });

  it('lets overrides replace fields', () => {
    expect(buildPet({ id: 7, status: 'sold' })).toMatchObject({ id: 7, status: 'sold' });
    expect(buildNewPet({ name: 'Rex' }).name).toBe('Rex');
  });

  it('uses a Faker of its own, untouched by a user seeding the global one', () => {
    const before = buildPets(5, { seed: 2 });
    globalFaker.seed(123);
    globalFaker.animal.petName();
    expect(buildPets(5, { seed: 2 })).toEqual(before);
  });

  it('gives the same pets in another process', () => {
    const script = "import('./src/fixtures/index.ts').then(m => process.stdout.write(JSON.stringify(m.buildPets(5, { seed: 77 }))))";
    const output = execFileSync(process.execPath, ['--import', 'tsx', '-e', script], { encoding: 'utf8' });
    expect(JSON.parse(output)).toEqual(buildPets(5, { seed: 77 }));
  });

  it('refuses a count that is not a whole number', () => {
    expect(() => buildPets(-1)).toThrow(/whole number of pets/);
    expect(() => buildPets(1.5)).toThrow(/whole number of pets/);
  });
});
