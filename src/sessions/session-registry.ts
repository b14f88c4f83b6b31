import { createByteBudget, namesOfLimit, type ByteBudget } from '../budget/index.js';
import { buildPets, DEFAULT_SEED } from '../fixtures/index.js';
import { createRecordNumbering, createRecordStore, freezeRecords, moveNumbering, StoreFullError, type NumberingMember, type RecordNumbering, type RecordShape, type RecordStore, type StoredRecord } from '../store/index.js';
import { createRandom, deriveSeed, type Random } from './random.js';
import type { Step } from '../scheduling/index.js';

/** The request header that selects a session. */
export const SESSION_HEADER = 'x-petstore-session';
/** Response header on the answer of a request whose session was opened afresh: `new`, or `reopened` after it was dropped. */
export const SESSION_OPENED_HEADER = 'x-petstore-session-opened';
/** What a session id may be: 1 to 128 letters, digits, `.`, `_`, `~`, `:` or `-` (a UUID fits). */
export const SESSION_ID_PATTERN = /^[A-Za-z0-9._~:-]{1,128}$/;
export const DEFAULT_MAX_SESSIONS = 100;
export const DEFAULT_MAX_PETS = 10_000;
export const DEFAULT_PETS = 20;
/** Bytes (estimated heap) the pets written to every session's store may hold together: 32 MiB. */
export const DEFAULT_MAX_STORED_BYTES = 32 * 1024 * 1024;
const EVICTED_IDS_REMEMBERED_PER_SESSION = 10;

/** One isolated Animal Store: its pets and its own seeded streams of delays and faults. */
export interface Session {
  /** The id sent in `X-Petstore-Session`; undefined for the default session (no header). */
  readonly id: string | undefined;
  /** The store of the document's first collection (the Animal Store's pets). */
  readonly store: RecordStore;
  /**
   * The store of the collection `name` (`document.resources`), made on first use; the first collection's is `store`. Undefined for a name the document has not.
   * With a `scope` (the values of path segments that keep records apart, `master` of `/{realm}/clients`), that scope's own store,
   * opened on first use from the collection's starting records and counted against `maxStoredBytes` (a `StoreFullError` past it).
   */
  storeOf(name: string, scope?: string): RecordStore | undefined;
  /** The scope's store if this session has opened it; else undefined. */
  liveStoreOf(name: string, scope?: string): RecordStore | undefined;
  /** What a read of the scope sees without opening it: its store if opened, else the collection's starting records (the registry's `startingStoreOf`). */
  readStoreOf(name: string, scope: string): RecordStore | undefined;
  /** The collection's starting records, as a store no write reaches (what every scope starts from); undefined for a collection the document lacks. */
  startingStoreOf(name: string): RecordStore | undefined;
  /** Every scope this session has opened, with its collection and store. */
  scopes(): ScopedStore[];
  /** The scopes of the collection `name` this session has opened. */
  scopesOf(name: string): ScopedStore[];
  /** Closes a scope opened by a write that was then refused: its store is let go, as if never opened. */
  closeScope(name: string, scope: string): void;
  /** Draws for `--delay` ranges, seeded from the seed and the session id. */
  readonly latencyRandom: Random;
  /** Draws for `--fault-rate`, seeded from the seed and the session id. */
  readonly faultRandom: Random;
  /** Back to the seeded pets and the start of both streams. */
  reset(): void;
}

export interface SessionRegistryOptions {
  /** Seed of the initial pets and of each session's delay and fault draws. Default 1. */
  seed?: number;
  /** How many seeded pets each store starts with. Default 20. */
  pets?: number;
  /** Explicit initial pets of every store, instead of `pets` seeded ones. */
  initialPets?: readonly StoredRecord[];
  /** Status of a pet created without one; `null` leaves it out. Default `available`. */
  defaultStatus?: string | null;
  /** Most pets one store holds. Default 10,000. */
  maxPets?: number;
  /** Most named sessions alive at once; opening one more drops the least recently used. Default 100. */
  maxSessions?: number;
  /** Bytes (estimated heap) the pets written to every session's store may hold together; a write past it throws a `StoreFullError`. Default 32 MiB. */
  maxStoredBytes?: number;
  /** The document's shape of a pet, shared by every store (the engine fills it in once the document is read). */
  shape?: RecordShape;
  /** The default session's store, when a surface made it beforehand. */
  defaultStore?: RecordStore;
  /** Called when a session is dropped to make room for another (past `maxSessions`). */
  onEvict?: (id: string) => void;
}

