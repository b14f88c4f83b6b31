/**
 * The start-up checks of the package's document, done once at build: its examples against their
 * schemas, and pets generated from its Pet (many seeds, many pets) against Pet. The build fails when
 * generated pets do not fit; the engine skips both checks for a document whose cache holds them.
 */
import type { CompiledDocument, DocumentChecks } from '../src/document/compile-document.js';
import { prepareDocument } from '../src/document/prepared-document.js';
import { findInvalidExamples } from '../src/engine/document-state.js';
import { describeSchemaProblems, findSchemaProblems } from '../src/engine/schema/index.js';
import { DEFAULT_SEED } from '../src/fixtures/default-seed.js';
import { generatePets } from '../src/fixtures/pet-generator.js';
import { DEFAULT_PETS } from '../src/sessions/session-registry.js';

const SEEDS = 50;
const PETS_PER_SEED = 200;

export function checkDocument(compiled: CompiledDocument): DocumentChecks {
  const document = prepareDocument(compiled);
  for (let seed = 0; seed < SEEDS; seed++) {
    for (const [index, pet] of generatePets(document.firstCollection, PETS_PER_SEED, { seed }).entries()) {
      const problems = findSchemaProblems(pet, document.firstCollection.recordSchema);
      if (problems.length > 0) throw new Error(`Seeded pets do not fit the document's Pet (seed ${seed}, pets[${index}]: ${describeSchemaProblems(problems)}).`);
    }
  }
  const firstId = document.firstCollection.idBounds.minimum;
  const seededPets = { seed: DEFAULT_SEED, firstId, pets: generatePets(document.firstCollection, DEFAULT_PETS, { seed: DEFAULT_SEED, firstId }) as unknown as Record<string, unknown>[] };
  return { invalidExamples: findInvalidExamples(document), seededPetsFit: true, seededPets };
}
