import { estimateBytes, namesOfLimit, type ByteBudget } from '../budget/index.js';
import { deepFreeze } from '../json-values/index.js';
import type { NewPet, Pet } from '../types/index.js';

/** A record a store keeps: a JSON object of any collection, whose key is the shape's `idProperty`. */
export type StoredRecord = Record<string, unknown>;

/** `ListQuery`, by its name from before stores kept the records of any collection. */
export type ListPetsQuery = ListQuery;

/** A page of a store: at most `limit` records, in the store's order, those that match. */
export interface ListQuery {
  limit: number;
  /** Keep only records whose `status` is this (the Animal Store's filter; `where` says the same of any property). */
  status?: string | undefined;
  /** Keep only records whose properties equal these (the list operation's filters). */
  where?: Readonly<Record<string, unknown>> | undefined;
}

/**
 * What a stored pet is, as the OpenAPI document says: the engine gives the stores its document's
 * shape, and a new shape (the document was edited) applies to every store at once.
 */
export interface RecordShape {
  /** Properties a pet holds; a record's others are dropped. Default: every property of the record. */
  fields?: readonly string[] | undefined;
  /** The property that identifies a pet. Default `id`. */
  idProperty?: string | undefined;
  /**
   * Who makes a new record's key: `sequence` (default), whole numbers in order within `idBounds`;
   * `uuid` or `generated`, `drawKey` of the record's number; `client`, the record's own (the create
   * body's), refused when another record has it.
   */
  keyKind?: 'sequence' | 'uuid' | 'generated' | 'client' | undefined;
  /** A new record's key, for `uuid` and `generated` keys: seeded, from the record's number in the store. */
  drawKey?: ((number: number) => string) | undefined;
  /** A `uuid` or `generated` key the record carries is kept (refused when taken) instead of a drawn one. */
  acceptsClientKey?: boolean | undefined;
  /** The ids the store may assign; it refuses to create past `maximum` instead of reusing an id. Default 1 to 2^53 − 1. */
  idBounds?: { readonly minimum: number; readonly maximum: number } | undefined;
  /** Status of a pet created without one, from the document and the options; `null` leaves it out. Default: the store's `defaultStatus`. */
  defaultStatus?: string | null | undefined;
  /** A whole number the store gives each new record beside its key, one above the highest it holds (a read-only `id` beside a `slug`). */
  numbered?: string | undefined;
}

export interface RecordStoreOptions<R extends object = StoredRecord> {
  /** Records the store holds at start and after every `reset()`. */
  initialPets?: readonly R[];
  /** Status given to a record created without one (when the shape has a `status`); `null` leaves it without a status. Default `available`. */
  defaultStatus?: string | null;
  /** Most pets the store holds; `create` on a full store throws. Default: no limit. */
  maxPets?: number;
  /** The document's shape of a pet, read on every use: a surface can change it in place. */
  shape?: RecordShape;
  /**
   * Bytes shared with other stores (every session's): the pets this store makes (created, replaced,
   * merged, set) count against it, their estimated heap size, and a write past it throws a
   * `StoreFullError` naming `maxStoredBytes`, storing nothing. Starting pets shared by every store count once, not here.
   */
  budget?: ByteBudget;
  /**
   * The numbers new records take, shared with other stores of the same records (a collection's stores
   * kept apart per value of a path segment, `/sites/{site_id}/builds`, and the one without): a create
   * takes the highest next number of any of them, and a drawn key is one none of them holds, so that no
   * two of them make the same key. Each store's own next number is as without it (one more than its
   * highest at its start, reset or replaced records): a numbering of one store numbers as the store alone.
   */
  numbering?: RecordNumbering;
}

/**
 * See `RecordStoreOptions.numbering`: one store's place among the stores numbering as one (`members`,
 * each until it is dropped). `moveNumbering` puts the store among others (a session's store, when the
 * document's first collection is another one).
 */
export interface RecordNumbering {
  members: Set<NumberingMember>;
  /** The store's own entry, once it is made. */
  own?: NumberingMember;
}

export interface NumberingMember {
  /** The store's own next number. */
  readonly next: number;
  has(key: RecordKey): boolean;
}

/** A store's place among `members` (shared with the other stores numbering as one; a set of its own by default). */
export function createRecordNumbering(members: Set<NumberingMember> = new Set()): RecordNumbering {
  return { members };
}

