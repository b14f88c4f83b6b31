import type { RecordCopies, Resource } from '../../document/index.js';
import { createPetFaker } from '../../fixtures/pet-faker.js';
import { deriveSeed } from '../../sessions/index.js';
import type { StoredRecord } from '../../store/index.js';
import { isJsonObject } from '../../json-values/index.js';

/** The record of a collection a key names, where its store holds one. */
export type CopiedRecordOf = (collection: string, key: unknown) => Readonly<Record<string, unknown>> | undefined;

/**
 * A record's fields with each array of copies sent as keys (listmonk's `lists: [3]` where the record
 * holds `lists: [{id, name, …}]`) made copies: of the record the key names, by the fields a copy
 * takes of it, else the key alone. Objects sent are left as they are.
 */
export function copiesFromKeys(fields: Record<string, unknown>, resource: Resource, recordOf: CopiedRecordOf): Record<string, unknown> {
  if (resource.copies.length === 0) return fields;
  const made = { ...fields };
  for (const copies of resource.copies) {
    const sent: unknown = made[copies.property];
    if (!Array.isArray(sent) || !sent.some(isKey)) continue;
    made[copies.property] = (sent as unknown[]).map(item => (isKey(item) ? { [copies.key]: item, ...copiedFields(copies, recordOf(copies.collection, item)) } : item));
  }
  return made;
}

/**
 * A record as answered: each copy it holds with the fields it takes of its record as that record
 * stands now (renamed since, say), where the record's store holds it; the copy's own fields
 * (`subscription_status`) kept. The record itself where nothing changes.
 */
export function withCurrentCopies(record: Readonly<Record<string, unknown>>, resource: Resource, recordOf: CopiedRecordOf): Readonly<Record<string, unknown>> {
  let shown: Record<string, unknown> | undefined;
  for (const copies of resource.copies) {
    const held: unknown = record[copies.property];
    if (!Array.isArray(held)) continue;
    const current = (held as unknown[]).map(item => (isJsonObject(item) ? { ...item, ...copiedFields(copies, recordOf(copies.collection, item[copies.key])) } : item));
    (shown ??= { ...record })[copies.property] = current;
  }
  return shown ?? record;
}

/**
 * Seeded records with each copy naming a record its collection starts with (drawn from the record's
 * own stream; a record named twice is kept once), so that a list filtered by those keys finds them;
 * what a copy takes of its record is shown from it (`withCurrentCopies`).
 */
export function pointCopies(records: StoredRecord[], resource: Resource, keysOf: (collection: string) => readonly unknown[], seed: number): StoredRecord[] {
  if (resource.copies.length === 0) return records;
  return records.map((record, index) => {
    const pointed: StoredRecord = { ...record };
    for (const copies of resource.copies) {
      const held = record[copies.property];
      const keys = keysOf(copies.collection).filter(isKey);
      if (!Array.isArray(held) || keys.length === 0) continue;
      const faker = createPetFaker(deriveSeed(seed, resource.name, index, copies.property, 'copies'));
      const named = new Set<unknown>();
      pointed[copies.property] = held.flatMap(item => {
        const key = faker.helpers.arrayElement(keys);
        if (!isJsonObject(item) || named.has(key)) return [];
        named.add(key);
        return [{ ...item, [copies.key]: typeof item[copies.key] === 'string' ? String(key) : key }];
      });
    }
    return pointed;
  });
}

/** What a copy takes of its record: the fields it holds alike. */
function copiedFields(copies: RecordCopies, record: Readonly<Record<string, unknown>> | undefined): Record<string, unknown> {
  if (record === undefined) return {};
  return Object.fromEntries(copies.fields.flatMap(name => (record[name] === undefined ? [] : [[name, record[name]]])));
}

function isKey(value: unknown): value is string | number {
  return typeof value === 'string' || typeof value === 'number';
}
