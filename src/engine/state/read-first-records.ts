import type { JsonSchema, PetstoreDocument } from '../../document/index.js';
import type { RecordKey, StoredRecord } from '../../store/index.js';
import { describeSchemaProblems, findSchemaProblems, findInexactNumber } from '../schema/index.js';

export type ReadFirstRecordsResult = { pets: StoredRecord[] } | { problem: string };

/**
 * What every stored record of the document's first collection (the Animal Store's pets) must be: its
 * schema, its properties, the one that identifies a record and the ids the document allows (whole numbers, or strings for a key that is a uuid or a name),
 * and the arrays of another collection's records it shows but the store never keeps (`Owner.pets`).
 */
export function firstRecordSchemaOf(document: PetstoreDocument): {
  schema: JsonSchema;
  fields: readonly string[];
  idProperty: string;
  idBounds: { readonly minimum: number; readonly maximum: number };
  keyKind: 'sequence' | 'uuid' | 'generated' | 'client';
  embedded: readonly string[];
} {
  const { resource } = document.firstCollection;
  return {
    schema: document.firstCollection.recordSchema,
    fields: document.firstCollection.fields,
    idProperty: document.firstCollection.idProperty,
    idBounds: document.firstCollection.idBounds,
    keyKind: resource.key.kind,
    embedded: resource.embeds.map(embed => embed.property),
  };
}

/**
 * Records of the first collection given whole (`PUT /__admin/state`, `--data`, `initialPets`, `setState`, kept pets restored):
 * `{"pets": [...]}` or a bare array, each pet valid against the document's `Pet` by Prism's
 * validator, with no field `Pet` does not declare, no integer beyond ±(2^53 − 1), ids within the
 * document's bounds (so a store given them never assigns an id past its maximum) and unique, at most
 * `maxPets`. The first problem as a sentence naming the pet and its field, or the pets in id order.
 */
export function readFirstRecords(value: unknown, pet: ReturnType<typeof firstRecordSchemaOf>, maxPets: number): ReadFirstRecordsResult {
  const list = Array.isArray(value) ? (value as unknown[]) : isPetsDocument(value) ? value.pets : undefined;
  if (!list) return { problem: `must be {"pets": [...]} or an array of pets, got ${describe(value)}` };
  if (list.length > maxPets) return { problem: `holds ${list.length} pets, more than a store holds (${maxPets}, --max-pets)` };
  const seen = new Map<RecordKey, number>();
  const sequence = pet.keyKind === 'sequence';
  const { embedded } = pet;
  for (const [index, item] of list.entries()) {
    const name = `pets[${index}]`;
    if (typeof item !== 'object' || item === null || Array.isArray(item)) return { problem: `${name} must be an object (a Pet), got ${describe(item)}` };
    const id = (item as Record<string, unknown>)[pet.idProperty];
    const label = typeof id === 'number' || (typeof id === 'string' && !sequence) ? `${name} (${pet.idProperty} ${JSON.stringify(id)})` : name;
    const unknown = Object.keys(item).filter(field => !pet.fields.includes(field));
    if (unknown.length > 0) return { problem: `${label} has ${unknown.map(field => JSON.stringify(field)).join(', ')}, which Pet does not declare (it has ${pet.fields.join(', ')})` };
    // Embedded records are shown from their own collection, never stored: checked as present.
    const shown = embedded.length === 0 ? item : { ...Object.fromEntries(embedded.map(property => [property, []])), ...item };
    const problems = findSchemaProblems(shown, pet.schema);
    if (problems.length > 0) return { problem: `${label}: ${describeSchemaProblems(problems)}` };
    const { minimum, maximum } = pet.idBounds;
    if (!sequence && (typeof id !== 'string' || id === '')) return { problem: `${label}: ${pet.idProperty} must be a non-empty string, got ${id === undefined ? 'none' : JSON.stringify(id)}` };
    if (sequence && (typeof id !== 'number' || !Number.isInteger(id) || id > maximum || id < minimum)) {
      return { problem: `${label}: ${pet.idProperty} must be a whole number from ${minimum} to ${maximum} (the ids the document's Pet allows), got ${id === undefined ? 'none' : JSON.stringify(id)}` };
    }
    const inexact = findInexactNumber(item, pet.schema);
    if (inexact) return { problem: `${label}: ${inexact.path} is ${inexact.value}, ${inexact.reason}, so it is refused rather than stored as another` };
    const earlier = seen.get(id as RecordKey);
    if (earlier !== undefined) return { problem: `${name} repeats ${pet.idProperty} ${JSON.stringify(id)} of pets[${earlier}]: ids must be unique` };
    seen.set(id as RecordKey, index);
  }
  // Whole-number keys in their order; string keys (uuids, names) as given, as the store keeps them.
  const idOf = (item: StoredRecord): number => item[pet.idProperty] as number;
  return { pets: sequence ? [...(list as StoredRecord[])].sort((a, b) => idOf(a) - idOf(b)) : [...(list as StoredRecord[])] };
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