/** Moves the store of `numbering` among `members`, out of those it numbered with. */
export function moveNumbering(numbering: RecordNumbering, members: Set<NumberingMember>): void {
  if (numbering.members === members) return;
  if (numbering.own !== undefined) {
    numbering.members.delete(numbering.own);
    members.add(numbering.own);
  }
  numbering.members = members;
}

/**
 * The in-memory state behind the mock, one collection's records: in ascending key order for whole-number
 * keys, else in the order they were made. `R` is what a record is (any JSON object by default; the
 * Animal Store's `Pet` for `createPetStore`), `New` what `create` takes.
 */
export interface RecordStore<R extends object = StoredRecord, New extends object = R> {
  /** A page of pets, copies: the caller may change them. */
  list(query: ListQuery): R[];
  /** The same page, the stored pets themselves, deeply frozen: for an answer serialized at once, with no copy. */
  view(query: ListQuery): readonly Readonly<R>[];
  get(id: RecordKey): R | undefined;
  /** Whether a record has the key `id` (no copy made, as `get` makes one). */
  has(id: RecordKey): boolean;
  /** Stores a new pet under the next id; throws a `StoreFullError` past `maxPets` or the highest id. */
  create(fields: New): R;
  /**
   * `create`, the pet completed by `complete` (given it with its id) before it is stored; nothing is stored, and no id used, when that gives undefined.
   * `key`: the one the item path gives (a `PUT` that creates the record it names), taken as it is whatever the key's kind; one a record holds is refused (`KeyTakenError`).
   */
  create(fields: New, complete: (record: R) => R | undefined, key?: RecordKey): R | undefined;
  /** Stores `pet` in place of the pet with its id: the pet as stored, or undefined when there is none. Throws a `StoreFullError` when the larger pet does not fit the budget. */
  update(record: R): R | undefined;
  /** Removes the pet with `id`; false when there is none. */
  remove(id: RecordKey): boolean;
  /** Starts from `pets` at the next `reset()`, keeping the pets it holds now (a new document's seeded pets). */
  setInitialPets(records: readonly R[]): void;
  /**
   * Holds exactly `pets` (ids kept; the next created id is one more than the highest); `reset()` still
   * returns to the initial pets. Throws past `maxPets` or the budget, or for an id outside the shape's
   * `idBounds`, changing nothing; with `overBudget`, what the operator does (a new document's pets) is
   * counted but not refused.
   */
  replace(records: readonly R[], options?: { overBudget?: boolean }): void;
  reset(): void;
  /** Lets every pet go and gives their bytes back to the budget: the store of a session that was dropped. */
  drop(): void;
  /** Bytes of the budget this store's pets hold now. */
  readonly storedBytes: number;
  readonly size: number;
  /** Most pets the store holds (`Infinity` when unlimited). */
  readonly maxPets: number;
  /** True when `create` would exceed `maxPets` or the highest id the document allows. */
  readonly isFull: boolean;
  /** Grows by one with every change of the pets (create, update, remove, replace, reset): equal revisions, equal pets. */
  readonly revision: number;
  /**
   * Grows by one with every change but a create (update, remove, replace, reset). A create adds its
   * pet after every other in the order pages are read in, and changes no pet: equal rewrites, and the
   * pets read before are the same, and so is every page that was full (as many pets as its limit).
   */
  readonly rewrites: number;
  /**
   * A number that changes whenever the records whose `property` is `value` change (one added,
   * removed, put back or changed): the same number, the same records in the same order, as frozen
   * objects (a changed record is a new one). Made from the property's index (made now when there is
   * none); undefined when the budget has no room for it, or `value` is an object.
   */
  versionOf(property: string, value: unknown): number | undefined;
  /**
   * The key of the first record, in the store's order, whose `property` reads as `value` does in a
   * path (`"22"` is the number 22 or the string `"22"`, `"true"` a boolean): a record named by another
   * property than its key (`/projects/{project_name}`). Read from the property's index, as `versionOf`
   * makes it; a scan, copying nothing, when the budget has no room for one.
   */
  keyHolding(property: string, value: string): RecordKey | undefined;
  /** True when the last page `view` gave was full, as many pets as its limit: pets created since cannot be in it. */
  readonly lastPageFull: boolean;
  /**
   * Remembers the changes made from now on (creates, updates, removes) until `undo` or `keep`: `undo`
   * puts every record back as it was, in its place (an answer that failed after its write: nothing
   * stored); `keep` forgets them. One at a time: a later `track` keeps what an earlier one remembered.
   */
  track(): ChangeTracking;
}

/** The changes a store remembers since `track`. */
export interface ChangeTracking {
  undo(): void;
  keep(): void;
}