/** A store of one scope of a collection (`clients` of realm `master`). */
export interface ScopedStore {
  readonly name: string;
  readonly scope: string;
  readonly store: RecordStore;
}

/**
 * Bytes a scope's store is counted as holding before any write: the store itself, its index of the
 * starting records, and its scope's text. Measured as heap after GC over 10,000 stores of the Animal
 * Store's pets: 6.8 KiB with no starting records, 7.6 KiB with 20, 13.7 KiB with 200.
 */
export function scopeStoreBytes(startingRecords: number, scope: string): number {
  return 7 * 1024 + 40 * startingRecords + 2 * scope.length;
}

/** A collection's records as every store of it keeps them, and what each starts from. */
export interface CollectionState {
  readonly shape: RecordShape;
  readonly initial: readonly StoredRecord[];
  /** `initial`, made a record at a time where they are made on first use (and not yet made); the same records. */
  initialInSteps?(): Generator<Step, readonly StoredRecord[], void>;
}

/** What opening a session did: whether it was made afresh, and which session it dropped to make room. */
export interface SessionEntry {
  readonly session: Session;
  /** `new`: first use of the id; `reopened`: the id was dropped earlier (least recently used) and its pets are gone; absent: it was alive. */
  readonly opened?: 'new' | 'reopened';
  /** The least recently used session dropped to make room for this one. */
  readonly evicted?: string;
}

/** The default session and the named ones, bounded in number and in pets per store. */
export interface SessionRegistry {
  /** The session of requests without `X-Petstore-Session`; never dropped. */
  readonly default: Session;
  /** The session `id` names, opened from the seed on first use. */
  open(id: string): Session;
  /** `open`, telling whether the session was made afresh and which one it dropped. */
  enter(id: string): SessionEntry;
  /** The session `id` names if it is alive, without opening it. */
  find(id: string): Session | undefined;
  /**
   * Calls `listener` with the id of every named session dropped from now on: evicted past
   * `maxSessions`, or dropped by a reset of everything. What belongs to a session (its overrides) goes with it.
   */
  onDrop(listener: (id: string) => void): void;
  /** Bytes the pets written to every store hold, against `maxStoredBytes`. */
  readonly storage: Pick<ByteBudget, 'limit' | 'used' | 'max' | 'usage'>;
  /** One session back to its seeded state (`id`), or everything: the default session reset, the named ones dropped. */
  reset(id?: string): void;
  /** Ids of the live named sessions, least recently used first. */
  ids(): string[];
  /** Pets every store starts from at its next reset, and every new session from now on; live stores keep their pets. */
  setInitialPets(pets: readonly StoredRecord[]): void;
  /** The pets every store starts from. */
  readonly initialPets: readonly StoredRecord[];
  /** Every live store of the first collection: the default session's first. */
  stores(): RecordStore[];
  /**
   * The document's other collections, by name: what their records are and what every store of them
   * starts from. Live stores of a collection that stays keep their records; those of one that goes are dropped.
   */
  setCollections(collections: ReadonlyMap<string, CollectionState>): void;
  /** Every live store of the collection `name`, the default session's first (none for one not yet used), each session's scopes after its own. */
  storesOf(name: string): RecordStore[];
  /**
   * Makes the starting records of the collection `name` a record at a time, where they are made on
   * first use and not yet made: the first store of it then opens without making them. Nothing for
   * the first collection, a collection the document does not have, or one already made.
   */
  startingRecordsInSteps(name: string): Generator<Step, void, void>;
  /** The stores of the collection `name`'s scopes in every session, the default session's first. */
  scopedStoresOf(name: string): { readonly session: string | undefined; readonly store: RecordStore }[];
  /**
   * A store of the collection's starting records that no write reaches (its budget is 0 bytes): what a
   * read of a scope no session has opened sees, so that reads of ever new scopes hold nothing.
   */
  startingStoreOf(name: string): RecordStore | undefined;
  /** The name of the first collection (whose store is each session's `store`): its scopes start from `initialPets`. */
  primaryName: string | undefined;

  readonly shape: RecordShape;
  readonly maxSessions: number;
  readonly maxPets: number;
}

