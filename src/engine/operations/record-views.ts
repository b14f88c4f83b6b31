import { itemPathOfName, type PetstoreDocument, type Resource } from '../../document/index.js';
import type { RecordStore } from '../../store/index.js';
import { withCurrentCopies, type CopiedRecordOf } from '../state/record-copies.js';
import { parentKeyIn, parentKeyPlace, type ParentKeyPlace } from './parent-keys.js';

/** How deep embedded records embed theirs (`Owner.pets[].visits[]`): enough for real documents, bounded for cyclic ones. */
const EMBEDDING_DEPTH = 3;

/**
 * The URL path of a record: the first item path of its resource whose parameters the record fills
 * (its key, and each parent's key from the record's foreign key) and the request gives (a segment
 * naming no parent, `{realm}`), under the base path.
 */
export function createRecordUrls(document: PetstoreDocument): (resource: Resource, record: Readonly<Record<string, unknown>>, given?: Readonly<Record<string, unknown>>) => string | undefined {
  const parametersOf = new Map<string, Map<string, ParentKeyPlace>>();
  for (const plan of document.resources.plans.values()) {
    const operation = document.operations.get(plan.operationId);
    // A path naming the record by another property than its key (`/roles-by-id/{role-id}`) is no URL of its key.
    if (!operation || plan.keyParameter === undefined || plan.keyProperty !== undefined) continue;
    const fills = new Map<string, ParentKeyPlace>();
    let givenParents = 0;
    for (const parent of plan.parents) {
      // A parent named by another property than its key (`{project_name}` of a project keyed by `project_id`): the value the request gave.
      if (document.resources.byName.get(parent.resource)?.otherKeys?.[parent.parameter]?.orKey === false) {
        givenParents += 1;
        continue;
      }
      const place = parentKeyPlace(parent);
      if (place !== undefined) fills.set(parent.parameter, place);
    }
    // A resource name holds its parents' values (`users/7/webhooks/abc`): its path needs no foreign key.
    const named = document.resources.byName.get(plan.resource)?.key.resourceName !== undefined;
    if ((fills.size + givenParents === plan.parents.length || named) && !parametersOf.has(operation.path)) parametersOf.set(operation.path, fills);
  }
  // Paths nested under fewest parents first: `/pets/{petId}` before `/owners/{ownerId}/pets/{petId}`; each with the parameter of its record's key. Once per resource: a create asks on every answer.
  const pathsOf = new Map<Resource, { path: string; fills: Map<string, ParentKeyPlace>; parameter: string }[]>();
  const itemPathsOf = (resource: Resource): { path: string; fills: Map<string, ParentKeyPlace>; parameter: string }[] => {
    let paths = pathsOf.get(resource);
    if (paths === undefined) {
      paths = [...resource.itemPaths]
        .sort((a, b) => a.split('{').length - b.split('{').length)
        .flatMap(path => {
          const fills = parametersOf.get(path);
          return fills ? [{ path, fills, parameter: /\{([^}]+)\}(?:\.\w+)?\/?$/.exec(path)?.[1] ?? '' }] : [];
        });
      pathsOf.set(resource, paths);
    }
    return paths;
  };
  return (resource, record, given = {}) => {
    const key = record[resource.key.property];
    if (typeof key !== 'string' && typeof key !== 'number') return undefined;
    for (const { path, fills, parameter } of itemPathsOf(resource)) {
      // A resource name (`users/7/webhooks/abc`) fills the item path's last segments, parents' and its own.
      const named = resource.key.resourceName === undefined ? path : itemPathOfName(path, resource.key.resourceName, key);
      if (named === undefined) continue;
      if (named !== path) {
        const url = fillGiven(named, given);
        if (url.includes('{')) continue;
        return document.basePath + url;
      }
      const values = [...fills].map(([filled, place]) => [filled, parentKeyIn(record, place)] as const);
      if (values.some(([, value]) => value === undefined)) continue;
      let url = path.replace(`{${parameter}}`, encodeURIComponent(String(key)));
      for (const [name, value] of values) url = url.replace(`{${name}}`, encodeURIComponent(String(value)));
      url = fillGiven(url, given);
      if (url.includes('{')) continue;
      return document.basePath + url;
    }
    return undefined;
  };
}

/** A segment that names no parent (`/{realm}/clients/{id}`): the value the request gave it. */
function fillGiven(url: string, given: Readonly<Record<string, unknown>>): string {
  return url.replaceAll(/\{([^}]+)\}/g, (template, name: string) => {
    const value = given[name];
    return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? encodeURIComponent(String(value)) : template;
  });
}

/** What a presentation read of one embedded collection: the records of one value of its foreign key (an owner's pets), at their version then. */
interface EmbeddedRead {
  readonly child: string;
  /** The store read, by number: a presentation must not keep a dropped session's store alive. */
  readonly storeNumber: number;
  readonly foreignKey: string;
  readonly key: unknown;
  readonly version: number;
}

/** A record as answered (deeply frozen), and what it read. */
interface Presentation {
  readonly shown: unknown;
  readonly reads: readonly EmbeddedRead[];
}