/** What identifies a record: a whole number (the Animal Store's ids) or a string (a uuid, a username). */
export type RecordKey = number | string;

/** Thrown by `create` on a full store; the engine answers `507 store_full` before it gets there. */
export class StoreFullError extends Error {
  override name = 'StoreFullError' as const;
  /** The option whose limit was reached: `maxPets`, `maxStoredBytes`, or `idBounds` (the document's highest id). */
  readonly limit: 'maxPets' | 'maxStoredBytes' | 'idBounds';
  constructor(message: string, limit: StoreFullError['limit']) {
    super(message);
    this.limit = limit;
  }
}

/** Thrown by `create` when a client's key (`username`) is another record's already: the engine answers `409`. */
export class KeyTakenError extends Error {
  override name = 'KeyTakenError' as const;
  constructor(readonly key: RecordKey) {
    super(`[petstore-mock] Another record has the key ${JSON.stringify(key)}.`);
  }
}

const NO_SHAPE: RecordShape = {};
/**
 * What one record's key in an index holds (its slot in its value's set, estimated heap), and what
 * one value's set holds besides: counted against the budget with the records, as a client makes
 * an index grow by creating records.
 */
export const INDEX_ENTRY_BYTES = 32;
export const INDEX_BUCKET_BYTES = 160;
/** Draws of a new key tried before the record's number is added to one. */
const KEY_DRAWS = 8;

/** A store of the Animal Store's pets, typed by the package's own document (its generated `Pet` and `NewPet`). */
export type PetStore = RecordStore<Pet, NewPet>;

/** A store of the Animal Store's pets: `createRecordStore`, typed by the package's own document. */
export function createPetStore(options: RecordStoreOptions<Pet> = {}): PetStore {
  return createRecordStore<Pet, NewPet>(options);
}

/**
 * The store of a mock's first collection as a surface hands it to a client (`mock.store`), typed by the
 * package's own document: its records are the `Pet`s of that document, and of another document, whatever
 * its first collection's records are (the types are the package's; another document has none generated).
 */
export function asPetStore(store: RecordStore): PetStore {
  return store as unknown as PetStore;
}

/**
 * A store of one collection's records, shaped by `options.shape` (the document's). The store keeps JSON
 * objects whatever `R` says: `R` and `New` only type what a caller who knows the collection reads and gives.
 */
export function createRecordStore<R extends object = StoredRecord, New extends object = R>(options: RecordStoreOptions<R> = {}): RecordStore<R, New> {
  return storeOfRecords(options as unknown as RecordStoreOptions) as unknown as RecordStore<R, New>;
}

