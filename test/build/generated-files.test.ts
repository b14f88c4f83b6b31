import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { renderApiTypesModule } from '../../scripts/render-api-types.js';
import { renderDefaultPets, renderDefaultSeededPetsModule, renderPackageBasePathModule, renderPackageVersionModule, renderPetNamesModule } from '../../scripts/render-generated.js';

const read = (path: string): string => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');

describe('the generated files', () => {
  it('hold the pet names of the installed Faker (run npm run fixtures if not)', () => {
    expect(read('src/fixtures/pet-names.generated.ts')).toBe(renderPetNamesModule());
  });

  it('hold the default seeded pets Faker draws, for buildPets to answer without Faker (run npm run fixtures if not)', async () => {
    expect(read('src/fixtures/default-pets.generated.ts')).toBe(await renderDefaultSeededPetsModule());
  });

  it('hold the base path of the package document’s servers (run npm run build if not)', async () => {
    expect(read('src/document/package-base-path.generated.ts')).toBe(await renderPackageBasePathModule());
  });

  it('hold the package’s version, which the HAR export names (run npm run build if not)', async () => {
    expect(read('src/engine/journal/package-version.generated.ts')).toBe(await renderPackageVersionModule());
  });

  it('hold the default seeded pets in fixtures/pets.json (run npm run fixtures if not)', async () => {
    expect(read('fixtures/pets.json')).toBe(await renderDefaultPets());
  });

  it('hold the API’s types as the document declares them (run npm run build if not)', () => {
    expect(read('src/types/api.generated.ts')).toBe(renderApiTypesModule(read('openapi/petstore.yaml')));
  });

  it('hold the installed MSW’s worker script in the browser example (npx msw init examples/browser-app/public if not)', () => {
    const installed = readFileSync(createRequire(import.meta.url).resolve('msw/mockServiceWorker.js'), 'utf8');
    expect(read('examples/browser-app/public/mockServiceWorker.js')).toBe(installed);
  });
});