export function createSessionRegistry(options: SessionRegistryOptions = {}): SessionRegistry {
  const seed = options.seed ?? DEFAULT_SEED;
  const maxSessions = options.maxSessions ?? DEFAULT_MAX_SESSIONS;
  const maxPets = options.maxPets ?? DEFAULT_MAX_PETS;
  if (!Number.isInteger(maxSessions) || maxSessions < 1) throw new RangeError(`[petstore-mock] maxSessions must be a whole number of at least 1, got ${maxSessions}.`);
  // Built once and frozen: every session's store shares the list instead of copying it.
  let initialPets = freezeRecords(options.initialPets ?? buildPets(options.pets ?? DEFAULT_PETS, { seed }));
  const shape: RecordShape = options.shape ?? {};
  const storage = createByteBudget('maxStoredBytes', options.maxStoredBytes ?? DEFAULT_MAX_STORED_BYTES);
  const createStore = (numbering?: RecordNumbering, budget: ByteBudget = storage): RecordStore =>
    createRecordStore({ initialPets, maxPets, shape, budget, ...(options.defaultStatus !== undefined && { defaultStatus: options.defaultStatus }), ...(numbering && { numbering }) });
  let collections: ReadonlyMap<string, CollectionState & { initial: readonly StoredRecord[] }> = new Map();
  // One shape per collection, shared by every store of it and changed in place by a new document (as
  // the first collection's `shape` is): a store keeps no old document's shape, nor, through the
  // drawing of its keys, the old document and all its validators compiled.
  const collectionShapes = new Map<string, RecordShape>();
  const shapeOf = (name: string, collection: CollectionState): RecordShape => {
    let shared = collectionShapes.get(name);
    if (shared === undefined) collectionShapes.set(name, (shared = { ...collection.shape }));
    return shared;
  };
  let primaryName: string | undefined;
  const createCollectionStore = (name: string, budget: ByteBudget = storage, numbering?: RecordNumbering): RecordStore | undefined => {
    if (name === primaryName) return createStore(numbering, budget);
    const collection = collections.get(name);
    return collection && createRecordStore({ initialPets: collection.initial, maxPets, shape: shapeOf(name, collection), budget, defaultStatus: null, ...(numbering && { numbering }) });
  };
  // No write reaches a starting store: its budget refuses every byte.
  const startingStores = new Map<string, RecordStore>();
  const refusingEveryByte = createByteBudget('maxStoredBytes', 0);
  const scopes: ScopeMaker = { storage, create: (name, numbering) => createCollectionStore(name, storage, numbering), starting: name => registry.startingStoreOf(name) };
  const dropListeners: ((id: string) => void)[] = [];
  const drop = (id: string, session: LiveSession): void => {
    session.drop();
    for (const listener of dropListeners) listener(id);
  };
  // A session's store numbers its records as one with its collection's scopes (a store made elsewhere, alone).
  const defaultNumbering = createRecordNumbering();
  const defaultSession = createSession(undefined, options.defaultStore ?? createStore(defaultNumbering), seed, scopes, defaultNumbering);
  const named = new Map<string, LiveSession>();
  // Ids dropped to make room, remembered (a bounded number, oldest forgotten first) so that a
  // request naming one again learns that its pets are gone.
  const evicted = new Set<string>();
  const rememberEvicted = (id: string): void => {
    evicted.add(id);
    if (evicted.size > maxSessions * EVICTED_IDS_REMEMBERED_PER_SESSION) evicted.delete(evicted.values().next().value as string);
  };

  const enter = (id: string): SessionEntry => {
    const problem = findSessionIdProblem(id);
    if (problem) throw new RangeError(`[petstore-mock] ${problem}`);
    const alive = named.get(id);
    if (alive) {
      // Most recently used last.
      named.delete(id);
      named.set(id, alive);
      return { session: alive };
    }
    const dropped = named.size >= maxSessions ? named.keys().next().value : undefined;
    if (dropped !== undefined) {
      const droppedSession = named.get(dropped) as LiveSession;
      named.delete(dropped);
      drop(dropped, droppedSession);
      rememberEvicted(dropped);
      options.onEvict?.(dropped);
    }
    const numbering = createRecordNumbering();
    const session = createSession(id, createStore(numbering), seed, scopes, numbering);
    if (primaryName !== undefined) session.keepCollections(collections, primaryName);
    named.set(id, session);
    const opened = evicted.delete(id) ? 'reopened' : 'new';
    return { session, opened, ...(dropped !== undefined && { evicted: dropped }) };
  };

  const registry: SessionRegistry = {
    default: defaultSession,
    open: id => enter(id).session,
    enter,
    find: id => named.get(id),
    onDrop(listener) {
      dropListeners.push(listener);
    },
    storage,
    reset(id) {
      if (id !== undefined) {
        named.get(id)?.reset();
        return;
      }
      defaultSession.reset();
      const dropped = [...named];
      named.clear();
      evicted.clear();
      for (const [droppedId, session] of dropped) drop(droppedId, session);
    },
    ids: () => [...named.keys()],
    setInitialPets(pets) {
      initialPets = freezeRecords(pets);
      startingStores.clear();
      for (const session of [defaultSession, ...named.values()]) {
        session.store.setInitialPets(initialPets);
        for (const scoped of session.scopes()) if (scoped.name === primaryName) scoped.store.setInitialPets(initialPets);
      }
    },
    get initialPets() {
      return initialPets;
    },
    stores: () => [defaultSession.store, ...[...named.values()].map(session => session.store)],
    *startingRecordsInSteps(name) {
      const collection = name === primaryName ? undefined : collections.get(name);
      if (collection?.initialInSteps !== undefined) yield* collection.initialInSteps();
    },
    setCollections(next) {
      collections = new Map([...next].map(([name, collection]) => [name, frozenOnFirstUse(collection)]));
      for (const [name, shared] of collectionShapes) {
        const collection = collections.get(name);
        if (collection === undefined) collectionShapes.delete(name);
        else replaceInPlace(shared, collection.shape);
      }
      startingStores.clear();
      for (const session of [defaultSession, ...named.values()]) session.keepCollections(collections, primaryName);
    },
    storesOf: name =>
      [defaultSession, ...named.values()].flatMap(session => [...[session.liveStoreOf(name) ?? []].flat(), ...session.scopes().flatMap(scoped => (scoped.name === name ? [scoped.store] : []))]),
    scopedStoresOf: name =>
      [defaultSession, ...named.values()].flatMap(session => session.scopes().flatMap(scoped => (scoped.name === name ? [{ session: session.id, store: scoped.store }] : []))),
    startingStoreOf(name) {
      let found = startingStores.get(name);
      if (found === undefined) {
        found = createCollectionStore(name, refusingEveryByte);
        if (found) startingStores.set(name, found);
      }
      return found;
    },
    get primaryName() {
      return primaryName;
    },
    set primaryName(name) {
      primaryName = name;
      startingStores.clear();
    },

    shape,
    maxSessions,
    maxPets,
  };
  return registry;
}