function storeOfRecords(options: RecordStoreOptions): RecordStore {
  const shape = options.shape ?? NO_SHAPE;
  const idOf = (pet: StoredRecord): RecordKey => pet[shape.idProperty ?? 'id'] as RecordKey;
  const sequential = (): boolean => (shape.keyKind ?? 'sequence') === 'sequence';
  // A frozen list (as sessions share one) cannot change under the store, so it is not copied.
  const given = options.initialPets ?? [];
  let initialPets = isDeeplyFrozen(given) ? given : given.map(pet => copyRecord(pet));
  const defaultStatus = options.defaultStatus === undefined ? 'available' : options.defaultStatus;
  const maxPets = options.maxPets ?? Number.POSITIVE_INFINITY;
  if (!(maxPets >= 0)) throw new RangeError(`[petstore-mock] maxPets must be 0 or more, got ${maxPets}.`);
  if (initialPets.length > maxPets) {
    throw new RangeError(`[petstore-mock] The store starts with ${initialPets.length} pets but holds at most ${maxPets} (maxPets); start with fewer or raise maxPets.`);
  }
  const budget = options.budget;
  const pets = new Map<RecordKey, StoredRecord>();
  // Bytes of each pet this store made; a starting pet it shares with every store has none.
  const ownBytes = new Map<RecordKey, number>();
  let storedBytes = 0;
  // The next record's number by this store's records alone; `nextId()` is the one a create takes.
  let ownNextId = 1;
  const numbering = options.numbering;
  const member: NumberingMember = {
    get next() {
      return ownNextId;
    },
    has: key => pets.has(key),
  };
  if (numbering !== undefined) {
    numbering.own = member;
    numbering.members.add(member);
  }
  /** The next record's number: this store's own, or the highest of the stores numbering as one. */
  const nextId = (): number => {
    let next = ownNextId;
    if (numbering !== undefined) for (const other of numbering.members) if (other.next > next) next = other.next;
    return next;
  };
  /** Whether a drawn key is in use: here, or in a store numbering as one with this. */
  const drawnKeyTaken = (key: RecordKey): boolean => {
    if (pets.has(key)) return true;
    if (numbering !== undefined) for (const other of numbering.members) if (other.has(key)) return true;
    return false;
  };
  /** The next `shape.numbered` value. */
  let nextNumber = 1;
  let revision = 0;
  let rewrites = 0;
  let lastPageFull = false;
  /**
   * By property a page was asked to match (`ownerId` of an owner's pets, `lastName`): the keys of
   * the records holding each value, in the store's order. Made on the first page that matches that
   * property (one scan), then kept on every write, so that a page of the records of one value (an
   * owner's embedded pets, `/owners/{id}/pets`) reads those records only, not the whole store. A
   * write that would put a record elsewhere than last in its value's set (an update that changes
   * the value, an undone removal put back in its place) lets that index go, to be made again.
   */
  const indexes = new Map<string, PropertyIndex>();
  let indexBytes = 0;
  // Every version a value's records are given, in this store: never the same twice, so a version read before an index was let go never matches one after.
  let lastVersion = 0;
  const firstId = (): number => shape.idBounds?.minimum ?? 1;
  const lastId = (): number => shape.idBounds?.maximum ?? Number.MAX_SAFE_INTEGER;
  const count = (id: RecordKey, bytes: number): void => {
    const change = bytes - (ownBytes.get(id) ?? 0);
    if (bytes === 0) ownBytes.delete(id);
    else ownBytes.set(id, bytes);
    storedBytes += change;
    budget?.add(change);
  };
  const dropIndex = (property: string): void => {
    const index = indexes.get(property);
    if (index === undefined) return;
    indexes.delete(property);
    indexBytes -= index.bytes;
    budget?.add(-index.bytes);
  };
  const dropIndexes = (): void => {
    for (const property of [...indexes.keys()]) dropIndex(property);
  };
  /** The index of `property`, made now from every record when there is none; undefined when the budget has no room for it. */
  const indexOf = (property: string): PropertyIndex | undefined => {
    const found = indexes.get(property);
    if (found !== undefined) return found;
    // An index is a cache the store can make again: it never takes the budget's last room (as much
    // again is left for records). The least it can take (every record under one value; nothing for
    // an empty store) is asked first, so a full budget's lookups scan without building an index only to throw it away.
    if (budget && !budget.fits(2 * (pets.size * INDEX_ENTRY_BYTES + (pets.size > 0 ? INDEX_BUCKET_BYTES : 0)))) return undefined;
    const buckets = new Map<unknown, Set<RecordKey>>();
    for (const [key, pet] of pets) {
      const value = pet[property];
      const bucket = buckets.get(value);
      if (bucket === undefined) buckets.set(value, new Set([key]));
      else bucket.add(key);
    }
    const bytes = pets.size * INDEX_ENTRY_BYTES + buckets.size * INDEX_BUCKET_BYTES;
    if (budget && !budget.fits(2 * bytes)) return undefined;
    const versions = new Map<unknown, number>();
    for (const value of buckets.keys()) versions.set(value, ++lastVersion);
    const index: PropertyIndex = { buckets, versions, emptyVersion: ++lastVersion, bytes };
    indexes.set(property, index);
    indexBytes += bytes;
    budget?.add(bytes);
    return index;
  };
  /** Adds the record last stored (after every other) to each index; lets them all go when the budget has no room for its entries. */
  const indexLast = (key: RecordKey, record: StoredRecord): void => {
    if (indexes.size === 0) return;
    let bytes = 0;
    for (const [property, index] of indexes) bytes += INDEX_ENTRY_BYTES + (index.buckets.has(record[property]) ? 0 : INDEX_BUCKET_BYTES);
    if (budget && !budget.fits(bytes)) {
      dropIndexes();
      return;
    }
    for (const [property, index] of indexes) {
      const value = record[property];
      const bucket = index.buckets.get(value);
      const added = INDEX_ENTRY_BYTES + (bucket === undefined ? INDEX_BUCKET_BYTES : 0);
      if (bucket === undefined) index.buckets.set(value, new Set([key]));
      else bucket.add(key);
      index.versions.set(value, ++lastVersion);
      index.bytes += added;
    }
    indexBytes += bytes;
    budget?.add(bytes);
  };
  const unindex = (key: RecordKey, record: StoredRecord): void => {
    for (const [property, index] of indexes) {
      const value = record[property];
      const bucket = index.buckets.get(value);
      if (bucket === undefined || !bucket.delete(key)) continue;
      let given = INDEX_ENTRY_BYTES;
      if (bucket.size === 0) {
        index.buckets.delete(value);
        index.versions.delete(value);
        given += INDEX_BUCKET_BYTES;
      } else index.versions.set(value, ++lastVersion);
      index.bytes -= given;
      indexBytes -= given;
      budget?.add(-given);
    }
  };
  const letGo = (): void => {
    dropIndexes();
    revision += 1;
    rewrites += 1;
    budget?.add(-storedBytes);
    storedBytes = 0;
    ownBytes.clear();
    pets.clear();
  };
  /** Whether `bytes` more fit the budget, this store's indexes let go first where they would not (records before a cache). */
  const fitsRecord = (bytes: number): boolean => {
    if (!budget || budget.fits(bytes)) return true;
    if (indexBytes === 0) return false;
    dropIndexes();
    return budget.fits(bytes);
  };
  const refuseBytes = (bytes: number, what: string): never => {
    const room = budget ? Math.max(0, budget.max - budget.used) : 0;
    throw new StoreFullError(
      `[petstore-mock] ${what} needs about ${bytes} bytes, but the stores of every session hold ${budget?.used ?? 0} of at most ${budget?.max ?? 0} (${namesOfLimit('maxStoredBytes')}); ${room} are left.`,
      'maxStoredBytes',
    );
  };

  /** The pets as this store keeps them: a shared starting pet as it is, when it already has the shape; any other a frozen copy, with its bytes. */
  function prepare(given: readonly StoredRecord[], shared: boolean): { pet: StoredRecord; bytes: number }[] {
    // Whole-number keys in ascending order; string keys in the order given.
    return (sequential() ? [...given].sort((a, b) => (idOf(a) as number) - (idOf(b) as number)) : [...given])
      .map(pet => {
        if (shared && Object.isFrozen(pet) && hasShape(pet, shape.fields)) return { pet, bytes: 0 };
        const copy = deepFreeze(copyRecord(pet, shape.fields));
        return { pet: copy, bytes: budget ? estimateBytes(copy) : 0 };
      });
  }
  function hold(prepared: readonly { pet: StoredRecord; bytes: number }[]): void {
    letGo();
    let highestId = firstId() - 1;
    for (const { pet, bytes } of prepared) {
      const id = idOf(pet);
      pets.set(id, pet);
      if (bytes > 0) count(id, bytes);
      if (typeof id === 'number') highestId = Math.max(highestId, id);
    }
    ownNextId = sequential() ? highestId + 1 : pets.size + 1;
    nextNumber = 1;
    if (shape.numbered !== undefined) {
      for (const { pet } of prepared) {
        const number = pet[shape.numbered];
        if (typeof number === 'number' && Number.isFinite(number)) nextNumber = Math.max(nextNumber, Math.floor(number) + 1);
      }
    }
  }
  /** Throws a RangeError, holding nothing new, when an id is no whole number within the bounds: a later create would pass them or reuse an id. */
  function checkIds(given: readonly StoredRecord[]): void {
    const misfit = sequential()
      ? given.find(pet => !Number.isSafeInteger(idOf(pet)) || (idOf(pet) as number) < firstId() || (idOf(pet) as number) > lastId())
      : given.find(pet => typeof idOf(pet) !== 'string' || idOf(pet) === '');
    if (misfit !== undefined) {
      if (!sequential()) throw new RangeError(`[petstore-mock] A record has ${shape.idProperty ?? 'id'} ${JSON.stringify(idOf(misfit))}; its key must be a non-empty string.`);
      throw new RangeError(`[petstore-mock] A pet has ${shape.idProperty ?? 'id'} ${String(idOf(misfit))}; the store holds ids from ${firstId()} to ${lastId()} (the document's bounds).`);
    }
  }
  // Initial pets are checked where they are given (readFirstRecords), against the document they came with;
  // after a new document they may fall outside its bounds, and a full store then answers 507.
  // The starting pets: shared with every store when they are frozen, else copies that count (however many, as a reset must not fail).
  const reset = (): void => hold(prepare(initialPets, isDeeplyFrozen(initialPets)));
  reset();
  // Undoes of the changes made since `track`, latest last; undefined when nothing tracks.
  let undoes: (() => void)[] | undefined;
  /**
   * A record changed in its place, from `before` to `after`: a new version of its value's records in
   * each index where it keeps its value; each index where it holds another value is let go (the
   * record would move to the middle of another value's set).
   */
  const changeIndexedValues = (before: StoredRecord, after: StoredRecord): void => {
    for (const [property, index] of [...indexes]) {
      const value = before[property];
      if (value !== after[property]) dropIndex(property);
      else if (index.versions.has(value)) index.versions.set(value, ++lastVersion);
    }
  };
  /** Puts `pet` back under `id`, holding `bytes` of its own, before the record `next` (the end when undefined). */
  const putBack = (id: RecordKey, pet: StoredRecord, bytes: number, next: RecordKey | undefined): void => {
    const current = pets.get(id);
    if (current !== undefined) {
      // An update undone: in its place, as in each unchanged value's set.
      changeIndexedValues(current, pet);
      pets.set(id, pet);
    } else if (next === undefined || !pets.has(next)) {
      pets.set(id, pet);
      indexLast(id, pet);
    } else {
      // In the middle of the store, so in the middle of its value's set: each index is made again when next asked.
      dropIndexes();
      const entries = [...pets];
      pets.clear();
      for (const [key, each] of entries) {
        if (key === next) pets.set(id, pet);
        pets.set(key, each);
      }
    }
    count(id, bytes);
    revision += 1;
    rewrites += 1;
  };
  const isFull = (): boolean => pets.size >= maxPets || (sequential() && nextId() > lastId());
  /** The key of a record about to be created: the next whole number, a drawn one not in use, or the client's own (which must be free). */
  const newKey = (record: StoredRecord): RecordKey => {
    switch (shape.keyKind ?? 'sequence') {
      case 'sequence':
        return nextId();
      case 'client': {
        const given = idOf(record);
        if (typeof given !== 'string' || given === '') throw new RangeError(`[petstore-mock] A new record needs its ${shape.idProperty ?? 'id'}.`);
        if (pets.has(given)) throw new KeyTakenError(given);
        return given;
      }
      default: {
        const given = idOf(record);
        if (shape.acceptsClientKey === true && typeof given === 'string' && given !== '') {
          if (pets.has(given)) throw new KeyTakenError(given);
          return given;
        }
        const draw = shape.drawKey ?? (number => String(number));
        const number = nextId();
        let key = draw(number);
        // A few more draws; a schema whose draws repeat (an example, a short enum) gets the record's number beside its value.
        for (let attempt = 1; drawnKeyTaken(key) && attempt <= KEY_DRAWS; attempt += 1) key = draw(number + attempt * 1_000_003);
        for (let suffix = number; drawnKeyTaken(key); suffix += 1) key = `${draw(number)}-${String(suffix)}`;
        return key;
      }
    }
  };
  const page = ({ limit, status, where }: ListQuery): StoredRecord[] => {
    const found: StoredRecord[] = [];
    const conditions = where === undefined ? [] : Object.entries(where);
    if (status !== undefined) conditions.push(['status', status]);
    // The records of the first condition's value, from its index, when the value is one a map finds as `===` does.
    const [first] = conditions;
    const index = first !== undefined && isPlainValue(first[1]) ? indexOf(first[0]) : undefined;
    if (first !== undefined && index !== undefined) {
      const rest = conditions.slice(1);
      for (const key of index.buckets.get(first[1]) ?? []) {
        if (found.length >= limit) break;
        const pet = pets.get(key) as StoredRecord;
        if (rest.length === 0 || rest.every(([name, value]) => pet[name] === value)) found.push(pet);
      }
      lastPageFull = found.length >= limit;
      return found;
    }
    // A page scans the store in order until it is full: a filter that few pets pass reads every pet,
    // so one condition (a list's usual filter) is compared in the loop itself, without a call per pet.
    const [only] = conditions;
    if (conditions.length <= 1) {
      for (const pet of pets.values()) {
        if (found.length >= limit) break;
        if (only === undefined || pet[only[0]] === only[1]) found.push(pet);
      }
    } else {
      for (const pet of pets.values()) {
        if (found.length >= limit) break;
        const record = pet;
        if (conditions.every(([name, value]) => record[name] === value)) found.push(pet);
      }
    }
    lastPageFull = found.length >= limit;
    return found;
  };

  return {
    list(query) {
      return page(query).map(pet => copyRecord(pet));
    },
    view: page,
    get(id) {
      const pet = pets.get(id);
      return pet && copyRecord(pet);
    },
    has: id => pets.has(id),
    create(fields: StoredRecord, complete?: (record: StoredRecord) => StoredRecord | undefined, keyGiven?: RecordKey): StoredRecord {
      if (pets.size >= maxPets) throw new StoreFullError(`[petstore-mock] The store holds ${pets.size} pets, as many as it allows (maxPets ${maxPets}).`, 'maxPets');
      const number = nextId();
      if (sequential() && number > lastId()) throw new StoreFullError(`[petstore-mock] The next id, ${number}, would pass the highest id the document allows (${lastId()}).`, 'idBounds');
      const idProperty = shape.idProperty ?? 'id';
      if (keyGiven !== undefined && pets.has(keyGiven)) throw new KeyTakenError(keyGiven);
      const key = keyGiven ?? newKey(fields);
      // The key is the store's to assign (but for a client's key): one in the record is ignored.
      const given = Object.entries(copyRecord(fields, shape.fields)).filter(([name]) => name !== idProperty);
      const pet: StoredRecord = Object.fromEntries([[idProperty, key], ...given]);
      // The service's own number, whatever the body held.
      if (shape.numbered !== undefined) pet[shape.numbered] = nextNumber;
      const status = pet.status ?? (shape.defaultStatus !== undefined ? shape.defaultStatus : defaultStatus);
      if (status !== null && (shape.fields === undefined || shape.fields.includes('status'))) pet.status = status;
      const completed = complete ? complete(pet) : pet;
      if (completed === undefined) return undefined as unknown as StoredRecord;
      const ordered = deepFreeze(orderFields(completed, shape.fields));
      const bytes = budget ? estimateBytes(ordered) : 0;
      if (!fitsRecord(bytes)) refuseBytes(bytes, 'A new pet');
      pets.set(key, ordered);
      count(key, bytes);
      indexLast(key, ordered);
      ownNextId = number + 1;
      if (shape.numbered !== undefined) nextNumber += 1;
      revision += 1;
      undoes?.push(() => {
        // The id stays used: a later create takes the next one, as after a delete.
        const created = pets.get(key);
        if (created === undefined) return;
        unindex(key, created);
        pets.delete(key);
        count(key, 0);
        revision += 1;
        rewrites += 1;
      });
      return copyRecord(ordered);
    },
    update(pet) {
      const id = idOf(pet);
      if (!pets.has(id)) return undefined;
      const stored = deepFreeze(orderFields(copyRecord(pet, shape.fields), shape.fields));
      const bytes = budget ? estimateBytes(stored) : 0;
      if (!fitsRecord(bytes - (ownBytes.get(id) ?? 0))) refuseBytes(bytes, `The record ${String(id)} as changed`);
      const previous = pets.get(id) as StoredRecord;
      if (undoes) {
        const previousBytes = ownBytes.get(id) ?? 0;
        undoes.push(() => putBack(id, previous, previousBytes, undefined));
      }
      changeIndexedValues(previous, stored);
      pets.set(id, stored);
      count(id, bytes);
      revision += 1;
      rewrites += 1;
      return copyRecord(stored);
    },
    remove(id) {
      if (undoes && pets.has(id)) {
        const previous = pets.get(id) as StoredRecord;
        const previousBytes = ownBytes.get(id) ?? 0;
        // Its place: before the record that follows it (found only while tracked).
        let next: RecordKey | undefined;
        let found = false;
        for (const key of pets.keys()) {
          if (found) {
            next = key;
            break;
          }
          found = key === id;
        }
        undoes.push(() => putBack(id, previous, previousBytes, next));
      }
      const removed = pets.get(id);
      if (removed === undefined) return false;
      unindex(id, removed);
      pets.delete(id);
      count(id, 0);
      revision += 1;
      rewrites += 1;
      return true;
    },
    replace(given, { overBudget = false } = {}) {
      if (given.length > maxPets) throw new StoreFullError(`[petstore-mock] ${given.length} pets are more than the store holds (maxPets ${maxPets}).`, 'maxPets');
      checkIds(given);
      const prepared = prepare(given, false);
      const bytes = prepared.reduce((sum, { bytes: each }) => sum + each, 0);
      if (budget && !overBudget && !budget.fits(bytes - storedBytes - indexBytes)) refuseBytes(bytes, `${given.length} pets`);
      hold(prepared);
    },
    reset,
    drop() {
      letGo();
      numbering?.members.delete(member);
    },
    get storedBytes() {
      return storedBytes + indexBytes;
    },
    setInitialPets(pets) {
      initialPets = isDeeplyFrozen(pets) ? pets : pets.map(pet => copyRecord(pet));
    },
    get size() {
      return pets.size;
    },
    maxPets,
    get isFull() {
      return isFull();
    },
    get revision() {
      return revision;
    },
    get rewrites() {
      return rewrites;
    },
    versionOf(property, value) {
      if (!isPlainValue(value)) return undefined;
      const index = indexOf(property);
      return index && (index.versions.get(value) ?? index.emptyVersion);
    },
    keyHolding(property, value) {
      const index = indexOf(property);
      if (index !== undefined) {
        const keys = valuesWrittenAs(value).flatMap(each => {
          const first = index.buckets.get(each)?.values().next();
          return first === undefined || first.done === true ? [] : [first.value];
        });
        return keys.length <= 1 ? keys[0] : [...pets.keys()].find(key => keys.includes(key));
      }
      for (const [key, pet] of pets) if (isWrittenAs(pet[property], value)) return key;
      return undefined;
    },
    get lastPageFull() {
      return lastPageFull;
    },
    track() {
      const tracked: (() => void)[] = [];
      undoes = tracked;
      const stop = (): void => {
        if (undoes === tracked) undoes = undefined;
      };
      return {
        undo() {
          stop();
          for (const undo of tracked.splice(0).reverse()) undo();
        },
        keep() {
          stop();
          tracked.length = 0;
        },
      };
    },
  };
}

