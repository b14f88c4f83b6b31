import type { OpenAPIV3_1 } from 'openapi-types';
// What the engine's state takes from its document: the stores' shape of a pet, the seeded pets, and
// what changes when a new document (`--watch`) replaces the old one.
import { DocumentShapeError, type PetResource, type PetstoreDocument } from '../document/index.js';
import { createPetFaker } from '../fixtures/pet-faker.js';
import { generatePets } from '../fixtures/pet-generator.js';
import { fakeValue } from '../fixtures/schema-values.js';
import { deriveSeed, type SessionRegistry } from '../sessions/index.js';
import { findDefaultStatusProblem } from '../options/index.js';
import type { PetShape } from '../store/index.js';
import type { Pet, PetStatus } from '../types/index.js';
import { unlessEvalBlocked } from './checks/eval-blocked.js';
import { describeSchemaProblems, findSchemaProblems, validatorsSourceOf, type ValidatorsSource } from './schema/index.js';

/** What a new document changed, for the log: operations by `METHOD /path (operationId)`, and the pets its `Pet` refused. */
export interface DocumentChange {
  added: string[];
  removed: string[];
  /** Operations deprecated by the new document that were not before. */
  deprecated: string[];
  /** Pets removed from a store because the new `Pet` refuses them, with why. */
  refusedPets: { session: string | null; id: number; problem: string }[];
}

/** What `GET /__admin/settings` and the dashboard show of the document. */
export interface DocumentSummary {
  title: string;
  version: string;
  /** The first 12 hex digits of the SHA-256 of its text; null for a document given as an object without one. */
  sha256: string | null;
  /** The file it was read from; null for the one given as an object or embedded in a page. */
  path: string | null;
  operations: number;
  /** `precompiled`: the build compiled its validators (the package's document, built); else Ajv compiles each schema on first use, which needs 'unsafe-eval' under a CSP. */
  validators: ValidatorsSource;
}

export function describeDocument(document: PetstoreDocument): DocumentSummary {
  return {
    title: document.source.info.title,
    version: document.source.info.version,
    sha256: document.origin.sha256?.slice(0, 12) ?? null,
    path: document.origin.path ?? null,
    operations: document.operations.size,
    validators: validatorsSourceOf(document.origin.sha256),
  };
}

/** The pets every store starts from: the ones given, or `count` generated from the document's `Pet` with `seed`. */
export function documentPets(document: PetstoreDocument, options: { seed: number; count: number; initialPets: readonly Pet[] | undefined }): readonly Pet[] {
  return options.initialPets ?? generatePets(document.pets, options.count, { seed: options.seed, firstId: document.pets.idBounds.minimum });
}

/**
 * `pet` with what the service assigns filled in (each required property it lacks, drawn from its
 * schema, seeded by the pet's id and the property's name), checked against the document's `Pet`.
 */
export function completePet(record: Readonly<Record<string, unknown>>, resource: PetResource, draw: { seed: number; now: Date }): { pet: Pet } | { problem: string } {
  const pet: Record<string, unknown> = { ...record };
  const id = String(pet[resource.idProperty]);
  for (const name of resource.petSchema.required ?? []) {
    if (pet[name] !== undefined || name === resource.idProperty) continue;
    pet[name] = fakeValue(resource.petSchema.properties?.[name], name, { faker: createPetFaker(deriveSeed(draw.seed, id, name)), now: draw.now, assigned: true });
  }
  const problems = findSchemaProblems(pet, resource.petSchema);
  return problems.length > 0 ? { problem: describeSchemaProblems(problems) } : { pet: pet as unknown as Pet };
}

/**
 * Gives the sessions the document's shape of a pet and its seeded pets. On a new document the pets
 * every store holds are kept where the new `Pet` takes them (properties it no longer declares
 * dropped, required ones it adds assigned); the others are removed and listed in the result.
 * Throws, changing nothing, when `defaultStatus` is not a status of the document or the seeded pets do not fit it.
 */
