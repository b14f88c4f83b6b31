import type { PetstoreDocument } from '../../document/index.js';
import type { Pet } from '../../types/index.js';
import { describeSchemaProblems, findSchemaProblems } from '../schema/index.js';

export type ReadPetsResult = { pets: Pet[] } | { problem: string };

/** What every stored pet must be: the document's `Pet`, its properties and the one that identifies a pet. */
export function petSchemaOf(document: PetstoreDocument): { schema: unknown; fields: readonly string[]; idProperty: string } {
  return { schema: document.pets.petSchema, fields: document.pets.fields, idProperty: document.pets.idProperty };
}

/**
 * Pets given whole (`PUT /__admin/state`, `--data`, `initialPets`): `{"pets": [...]}` or a bare
 * array, each pet valid against the document's `Pet` by Prism's validator, with no field `Pet` does
 * not declare, ids unique, at most `maxPets`. The first problem as a sentence naming the pet and
 * its field, or the pets in id order.
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
    const problems = findSchemaProblems(item, pet.schema);
    if (problems.length > 0) return { problem: `${label}: ${describeSchemaProblems(problems)}` };
    const earlier = seen.get(id as number);
    if (earlier !== undefined) return { problem: `${name} repeats ${pet.idProperty} ${String(id)} of pets[${earlier}]: ids must be unique` };
    seen.set(id as number, index);
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