/** One property's index: the keys of the records holding each value, in the store's order, and the bytes counted for it. */
interface PropertyIndex {
  readonly buckets: Map<unknown, Set<RecordKey>>;
  /** The version of each value's records (see `RecordStore.versionOf`); of a value no record holds, `emptyVersion`. */
  readonly versions: Map<unknown, number>;
  readonly emptyVersion: number;
  bytes: number;
}

/** The values a path's `written` may stand for: the string itself, a number written so, a boolean. */
function valuesWrittenAs(written: string): (string | number | boolean)[] {
  const number = Number(written);
  const values: (string | number | boolean)[] = [written];
  if (written.trim() !== '' && Number.isFinite(number) && String(number) === written) values.push(number);
  if (written === 'true' || written === 'false') values.push(written === 'true');
  return values;
}

function isWrittenAs(held: unknown, written: string): boolean {
  return (typeof held === 'string' || typeof held === 'number' || typeof held === 'boolean') && String(held) === written;
}

/** A value a `Map` finds exactly where `===` would: not an object (`===` on a stored copy is never true), not NaN. */
function isPlainValue(value: unknown): boolean {
  return value === null || (typeof value !== 'object' && typeof value !== 'function' && !Number.isNaN(value));
}

/**
 * A deep copy of a pet (pets are JSON), of only `fields` when given, so callers never share or
 * extend stored records. Keys such as `__proto__` that `JSON.parse` makes own properties are not copied.
 */
