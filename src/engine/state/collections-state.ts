import type { PetstoreDocument, Resource } from '../../document/index.js';
import type { Session, SessionRegistry } from '../../sessions/index.js';
import { StoreFullError, type RecordStore, type RecordKey, type StoredRecord } from '../../store/index.js';
import { describeSchemaProblems, findSchemaProblems } from '../schema/index.js';
import { embeddedProperties } from './collection-records.js';
import { firstRecordSchemaOf, readFirstRecords } from './read-first-records.js';

/** Every collection's records, by name: what `GET /__admin/state` gives and `PUT` takes (`{"pets": [...]}` for the Animal Store). */
export type CollectionsState = Record<string, readonly unknown[]>;

/** What a state write refused, in a sentence, and the limit that refused it, if one did. */
export interface StateRefusal {
  readonly problem: string;
  readonly code: 'invalid_request' | 'store_full';
  readonly limit?: string;
}

/**
 * A session's state: the first collection's records under its name, then every other
 * collection's. A session that is not alive is not opened: its state is what it would start from.
 */
export function readState(document: PetstoreDocument, sessions: SessionRegistry, sessionId: string | undefined): CollectionsState {
  const alive = sessionId === undefined ? sessions.default : sessions.find(sessionId);
  return stateOf(document, alive, sessions.initialPets);
}

function stateOf(document: PetstoreDocument, alive: Session | undefined, initialPets: readonly StoredRecord[]): CollectionsState {
  const state: CollectionsState = { [document.firstCollection.resource.name]: alive ? alive.store.list({ limit: Number.POSITIVE_INFINITY }) : structuredClone([...initialPets]) };
  for (const resource of otherResources(document)) {
    // A session not alive starts every collection from its seeded records; reading one does not open it.
    const store = alive?.storeOf(resource.name);
    state[resource.name] = store ? store.list({ limit: Number.POSITIVE_INFINITY }) : [];
  }
  // Each scope the session opened (`clients` of realm `master`), under `clients@master`.
  for (const { name, scope, store } of alive?.scopes() ?? []) state[scopedName(name, scope)] = store.list({ limit: Number.POSITIVE_INFINITY });
  return state;
}

/** A scope's records in the state: `clients@master`, `issues@octo/hello` (the scope's values as in URLs). */
export function scopedName(name: string, scope: string): string {
  return `${name}@${scope}`;
}

/** The collection and scope a state's name gives (`clients@master`), of the document's collections; undefined for another name. */
function readScopedName(given: string, names: readonly string[]): { name: string; scope: string } | undefined {
  const name = names.filter(candidate => given.startsWith(`${candidate}@`)).sort((a, b) => b.length - a.length)[0];
  const scope = name === undefined ? '' : given.slice(name.length + 1);
  return name === undefined || scope === '' ? undefined : { name, scope };
}

/**
 * Replaces the collections `value` names in the session's stores (a bare array: the first
 * collection's records), each record checked against its collection's schema; the others keep
 * theirs. All or nothing: a refused state, or one past a store's limits, changes no store.
 */
export function writeState(document: PetstoreDocument, session: Session, value: unknown): { state: CollectionsState } | StateRefusal {
  const primary = document.firstCollection.resource.name;
  const others = new Map(otherResources(document).map(resource => [resource.name, resource]));
  const scopedNames = typeof value === 'object' && value !== null && !Array.isArray(value) ? Object.keys(value).filter(name => name !== primary && !others.has(name)) : [];
  const every = [primary, ...others.keys()];
  // A document of one collection takes its records as it always did: `{"pets": [...]}` or an array.
  if (others.size === 0 && scopedNames.every(name => readScopedName(name, every) === undefined)) {
    // What GET gave (`{"events": [...]}`: the collection under its name) is put back as it is.
    const named = typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === 1 ? (value as Record<string, unknown>)[primary] : undefined;
    return writeRecords(document, [{ store: session.store, read: readFirstRecords(Array.isArray(named) ? named : value, firstRecordSchemaOf(document), session.store.maxPets) }], session);
  }
  const given: Record<string, unknown> = Array.isArray(value) ? { [primary]: value } : typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  const names = Object.keys(given);
  const unknown = names.filter(name => name !== primary && !others.has(name) && readScopedName(name, every) === undefined);
  if (names.length === 0 || unknown.length > 0) {
    const known = every.map(name => JSON.stringify(name)).join(', ');
    return {
      code: 'invalid_request',
      problem: `must be an object of the document's collections (${known}, or one of them @ the values that keep its records apart, as GET gives them) or an array of ${primary}, got ${unknown.length > 0 ? unknown.map(name => JSON.stringify(name)).join(', ') : describe(value)}`,
    };
  }
  const reads: { store: RecordStore; read: { pets: StoredRecord[] } | { problem: string } }[] = [];
  // Scopes this write opens are closed again if it is refused: a refused write changes nothing.
  const opened: { name: string; scope: string }[] = [];
  const closeOpened = (): void => {
    for (const { name, scope } of opened) session.closeScope(name, scope);
  };
  for (const name of names) {
    const scoped = name === primary || others.has(name) ? undefined : readScopedName(name, every);
    const collection = scoped?.name ?? name;
    let store: RecordStore | undefined;
    if (scoped === undefined) store = name === primary ? session.store : session.storeOf(name);
    else {
      const wasOpen = session.liveStoreOf(scoped.name, scoped.scope) !== undefined;
      try {
        store = session.storeOf(scoped.name, scoped.scope);
      } catch (error) {
        closeOpened();
        if (error instanceof StoreFullError) return { code: 'store_full', problem: error.message.replace('[petstore-mock] ', ''), limit: error.limit };
        throw error;
      }
      if (!wasOpen) opened.push(scoped);
    }
    if (!store) continue;
    const read = collection === primary ? readFirstRecords(given[name], firstRecordSchemaOf(document), store.maxPets) : readRecords(given[name], others.get(collection) as Resource, store.maxPets);
    reads.push({ store, read: 'problem' in read ? { problem: collection === primary ? read.problem : `${name} ${read.problem}` } : read });
  }
  const written = writeRecords(document, reads, session);
  if (!('state' in written)) closeOpened();
  return written;
}