/** `shape` holding what `next` holds, and nothing else: every store reading it sees the new document's shape. */
function replaceInPlace(shape: RecordShape, next: RecordShape): void {
  for (const key of Object.keys(shape)) Reflect.deleteProperty(shape, key);
  Object.assign(shape, next);
}

/**
 * The collection with its records frozen when first read: a collection's records are made when a
 * store of it first opens (a big document's collections are not all made at start).
 */
function frozenOnFirstUse(collection: CollectionState): CollectionState {
  let initial: readonly StoredRecord[] | undefined;
  return {
    shape: collection.shape,
    get initial() {
      return (initial ??= freezeRecords(collection.initial));
    },
    *initialInSteps() {
      if (initial === undefined) {
        const records = collection.initialInSteps === undefined ? collection.initial : yield* collection.initialInSteps();
        initial ??= freezeRecords(records);
      }
      return initial;
    },
  };
}

/** Why `id` (a header's value, if sent) is not a session id, as a sentence for an `Error` body; undefined when it is one or none was sent. */
export function findSessionIdProblem(id: string | undefined): string | undefined {
  if (id === undefined || SESSION_ID_PATTERN.test(id)) return undefined;
  return `X-Petstore-Session must be 1 to 128 letters, digits, ".", "_", "~", ":" or "-", got ${JSON.stringify(id.length > 140 ? `${id.slice(0, 140)}…` : id)}.`;
}

/** A session as the registry holds it: the stores of the other collections made on first use. */
interface LiveSession extends Session {
  /**
   * Drops the stores of collections the document no longer has; the others start from their new
   * records at their next reset, made then (as a store opened afresh makes them on first use), not
   * when the document is read: a reload does not draw every live collection's records anew.
   */
  keepCollections(collections: ReadonlyMap<string, CollectionState>, primaryName: string | undefined): void;
  /** Lets every store go. */
  drop(): void;
}

/** How a session makes the stores of its scopes: counted against the stores' budget. */
interface ScopeMaker {
  readonly storage: ByteBudget;
  /** A store of the collection `name`, numbering its new records by `numbering` where given (shared with the collection's other stores in the session). */
  create(name: string, numbering?: RecordNumbering): RecordStore | undefined;
  /** The collection's store of starting records that no write reaches. */
  starting(name: string): RecordStore | undefined;
}