export function adoptDocument(
  sessions: SessionRegistry,
  document: PetstoreDocument,
  options: {
    defaultStatus: PetStatus | null | undefined;
    initialPets: readonly Pet[];
    initialPetsGiven?: boolean;
    /** The sessions were made before the document was read (the MSW handlers), from the package's seeded pets. */
    sessionsMadeBefore?: boolean;
    seed: number;
    now: Date;
    previous?: PetstoreDocument;
  },
): DocumentChange {
  const resource = document.pets;
  const shape = documentShape(document, options.defaultStatus);
  // Pets given were checked when read (readPets); seeded ones of the package's document at build.
  const seededUnchecked = options.initialPetsGiven !== true && document.checks?.seededPetsFit !== true;
  for (const [index, pet] of seededUnchecked ? options.initialPets.entries() : []) {
    const problems = unlessEvalBlocked(() => findSchemaProblems(pet, resource.petSchema), []);
    if (problems.length > 0) {
      throw new DocumentShapeError(
        `[petstore-mock] The seeded pets do not fit the document's Pet (pets[${index}]: ${describeSchemaProblems(problems)}); give such a property an example or a default in the document.`,
      );
    }
  }
  Object.assign(sessions.shape, shape);
  const refusedPets: DocumentChange['refusedPets'] = [];
  if (options.previous) {
    const named = [undefined, ...sessions.ids()];
    for (const [index, store] of sessions.stores().entries()) {
      const kept: Pet[] = [];
      for (const pet of store.list({ limit: Number.POSITIVE_INFINITY })) {
        const declared = Object.fromEntries(Object.entries(pet).filter(([name]) => resource.fields.includes(name)));
        const completed = completePet(declared, resource, options);
        if ('pet' in completed) kept.push(completed.pet);
        else refusedPets.push({ session: named[index] ?? null, id: (pet as unknown as Record<string, number>)[resource.idProperty] ?? Number.NaN, problem: completed.problem });
      }
      // The operator's edit, not a client's write: counted against the stores' budget, never refused.
      store.replace(kept, { overBudget: true });
    }
  }
  if (options.previous) {
    sessions.setInitialPets(options.initialPets);
  } else if (options.sessionsMadeBefore === true && JSON.stringify(sessions.initialPets) !== JSON.stringify(options.initialPets)) {
    // Made from another document's pets, before this one was read: the stores start from its pets now.
    sessions.setInitialPets(options.initialPets);
    for (const store of sessions.stores()) store.reset();
  }
  return { ...compareOperations(options.previous, document), refusedPets };
}

/** What the stores keep of a pet, by the document; throws when `defaultStatus` is not one of its statuses. */
export function documentShape(document: PetstoreDocument, defaultStatus: PetStatus | null | undefined, optionName?: string): Required<PetShape> {
  const resource = document.pets;
  return { fields: resource.fields, idProperty: resource.idProperty, idBounds: resource.idBounds, defaultStatus: documentDefaultStatus(resource, defaultStatus, optionName) };
}

/**
 * Examples of the document's responses that their own schema refuses, as sentences: Prism serves an
 * example as it is written, so a forced or scripted answer would break the document (and answer 500
 * with `--validate-responses`). The engine warns of them when it reads the document.
 */
export function findInvalidExamples(document: PetstoreDocument): readonly string[] {
  if (document.checks) return document.checks.invalidExamples;
  const found: string[] = [];
  // The resolved source, not Prism's operations: there a schema shared by many responses is one
  // object, so its validator is compiled once, not once per operation.
  for (const operation of document.operations.values()) {
    const definition = (document.resolved.paths?.[operation.path] as Record<string, OpenAPIV3_1.OperationObject>)[operation.method];
    for (const [code, response] of Object.entries(definition?.responses ?? {})) {
      for (const content of Object.values((response as OpenAPIV3_1.ResponseObject).content ?? {})) {
        if (!content.schema) continue;
        const examples = Object.entries(content.examples ?? {}).map(([key, example]) => [key, (example as OpenAPIV3_1.ExampleObject).value] as const);
        if (content.example !== undefined) examples.push(['example', content.example]);
        for (const [key, value] of examples) {
          if (value === undefined) continue;
          const problems = unlessEvalBlocked(() => findSchemaProblems(value, content.schema), []);
          if (problems.length > 0) found.push(`the ${code} example "${key}" of ${operation.operationId} breaks its schema (${describeSchemaProblems(problems)})`);
        }
      }
    }
  }
  return found;
}

/** Status of a pet created without one: the option, checked against the document's enum; else the schema's default or first value. */
function documentDefaultStatus(resource: PetResource, option: PetStatus | null | undefined, optionName?: string): PetStatus | null {
  const schema = resource.petSchema.properties?.['status'];
  const problem = findDefaultStatusProblem(option, schema?.enum, optionName);
  if (problem) throw new RangeError(`[petstore-mock] ${problem}`);
  if (!schema || !resource.writableFields.includes('status')) return null;
  if (option !== undefined) return option;
  return ((schema.default ?? schema.enum?.[0] ?? null) as PetStatus | null);
}

function compareOperations(previous: PetstoreDocument | undefined, next: PetstoreDocument): Omit<DocumentChange, 'refusedPets'> {
  const name = (operation: { method: string; path: string; operationId: string }): string => `${operation.method.toUpperCase()} ${operation.path} (${operation.operationId})`;
  const before = new Map([...(previous?.operations.values() ?? [])].map(operation => [`${operation.method} ${operation.path}`, operation]));
  const after = new Map([...next.operations.values()].map(operation => [`${operation.method} ${operation.path}`, operation]));
  if (!previous) return { added: [], removed: [], deprecated: [] };
  return {
    added: [...after].filter(([key]) => !before.has(key)).map(([, operation]) => name(operation)),
    removed: [...before].filter(([key]) => !after.has(key)).map(([, operation]) => name(operation)),
    deprecated: [...after]
      .filter(([key, operation]) => operation.definition.deprecated === true && before.get(key)?.definition.deprecated !== true)
      .map(([, operation]) => name(operation)),
  };
}