function copyRecord(pet: StoredRecord, fields?: readonly string[]): StoredRecord {
  const copy: Record<string, unknown> = {};
  const source = pet;
  for (const name of fields ?? Object.keys(source)) {
    if (name === '__proto__' || !Object.hasOwn(source, name)) continue;
    const value = source[name];
    if (value !== undefined) copy[name] = typeof value === 'object' && value !== null ? copyJson(value) : value;
  }
  return copy;
}

function copyJson(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map(copyJson);
  const copy: Record<string, unknown> = {};
  for (const [name, item] of Object.entries(value)) if (name !== '__proto__') copy[name] = copyJson(item);
  return copy;
}

/** True when `pet` holds only `fields`, in their order (any properties when there are none): a store may keep it as it is. */
function hasShape(pet: StoredRecord, fields: readonly string[] | undefined): boolean {
  if (fields === undefined) return true;
  let index = 0;
  for (const name of Object.keys(pet)) {
    while (index < fields.length && fields[index] !== name) index++;
    if (index === fields.length) return false;
    index++;
  }
  return true;
}

/** The pet with its properties in the document's order, so that answers read as the document does. */
function orderFields(pet: StoredRecord, fields: readonly string[] | undefined): StoredRecord {
  if (fields === undefined) return pet;
  return copyRecord(pet, fields);
}

/** A copy of `pets` no one can change, which any number of stores can share as their initial pets. */
export function freezeRecords(pets: readonly StoredRecord[]): readonly StoredRecord[] {
  return Object.freeze(pets.map(pet => deepFreeze(copyRecord(pet))));
}

function isDeeplyFrozen(pets: readonly StoredRecord[]): boolean {
  return Object.isFrozen(pets) && pets.every(pet => Object.isFrozen(pet));
}