function createSession(id: string | undefined, store: RecordStore, seed: number, scopeMaker: ScopeMaker, storeNumbering: RecordNumbering): LiveSession {
  const streams = (): Pick<Session, 'latencyRandom' | 'faultRandom'> => ({
    latencyRandom: createRandom(deriveSeed(seed, id ?? '', 'latency')),
    faultRandom: createRandom(deriveSeed(seed, id ?? '', 'fault')),
  });
  const others = new Map<string, RecordStore>();
  /** Collections whose stores start from new records at their next reset (a new document), not yet made. */
  const startingAnew = new Map<string, CollectionState>();
  // By collection, then scope: each counted as `scopeStoreBytes` until let go.
  const scoped = new Map<string, Map<string, { store: RecordStore; bytes: number }>>();
  // By collection: its stores of this session (the one without a scope, `store` for the first collection, and each
  // scope's) number new records as one, so that a key made under one scope names one record of the session
  // (`/builds/{build_id}` finds it). A collection no path keeps apart has one store in it, which numbers as it would alone.
  const numberedAsOne = new Map<string, Set<NumberingMember>>();
  const membersOf = (name: string): Set<NumberingMember> => {
    let members = numberedAsOne.get(name);
    if (members === undefined) numberedAsOne.set(name, (members = new Set()));
    return members;
  };
  const numberingOf = (name: string): RecordNumbering => createRecordNumbering(membersOf(name));
  const closeScope = (name: string, scope: string): void => {
    const stores = scoped.get(name);
    const found = stores?.get(scope);
    if (!stores || !found) return;
    found.store.drop();
    stores.delete(scope);
    if (stores.size === 0) scoped.delete(name);
    scopeMaker.storage.give(found.bytes);
  };
  const closeEveryScope = (): void => {
    for (const [name, stores] of [...scoped]) for (const scope of [...stores.keys()]) closeScope(name, scope);
  };
  const session: LiveSession = {
    id,
    store,
    storeOf(name, scope) {
      if (scope !== undefined && scope !== '') {
        const open = scoped.get(name)?.get(scope);
        if (open) return open.store;
        const made = scopeMaker.create(name, numberingOf(name));
        if (!made) return undefined;
        const bytes = scopeStoreBytes(made.size, scope);
        if (!scopeMaker.storage.take(bytes)) {
          made.drop();
          const { used, max } = scopeMaker.storage;
          throw new StoreFullError(
            `[petstore-mock] Keeping ${name} apart for one more value of a path segment needs about ${bytes} bytes, but the stores of every session hold ${used} of at most ${max} (${namesOfLimit('maxStoredBytes')}).`,
            'maxStoredBytes',
          );
        }
        const stores = scoped.get(name) ?? new Map<string, { store: RecordStore; bytes: number }>();
        stores.set(scope, { store: made, bytes });
        scoped.set(name, stores);
        return made;
      }
      let found = others.get(name);
      if (found === undefined) {
        found = scopeMaker.create(name, numberingOf(name));
        if (found) others.set(name, found);
      }
      return found;
    },
    liveStoreOf: (name, scope) => (scope !== undefined && scope !== '' ? scoped.get(name)?.get(scope)?.store : others.get(name)),
    readStoreOf: (name, scope) => scoped.get(name)?.get(scope)?.store ?? scopeMaker.starting(name),
    startingStoreOf: name => scopeMaker.starting(name),
    scopes: () => [...scoped.keys()].flatMap(name => session.scopesOf(name)),
    scopesOf: name => [...(scoped.get(name) ?? [])].map(([scope, each]) => ({ name, scope, store: each.store })),
    closeScope,
    keepCollections(collections, primaryName) {
      // `store` holds the first collection's records: it numbers with that collection's scopes, whichever it is now.
      if (primaryName !== undefined) moveNumbering(storeNumbering, membersOf(primaryName));
      startingAnew.clear();
      for (const [name, other] of others) {
        const collection = collections.get(name);
        if (collection) startingAnew.set(name, collection);
        else {
          other.drop();
          others.delete(name);
        }
      }
      // A scope's store is closed at a reset, never reset: only those of collections gone are let go now.
      for (const [name, stores] of [...scoped]) {
        if (!collections.has(name) && name !== primaryName) for (const scope of [...stores.keys()]) closeScope(name, scope);
      }
    },
    drop() {
      store.drop();
      for (const other of others.values()) other.drop();
      others.clear();
      startingAnew.clear();
      closeEveryScope();
    },
    ...streams(),
    reset() {
      store.reset();
      for (const [name, other] of others) {
        const collection = startingAnew.get(name);
        if (collection) other.setInitialPets(collection.initial);
        other.reset();
      }
      startingAnew.clear();
      // A scope not opened reads as its starting records: back to seeded is the same as closed.
      closeEveryScope();
      Object.assign(session, streams());
    },
  };
  return session;
}
