/**
 * `npm run fixtures`: writes the files derived from Faker and the fixtures, which
 * test/build/generated-files.test.ts checks are current:
 * - src/fixtures/pet-names.generated.ts: Faker's English pet names, so the fixtures need Faker's
 *   class but not its whole English locale (which costs ~50 ms of start-up to evaluate);
 * - fixtures/pets.json: the 20 pets the mock starts with by default (seed 1);
 * - src/fixtures/default-pets.generated.ts: the same pets for `buildPets`, which then needs no Faker
 *   for them.
 */
import { writeFileSync } from 'node:fs';
import { renderDefaultPets, renderDefaultSeededPetsModule, renderPetNamesModule } from './render-generated.js';

writeFileSync(new URL('../src/fixtures/pet-names.generated.ts', import.meta.url), renderPetNamesModule());
writeFileSync(new URL('../fixtures/pets.json', import.meta.url), await renderDefaultPets());
writeFileSync(new URL('../src/fixtures/default-pets.generated.ts', import.meta.url), await renderDefaultSeededPetsModule());
console.log('Wrote src/fixtures/pet-names.generated.ts, fixtures/pets.json and src/fixtures/default-pets.generated.ts.');
