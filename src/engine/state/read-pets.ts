import type { JsonSchema, PetstoreDocument } from '../../document/index.js';
import type { Pet } from '../../types/index.js';
import { describeSchemaProblems, findSchemaProblems, findInexactNumber } from '../schema/index.js';

export type ReadPetsResult = { pets: Pet[] } | { problem: string };

/** What every stored pet must be: the document's `Pet`, its properties, the one that identifies a pet and the ids the document allows. */
export function petSchemaOf(document: PetstoreDocument): {
  schema: JsonSchema;
  fields: readonly string[];
  idProperty: string;
  idBounds: { readonly minimum: number; readonly maximum: number };
  /** Arrays of another collection's records the schema embeds (`Owner.pets`): shown when answered, never given or kept. */
  embedded: readonly string[];
} {
  const embedded = document.pets.resource.embeds.map(embed => embed.property);
  return { schema: document.pets.petSchema, fields: document.pets.fields.filter(field => !embedded.includes(field)), idProperty: document.pets.idProperty, idBounds: document.pets.idBounds, embedded };
}

/**
 * Pets given whole (`PUT /__admin/state`, `--data`, `initialPets`, `setState`, kept pets restored):
 * `{"pets": [...]}` or a bare array, each pet valid against the document's `Pet` by Prism's
 * validator, with no field `Pet` does not declare, no integer beyond ±(2^53 − 1), ids within the
 * document's bounds (so a store given them never assigns an id past its maximum) and unique, at most
 * `maxPets`. The first problem as a sentence naming the pet and its field, or the pets in id order.
 */
export function readPets(value: unknown, pet: ReturnType<typeof petSchemaOf>, maxPets: number): ReadPetsResult {
  const list = Array.isArray(value) ? (value as unknown[]) : isPetsDocument(value) ? value.pets : undefined;
  if (!list) return { problem: `must be {"pets": [...]} or an array of pets, got ${describe(value)}` };
  if (list.length > maxPets) return { problem: `holds ${list.length} pets, more than a store holds (${maxPets}, --max-pets)` };
  const seen = new Map<number, number>();
  for (const [index, item] of list.entries()) {
    const name = `pets[${index}]`;
    if (typeof item !== 'object' || item === null || Array.isArray(item)) return { problem: `${name} must be an object (a Pet), got ${describe(item)}` };
    const id = (item as Record<string, unknown>)[pet.idProperty];
    const label = typeof id === 'number' ? `${name} (${pet.idProperty} ${id})` : name;
    const unknown = Object.keys(item).filter(field => !pet.fields.includes(field));
    if (unknown.length > 0) return { problem: `${label} has ${unknown.map(field => JSON.stringify(field)).join(', ')}, which Pet does not declare (it has ${pet.fields.join(', ')})` };
    // Embedded children are checked as present: the store fills them from their own collection.
    const checked = pet.embedded.length === 0 ? item : { ...item, ...Object.fromEntries(pet.embedded.map(name => [name, []])) };
    const problems = findSchemaProblems(checked, pet.schema);
    if (problems.length > 0) return { problem: `${label}: ${describeSchemaProblems(problems)}` };
    const { minimum, maximum } = pet.idBounds;
    if (typeof id !== 'number' || !Number.isInteger(id) || id > maximum || id < minimum) {
      return { problem: `${label}: ${pet.idProperty} must be a whole number from ${minimum} to ${maximum} (the ids the document's Pet allows), got ${id === undefined ? 'none' : JSON.stringify(id)}` };
    }
    const inexact = findInexactNumber(item, pet.schema);
    if (inexact) return { problem: `${label}: ${inexact.path} is ${inexact.value}, ${inexact.reason}, so it is refused rather than stored as another` };
    const earlier = seen.get(id);
    if (earlier !== undefined) return { problem: `${name} repeats ${pet.idProperty} ${String(id)} of pets[${earlier}]: ids must be unique` };
    seen.set(id, index);
  }
  const idOf = (item: Pet): number => (item as unknown as Record<string, number>)[pet.idProperty] as number;
  return { pets: [...(list as Pet[])].sort((a, b) => idOf(a) - idOf(b)) };
}

function isPetsDocument(value: unknown): value is { pets: unknown[] } {
  return typeof value === 'object' && value !== null && Object.keys(value).length === 1 && Array.isArray((value as { pets?: unknown }).pets);
}

function describe(value: unknown): string {
  if (Array.isArray(value)) return 'an array';
  if (value === null) return 'null';
  if (typeof value === 'object') return `an object with ${Object.keys(value).map(key => JSON.stringify(key)).join(', ') || 'no fields'}`;
  return typeof value;
}
