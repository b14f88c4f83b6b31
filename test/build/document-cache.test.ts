import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkDocument } from '../../scripts/check-document.js';
import { compileDocument } from '../../src/document/compile-document.js';
import { compiledDocumentPath, hashDocument, loadDocument, locateDocument, type CompiledDocumentCache } from '../../src/document/index.js';
import { prepareDocument } from '../../src/document/prepared-document.js';
import { documentPets } from '../../src/engine/document-state.js';
import { DEFAULT_SEED } from '../../src/fixtures/default-seed.js';
import { generatePets } from '../../src/fixtures/pet-generator.js';
import { DEFAULT_PETS } from '../../src/sessions/session-registry.js';

const shippedText = readFileSync(locateDocument(), 'utf8');

function copyDocument(text: string, cache?: CompiledDocumentCache): string {
  const path = join(mkdtempSync(join(tmpdir(), 'petstore-cache-')), 'petstore.yaml');
  writeFileSync(path, text);
  if (cache) writeFileSync(compiledDocumentPath(path), JSON.stringify(cache));
  return path;
}

describe('the compiled document cache', () => {
  it('is written by the build and matches a fresh compile of the YAML', () => {
    const cachePath = compiledDocumentPath(locateDocument());
    expect(existsSync(cachePath), 'run npm run build').toBe(true);
    const cache = JSON.parse(readFileSync(cachePath, 'utf8')) as CompiledDocumentCache;
    expect(cache.sourceSha256).toBe(hashDocument(shippedText));
    const { checks, ...compiled } = cache.compiled;
    expect(compiled).toEqual(JSON.parse(JSON.stringify(compileDocument(shippedText))));
    // The start-up checks done at build: the shipped document's examples fit their schemas.
    const { seededPets, ...checked } = checks ?? {};
    expect(checked).toEqual({ invalidExamples: [], seededPetsFit: true });
    expect(seededPets).toBeDefined();
  });

  it('holds the default seeded pets the build drew, the same as Faker draws them now, and the engine starts from them', () => {
    const cache = JSON.parse(readFileSync(compiledDocumentPath(locateDocument()), 'utf8')) as CompiledDocumentCache;
    const document = prepareDocument(cache.compiled);
    const firstId = document.firstCollection.idBounds.minimum;
    const drawnNow = generatePets(document.firstCollection, DEFAULT_PETS, { seed: DEFAULT_SEED, firstId });
    expect(cache.compiled.checks?.seededPets).toEqual({ seed: DEFAULT_SEED, firstId, pets: drawnNow });
    // Fewer are the first ones, as Faker draws them; another seed or more pets are drawn now.
    for (const [seed, count] of [[DEFAULT_SEED, DEFAULT_PETS], [DEFAULT_SEED, 3], [DEFAULT_SEED, DEFAULT_PETS + 5], [DEFAULT_SEED + 1, DEFAULT_PETS]] as const) {
      expect(documentPets(document, { seed, count, initialPets: undefined }), `seed ${seed}, ${count} pets`).toEqual(generatePets(document.firstCollection, count, { seed, firstId }));
    }
    // The engine's copy, never the cached document's own objects.
    const started = documentPets(document, { seed: DEFAULT_SEED, count: DEFAULT_PETS, initialPets: undefined });
    expect(started[0]).not.toBe(cache.compiled.checks?.seededPets?.pets[0]);
  });

  it('holds the start-up checks, which a document compiled at run time does without', async () => {
    expect((await loadDocument()).checks?.seededPetsFit).toBe(true);
    expect((await loadDocument(copyDocument(`${shippedText}\n# edited\n`))).checks).toBeUndefined();
  });

  it('is used while its hash matches the YAML', async () => {
    const compiled = { ...compileDocument(shippedText), basePath: '/from-cache' };
    const document = await loadDocument(copyDocument(shippedText, { sourceSha256: hashDocument(shippedText), compiled }));
    expect(document.basePath).toBe('/from-cache');
  });

  it('fails the build when pets generated from the document do not fit it', () => {
    // Pet's name (not NewPet's) bound by a pattern that nothing matches: the generator, which fits
    // a name to its pattern where one can be found (a digits-only one, say), cannot fit this one.
    const [before, pet = ''] = shippedText.split('\n    Pet:\n');
    const patterned = `${before}\n    Pet:\n${pet.replace('maxLength: 255', () => "maxLength: 255\n          pattern: '^(?!)x$'")}`;
    expect(patterned).toContain("pattern: '^(?!)x$'");
    expect(() => checkDocument(compileDocument(patterned))).toThrow(/Seeded pets do not fit the document's Pet \(seed 0, pets\[0\]: name must match pattern/);
  });

  it('is ignored once the YAML changes, so the YAML stays the source of truth', async () => {
    const edited = shippedText.replace('url: https://api.animal-store.example/v1', 'url: https://api.animal-store.example/v2').replace('url: https://staging.api.animal-store.example/v1', 'url: https://staging.api.animal-store.example/v2');
    const stale = { sourceSha256: hashDocument(shippedText), compiled: compileDocument(shippedText) };
    const document = await loadDocument(copyDocument(edited, stale));
    expect(document.basePath).toBe('/v2');
  });
});