/** Every store given its records, or none: the first refusal (a record, a limit) undoes what was written. */
function writeRecords(document: PetstoreDocument, reads: readonly { store: RecordStore; read: { pets: StoredRecord[] } | { problem: string } }[], session: Session): { state: CollectionsState } | StateRefusal {
  const writes: { store: RecordStore; records: StoredRecord[] }[] = [];
  for (const { store, read } of reads) {
    if ('problem' in read) return { code: 'invalid_request', problem: read.problem };
    writes.push({ store, records: read.pets });
  }
  const before = writes.map(({ store }) => store.list({ limit: Number.POSITIVE_INFINITY }));
  for (const [index, { store, records }] of writes.entries()) {
    try {
      store.replace(records);
    } catch (error) {
      // What was written already goes back as it was: the operator's undo, never refused.
      for (const [undone, write] of writes.slice(0, index).entries()) write.store.replace(before[undone] ?? [], { overBudget: true });
      if (error instanceof StoreFullError) return { code: 'store_full', problem: error.message.replace('[petstore-mock] ', ''), limit: error.limit };
      if (error instanceof RangeError) return { code: 'invalid_request', problem: error.message.replace('[petstore-mock] ', '') };
      throw error;
    }
  }
  return { state: stateOf(document, session, []) };
}

function otherResources(document: PetstoreDocument): Resource[] {
  return document.resources.resources.filter(resource => resource.name !== document.firstCollection.resource.name);
}

/** A collection's records given whole: objects of its schema (embedded children left out), keys of its kind and unique, at most `maxRecords`. */
export function readRecords(value: unknown, resource: Resource, maxRecords: number): { pets: StoredRecord[] } | { problem: string } {
  if (!Array.isArray(value)) return { problem: `must be an array of records, got ${describe(value)}` };
  if (value.length > maxRecords) return { problem: `holds ${value.length} records, more than a store holds (${maxRecords}, --max-pets)` };
  const embedded = embeddedProperties(resource);
  const seen = new Set<RecordKey>();
  for (const [index, item] of value.entries()) {
    const label = `[${index}]`;
    if (typeof item !== 'object' || item === null || Array.isArray(item)) return { problem: `${label} must be an object, got ${describe(item)}` };
    const record = item as Record<string, unknown>;
    const unknownFields = Object.keys(record).filter(field => !resource.fields.includes(field) || embedded.has(field));
    if (unknownFields.length > 0) return { problem: `${label} has ${unknownFields.map(field => JSON.stringify(field)).join(', ')}, which its records do not keep` };
    const checked = embedded.size === 0 ? record : { ...record, ...Object.fromEntries([...embedded].map(name => [name, []])) };
    const problems = findSchemaProblems(checked, resource.schema);
    if (problems.length > 0) return { problem: `${label}: ${describeSchemaProblems(problems)}` };
    const key = record[resource.key.property];
    if (typeof key !== 'string' && typeof key !== 'number') return { problem: `${label} has no ${resource.key.property}` };
    if (seen.has(key)) return { problem: `${label} repeats ${resource.key.property} ${JSON.stringify(key)}: keys must be unique` };
    seen.add(key);
  }
  return { pets: value as StoredRecord[] };
}

function describe(value: unknown): string {
  if (Array.isArray(value)) return 'an array';
  if (value === null) return 'null';
  if (typeof value === 'object') return `an object with ${Object.keys(value).map(key => JSON.stringify(key)).join(', ') || 'no fields'}`;
  return typeof value;
}