/**
 * The last presentation of each stored record (frozen: a changed record is a new object), by
 * resource (a new document's are new): given again while every embedded collection it read holds
 * the same records (`RecordStore.versionOf`), in the same store. Held as long as the record is.
 */
const presentations = new WeakMap<Resource, WeakMap<object, Presentation>>();
const storeNumbers = new WeakMap<RecordStore, number>();
let lastStoreNumber = 0;
function numberOf(store: RecordStore): number {
  let number = storeNumbers.get(store);
  if (number === undefined) storeNumbers.set(store, (number = ++lastStoreNumber));
  return number;
}

/** A record without the key its item path holds (see KeyRule.heldByPath): the engine keeps it, the document's record has no such property. */
function withoutHeldKey(resource: Resource, record: Readonly<Record<string, unknown>>, freeze: boolean): Readonly<Record<string, unknown>> {
  if (resource.key.heldByPath !== true || !Object.hasOwn(record, resource.key.property)) return record;
  const shown = Object.fromEntries(Object.entries(record).filter(([name]) => name !== resource.key.property));
  return freeze ? Object.freeze(shown) : shown;
}

/**
 * A record as answered: the arrays of child records its schema embeds (`Owner.pets`), from the
 * session's stores, and the copies it holds of other collections' records as those stand
 * (`Subscriber.lists[]`), without a key its item path holds; the record itself when it has none of these. A stored record's presentation is given
 * again while the records it embeds are unchanged, and is frozen: its JSON text is kept with it.
 */
export function createPresenter(document: PetstoreDocument, storeOf: (name: string) => RecordStore): (resource: Resource, record: Readonly<Record<string, unknown>>) => unknown {
  const { byName } = document.resources;
  /** Undefined reads: a store kept no index (its budget was full), so the presentation cannot be checked later. Frozen where it is kept. */
  const copiedRecordOf: CopiedRecordOf = (collection, key) => (typeof key === 'string' || typeof key === 'number' ? storeOf(collection).get(key) : undefined);
  const present = (resource: Resource, given: Readonly<Record<string, unknown>>, depth: number, trail: { reads: EmbeddedRead[] | undefined; freeze: boolean }): unknown => {
    if (depth >= EMBEDDING_DEPTH || (resource.embeds.length === 0 && resource.copies.length === 0)) return withoutHeldKey(resource, given, trail.freeze);
    // Copies of other collections' records are shown as those records stand: such a presentation is made afresh each time.
    if (resource.copies.length > 0) trail.reads = undefined;
    const record = withCurrentCopies(given, resource, copiedRecordOf);
    if (resource.embeds.length === 0) return withoutHeldKey(resource, trail.freeze ? Object.freeze({ ...record }) : record, trail.freeze);
    const shown: Record<string, unknown> = {};
    const key = record[resource.key.property];
    for (const field of resource.fields) {
      if (field === resource.key.property && resource.key.heldByPath === true) continue;
      const embed = resource.embeds.find(candidate => candidate.property === field);
      if (embed) {
        const child = byName.get(embed.child);
        if (child === undefined) {
          shown[field] = trail.freeze ? Object.freeze([]) : [];
          continue;
        }
        const store = storeOf(child.name);
        if (trail.reads !== undefined) {
          const version = store.versionOf(embed.foreignKey, key);
          if (version === undefined) trail.reads = undefined;
          else trail.reads.push({ child: child.name, storeNumber: numberOf(store), foreignKey: embed.foreignKey, key, version });
        }
        const records = store.view({ limit: Number.POSITIVE_INFINITY, where: { [embed.foreignKey]: key } }).map(each => present(child, each, depth + 1, trail));
        shown[field] = trail.freeze ? Object.freeze(records) : records;
      } else if (record[field] !== undefined) shown[field] = record[field];
    }
    return trail.freeze ? Object.freeze(shown) : shown;
  };
  const unchanged = (reads: readonly EmbeddedRead[]): boolean => {
    for (const read of reads) {
      const store = storeOf(read.child);
      if (numberOf(store) !== read.storeNumber || store.versionOf(read.foreignKey, read.key) !== read.version) return false;
    }
    return true;
  };
  return (resource, record) => {
    if (resource.embeds.length === 0 && resource.copies.length === 0 && resource.key.heldByPath !== true) return record;
    // A copy (a read's `get`) is presented afresh: only a stored record, frozen, is the same object next time.
    if (!Object.isFrozen(record)) return present(resource, record, 0, { reads: undefined, freeze: false });
    let kept = presentations.get(resource);
    if (kept === undefined) presentations.set(resource, (kept = new WeakMap()));
    const known = kept.get(record);
    if (known !== undefined && unchanged(known.reads)) return known.shown;
    const trail: { reads: EmbeddedRead[] | undefined; freeze: boolean } = { reads: [], freeze: true };
    const shown = present(resource, record, 0, trail);
    if (trail.reads !== undefined) kept.set(record, { shown, reads: trail.reads });
    else kept.delete(record);
    return shown;
  };
}
