import { generateMersenne53Randomizer, SimpleFaker } from '@faker-js/faker';
import { describe, expect, it } from 'vitest';
import { createPetFaker } from '../../src/fixtures/pet-faker.js';
import { createSeededRandomizer } from '../../src/fixtures/seeded-randomizer.js';

/** Seeds as the engine derives them (32-bit), and the edges of what a number seed can be. */
const SEEDS = [0, 1, 7, 42, 123_456_789, 2 ** 31 - 1, 2 ** 31, 2 ** 32 - 1, 2 ** 32, 2 ** 40 + 7, 2 ** 53 - 1, -1, -5, 3.7, Number.NaN];

describe("the engine's seeded randomizer", () => {
  it("draws the very numbers Faker's default randomizer draws for every seed, past the state's first 624 words", () => {
    for (const seed of [...SEEDS, ...Array.from({ length: 200 }, (_, index) => (index * 2_654_435_761) % 2 ** 32)]) {
      const faker = generateMersenne53Randomizer(seed);
      const ours = createSeededRandomizer(seed);
      const theirs = Array.from({ length: 1_500 }, () => faker.next());
      expect(Array.from({ length: 1_500 }, () => ours.next()), `seed ${seed}`).toEqual(theirs);
    }
  });

  it('draws the same numbers again once seeded again, by a number or by an array of numbers as Faker does', () => {
    const ours = createSeededRandomizer(5);
    const faker = generateMersenne53Randomizer(5);
    for (let index = 0; index < 700; index += 1) ours.next();
    ours.seed(99);
    faker.seed(99);
    expect(Array.from({ length: 50 }, () => ours.next())).toEqual(Array.from({ length: 50 }, () => faker.next()));
    for (const key of [[3, 1, 4], [], [2 ** 32 - 1, -7, 1.5], Array.from({ length: 700 }, (_, index) => index * 2_654_435_761)]) {
      ours.seed(key);
      faker.seed(key);
      expect(Array.from({ length: 700 }, () => ours.next()), `seed [${key.slice(0, 3).join(', ')}…]`).toEqual(Array.from({ length: 700 }, () => faker.next()));
    }
  });

  it("gives the kit's Faker the values a SimpleFaker seeded the same way gives", () => {
    for (const seed of SEEDS.slice(0, 8)) {
      const reference = new SimpleFaker();
      reference.seed(seed);
      const faker = createPetFaker(seed);
      const draw = (each: SimpleFaker): unknown[] => [each.string.uuid(), each.number.int({ min: 1, max: 1_000_000 }), each.string.alphanumeric(20), each.date.anytime({ refDate: 0 }).toISOString(), each.helpers.arrayElement(['a', 'b', 'c'])];
      expect(draw(faker), `seed ${seed}`).toEqual(draw(reference));
    }
  });
});
