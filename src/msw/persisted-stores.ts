// By file: the MSW entry loads only the helpers it needs before the engine's own chunk.
import { findRoundedNumber } from '../engine/http/rounded-numbers.js';
import type { ReadFirstRecordsResult } from '../engine/state/read-first-records.js';
import { deriveSeed, findSessionIdProblem, type SessionRegistry } from '../sessions/index.js';
import { StoreFullError, type RecordStore, type StoredRecord } from '../store/index.js';
import { isJsonObject } from '../json-values/index.js';

/** Where `persist` keeps the stores: the page's Web Storage of that name. */
export type PersistOption = 'sessionStorage' | 'localStorage';

export const PERSIST_OPTIONS: readonly PersistOption[] = ['sessionStorage', 'localStorage'];

/** What is stored under the key: every store's pets, and the starting pets they grew from. */
interface PersistedStores {
  readonly format: typeof FORMAT;
  /** A fingerprint of the starting pets: stores grown from other ones are not this mock's. */
  readonly startingPets: string;
  /** The stamp of the write that made the value: a tab that did not make it has not taken it in yet. */
  readonly write?: string;
  /** When the value was written (ISO 8601): what a reload restores is the pets of that moment. */
  readonly savedAt?: string;
  /**
   * `session` null is the default store; `stamp` is that of the write that last changed it: a clock
   * every tab moves past the highest it has seen, then the tab's id, so that every tab orders two
   * changes of a store alike and keeps the later one.
   */
  readonly stores: readonly PersistedStore[];
}

interface PersistedStore {
  readonly session: string | null;
  readonly stamp?: string;
  readonly pets: readonly StoredRecord[];
}

const FORMAT = 'petstore-mock/stores@1';

/** The stores of one mock in Web Storage: restored when the engine starts, saved after changes, cleared by `reset()`. */
export interface PersistedStoreKeeper {
  /** Puts the stored pets back into `sessions`, each store's read by `readStorePets` (the document's `Pet`); a value that is corrupt, foreign or refused is dropped with a warning. From then on, what another tab stores under the key is taken in too. */
  restore(readStorePets: ReadStorePets): void;
  /** Stores the stores whose pets changed since they were last stored (by their revision): nothing at all when none did. */
  save(): void;
  /** Forgets the stored pets (`reset()` with no session). */
  clear(): void;
}

type ReadStorePets = (pets: readonly StoredRecord[]) => ReadFirstRecordsResult;

export interface PersistedStoreKeeperOptions {
  persist: PersistOption;
  key: string;
  sessions: SessionRegistry;
  onWarning: (message: string) => void;
  /** The time of a write, for `savedAt`. Default: now. */
  now?: () => Date;
}

/** Refuses a `persist` that is not a storage's name, and a `persistKey` that is not a key. */
export function checkPersistOptions(persist: unknown, key: unknown): void {
  if (persist !== undefined && !PERSIST_OPTIONS.includes(persist as PersistOption)) {
    throw new RangeError(`[petstore-mock] persist must be ${PERSIST_OPTIONS.map(option => `'${option}'`).join(' or ')}, got ${JSON.stringify(persist)}.`);
  }
  if (key !== undefined && (typeof key !== 'string' || key.length === 0)) throw new RangeError(`[petstore-mock] persistKey must be a non-empty string, got ${JSON.stringify(key)}.`);
}

/** One store as the storage holds it: the store's revision then, and its part of the stored text (made when first needed). */
interface KeptStore {
  readonly store: RecordStore;
  readonly revision: number;
  readonly stamp: string;
  text?: string;
}

export function createPersistedStoreKeeper(options: PersistedStoreKeeperOptions): PersistedStoreKeeper {
  const { persist, key, sessions, onWarning } = options;
  const now = options.now ?? (() => new Date());
  const storage = storageOf(persist);
  if (storage === undefined) {
    onWarning(`[petstore-mock] persist: '${persist}' keeps the pets in the page's ${persist}, which is not available here (Node, or a page that may not use it); the pets will not survive a reload.`);
  }
  /** Where a write that failed leaves the time it failed, so that a reload says the pets it restores are older. */
  const unsavedKey = `${key}:unsaved`;
  /** The stamp of the last write, beside it: what a tab reads before it writes, instead of the whole value. */
  const writeKey = `${key}:write`;
  const startingPets = fingerprint(sessions.default.store.list({ limit: Number.POSITIVE_INFINITY }));
  // Stamps of this tab's writes (`<clock>.<tab>`): unique across the tabs sharing the storage, and ordered.
  const tab = Math.random().toString(36).slice(2, 10);
  let clock = 0;
  /** The stamp of the write this tab last made or took in. */
  let lastWrite: string | undefined;
  let writeFailed = false;
  let readStorePets: ReadStorePets | undefined;
  /** When what the storage holds was written, if it holds anything. */
  let savedAt: string | undefined;

  const liveStores = (): [string | null, RecordStore][] => [
    [null, sessions.default.store],
    ...sessions.ids().flatMap(id => {
      const session = sessions.find(id);
      return session ? [[id, session.store] as [string, RecordStore]] : [];
    }),
  ];
  /** The stores as they are now, taken as what the storage holds (their text is made only if a later write needs it). */
  const keepAsTheyAre = (): Map<string | null, KeptStore> => new Map(liveStores().map(([session, store]) => [session, { store, revision: store.revision, stamp: '' }]));
  /** What the storage holds, store by store, or the starting state when it holds nothing: nothing is written until the stores change. */
  let kept = keepAsTheyAre();

  const forget = (): void => {
    kept = keepAsTheyAre();
    savedAt = undefined;
    try {
      storage?.removeItem(key);
      storage?.removeItem(writeKey);
      storage?.removeItem(unsavedKey);
    } catch {
      // A storage that refuses access was warned of when it was read.
    }
  };
  const discard = (why: string): void => {
    onWarning(`[petstore-mock] The pets kept in ${persist} under ${JSON.stringify(key)} ${why}; they were discarded and the mock starts from its starting pets.`);
    forget();
  };
  const storeName = (session: string | null): string => (session === null ? 'the default store' : `session ${JSON.stringify(session)}`);

  /** The stored value read and checked, each store's pets by the document, or why it is not this mock's. */
  const readValue = (text: string, readFirstRecords: ReadStorePets): { write: string | undefined; savedAt: string | undefined; stores: { session: string | null; stamp: string; pets: StoredRecord[] }[] } | { problem: string } => {
    const read = readPersistedStores(text, startingPets, sessions.maxSessions);
    if ('problem' in read) return read;
    const stores: { session: string | null; stamp: string; pets: StoredRecord[] }[] = [];
    for (const store of read.stores) {
      const pets = readFirstRecords(store.pets);
      if ('problem' in pets) return { problem: `are not valid for this document: ${storeName(store.session)} ${pets.problem}` };
      stores.push({ session: store.session, stamp: store.stamp ?? '', pets: pets.pets });
    }
    return { write: read.write, savedAt: read.savedAt, stores };
  };
  /**
   * Takes in the stores of the value that are later than those kept (another tab changed them); a
   * store changed here and not yet written stays, to be written with a later stamp. True when the
   * value holds an older store than this tab (the other tab wrote before it heard of this one's change).
   */
  const adopt = (stores: readonly { session: string | null; stamp: string; pets: StoredRecord[] }[]): boolean => {
    let older = false;
    for (const { session, stamp, pets } of stores) {
      clock = Math.max(clock, clockOf(stamp));
      const known = kept.get(session);
      if (known !== undefined) {
        const order = compareStamps(stamp, known.stamp);
        if (order < 0) older = true;
        if (order <= 0 || known.store.revision !== known.revision) continue;
      }
      const store = (session === null ? sessions.default : sessions.open(session)).store;
      store.replace(pets);
      kept.set(session, { store, revision: store.revision, stamp });
    }
    return older;
  };
  /** `adopt`, or undefined (with a warning) when another tab's stores do not fit this mock's `maxStoredBytes`: this page keeps what fitted. */
  const adoptWithinBudget = (stores: Parameters<typeof adopt>[0]): boolean | undefined => {
    try {
      return adopt(stores);
    } catch (error) {
      if (!(error instanceof StoreFullError)) throw error;
      onWarning(`[petstore-mock] Another page stored pets in ${persist} under ${JSON.stringify(key)} that hold more than this page's stores may (${error.message.replace('[petstore-mock] ', '')}); this page keeps its own.`);
      return undefined;
    }
  };
  /** Before a write: what another tab wrote since this one last heard of it (its event may be on its way) is taken in, so the write does not put back older stores. */
  const catchUp = (): void => {
    if (readStorePets === undefined) return;
    if (lastWrite !== undefined && storage?.getItem(writeKey) === lastWrite) return;
    const text = storage?.getItem(key) ?? null;
    if (text === null) return;
    const read = readValue(text, readStorePets);
    if ('problem' in read) return;
    if (!adoptWithinBudget(read.stores)) return;
    lastWrite = read.write;
  };

  /** Another tab wrote the key (`localStorage` only: each tab has its own `sessionStorage`). */
  const onStorage = (event: StorageEvent): void => {
    if (event.storageArea !== storage || (event.key !== key && event.key !== null) || readStorePets === undefined) return;
    if (event.newValue === null) {
      // The other tab's reset() (or the storage cleared): the stores start over here too.
      sessions.default.store.reset();
      for (const id of sessions.ids()) sessions.find(id)?.store.reset();
      kept = keepAsTheyAre();
      savedAt = undefined;
      return;
    }
    const read = readValue(event.newValue, readStorePets);
    if ('problem' in read) {
      onWarning(`[petstore-mock] Another page stored pets in ${persist} under ${JSON.stringify(key)} that ${read.problem}; this page keeps its own.`);
      return;
    }
    const older = adoptWithinBudget(read.stores);
    if (older === undefined) return;
    savedAt = read.savedAt;
    lastWrite = read.write;
    // The storage holds an older store than this tab: its later one is written back.
    if (older) save(true);
  };

  return {
    restore(readFirstRecords) {
      let text: string | null;
      let unsavedSince: string | null;
      try {
        text = storage?.getItem(key) ?? null;
        unsavedSince = storage?.getItem(unsavedKey) ?? null;
      } catch (error) {
        onWarning(`[petstore-mock] ${persist} cannot be read here (${error instanceof Error ? error.message : String(error)}); the pets will not survive a reload.`);
        return;
      }
      readStorePets = readFirstRecords;
      if (storage !== undefined && typeof globalThis.addEventListener === 'function') globalThis.addEventListener('storage', onStorage);
      if (text === null) {
        if (unsavedSince !== null) onWarning(`[petstore-mock] The pets changed at ${unsavedSince} and later could not be kept in ${persist} (it was full), and nothing older was kept: the mock starts from its starting pets.`);
        return;
      }
      const read = readValue(text, readFirstRecords);
      if ('problem' in read) return discard(read.problem);
      kept = new Map();
      try {
        adopt(read.stores);
      } catch (error) {
        if (!(error instanceof StoreFullError)) throw error;
        // None kept rather than some: every store back to its starting pets.
        sessions.reset();
        return discard(`hold more than the stores may (${error.message.replace('[petstore-mock] ', '')})`);
      }
      savedAt = read.savedAt;
      lastWrite = read.write;
      if (unsavedSince !== null) {
        onWarning(`[petstore-mock] The pets restored from ${persist} are those kept at ${read.savedAt ?? 'an unknown time'}: the changes made from ${unsavedSince} on could not be kept (the storage was full) and are lost.`);
      }
    },
    save: () => save(false),
    clear: forget,
  };

  /** Writes the stores when one changed or a session went (or, `anyway`, when the storage is behind this tab); serializes only the stores that changed. */
  function save(anyway: boolean): void {
    if (storage === undefined) return;
    const isKept = (session: string | null, store: RecordStore): boolean => {
      const known = kept.get(session);
      return known !== undefined && known.store === store && known.revision === store.revision;
    };
    // Nothing changed, and no session went: nothing is read, serialized or written.
    if (!anyway && kept.size === liveStores().length && liveStores().every(([session, store]) => isKept(session, store))) return;
    try {
      catchUp();
    } catch {
      // A storage that cannot be read now is written as this tab has it.
    }
    const live = liveStores();
    const changed = live.filter(([session, store]) => !isKept(session, store)).map(([session]) => session);
    clock += 1;
    const write = `${clock}.${tab}`;
    const next = new Map<string | null, KeptStore>();
    for (const [session, store] of live) {
      const known = kept.get(session);
      next.set(session, known !== undefined && isKept(session, store) ? known : { store, revision: store.revision, stamp: write });
    }
    const writtenAt = now().toISOString();
    // Joined with `+`, which V8 does without copying the stores' text; the storage copies it once.
    let stores = '';
    for (const [session, entry] of next) {
      entry.text ??= `{"session":${JSON.stringify(session)},"stamp":${JSON.stringify(entry.stamp)},"pets":${JSON.stringify(entry.store.view({ limit: Number.POSITIVE_INFINITY }))}}`;
      stores = stores === '' ? entry.text : stores + ',' + entry.text;
    }
    const text = `{"format":${JSON.stringify(FORMAT)},"write":"${write}","startingPets":${JSON.stringify(startingPets)},"savedAt":"${writtenAt}","stores":[` + stores + ']}';
    try {
      storage.setItem(key, text);
    } catch (error) {
      if (!writeFailed) warnOfFailedWrite(error, changed, writtenAt);
      writeFailed = true;
      return;
    }
    kept = next;
    savedAt = writtenAt;
    lastWrite = write;
    try {
      storage.setItem(writeKey, write);
    } catch {
      // Without it, the next write reads the whole value first: slower, no less right.
    }
    if (writeFailed) {
      writeFailed = false;
      try {
        storage.removeItem(unsavedKey);
      } catch {
        // Removing never needs room; a storage that refuses access refused the write above.
      }
    }
  }

  /** Says what was not kept and what a reload will restore; leaves the time in the storage for the reload to say it, or, with no room even for that, removes the older pets. */
  function warnOfFailedWrite(error: unknown, changedSessions: readonly (string | null)[], failedAt: string): void {
    let reload: string;
    try {
      storage?.setItem(unsavedKey, failedAt);
      reload = savedAt === undefined ? 'a reload starts from the starting pets' : `a reload restores the pets as they were kept at ${savedAt}, and says so`;
    } catch {
      // No room for the note either: older pets must not come back as if they were the latest.
      try {
        storage?.removeItem(key);
      } catch {
        // Nothing more can be done; the warning says what a reload gives.
      }
      kept = new Map();
      savedAt = undefined;
      reload = 'what was kept before was removed, so a reload starts from the starting pets';
    }
    const what = changedSessions.length === 0 ? 'the stores (a session was dropped)' : changedSessions.map(storeName).join(', ');
    onWarning(`[petstore-mock] The pets could not be kept in ${persist} (${error instanceof Error ? error.message : String(error)}): the change of ${what} at ${failedAt}, and every change after it until a write succeeds, will not survive a reload; ${reload}.`);
  }
}

type ReadPersistedStores = { stores: PersistedStores['stores']; write: string | undefined; savedAt: string | undefined } | { problem: string };

/** The stored text as this mock's stores, or why it is not: not JSON, another format, other starting pets, bad session ids. */
function readPersistedStores(text: string, startingPets: string, maxSessions: number): ReadPersistedStores {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { problem: 'are not JSON' };
  }
  // The mock writes what JSON.stringify makes of its pets; a number read as another was written by something else.
  const rounded = findRoundedNumber(text);
  if (rounded) return { problem: `hold ${rounded.literal} at ${rounded.path}, which a JavaScript number cannot hold exactly (it reads ${rounded.value})` };
  if (!isJsonObject(value) || value['format'] !== FORMAT || !Array.isArray(value['stores'])) return { problem: `are not in petstore-mock's format (${FORMAT})` };
  if (value['startingPets'] !== startingPets) return { problem: 'grew from other starting pets (seed, pets or initialPets changed)' };
  const stores: PersistedStore[] = [];
  for (const store of value['stores'] as unknown[]) {
    if (!isJsonObject(store) || !Array.isArray(store['pets'])) return { problem: 'hold a store that is not {session, pets}' };
    const session = store['session'];
    if (session !== null && (typeof session !== 'string' || findSessionIdProblem(session) !== undefined)) return { problem: `name a session that is not a session id (${JSON.stringify(session)})` };
    const stamp = typeof store['stamp'] === 'string' ? store['stamp'] : '';
    stores.push({ session, stamp, pets: store['pets'] as StoredRecord[] });
  }
  const named = stores.filter(store => store.session !== null);
  if (stores.length - named.length !== 1) return { problem: 'do not hold exactly one default store' };
  if (new Set(named.map(store => store.session)).size !== named.length) return { problem: 'name a session twice' };
  if (named.length > maxSessions) return { problem: `hold ${named.length} sessions, more than maxSessions (${maxSessions})` };
  const textOf = (name: string): string | undefined => (typeof value[name] === 'string' ? value[name] : undefined);
  return { stores, write: textOf('write'), savedAt: textOf('savedAt') };
}

/** A stamp's clock; 0 for a store written before stamps were (no stamp). */
function clockOf(stamp: string): number {
  const clock = Number.parseInt(stamp, 10);
  return Number.isSafeInteger(clock) ? clock : 0;
}

/** Which of two stamps is later: by clock, then by tab id (any fixed order will do: every tab uses the same). */
function compareStamps(a: string, b: string): number {
  const byClock = clockOf(a) - clockOf(b);
  if (byClock !== 0) return byClock;
  return a < b ? -1 : a > b ? 1 : 0;
}

function fingerprint(pets: readonly StoredRecord[]): string {
  const text = JSON.stringify(pets);
  return `${pets.length}:${deriveSeed(text).toString(16)}:${deriveSeed(text, 'again').toString(16)}`;
}

function storageOf(persist: PersistOption): Storage | undefined {
  try {
    const storage = (globalThis as Partial<Record<PersistOption, Storage>>)[persist];
    return storage !== undefined && typeof storage.getItem === 'function' ? storage : undefined;
  } catch {
    // Reading `sessionStorage` throws where the page may not use it (a sandboxed frame, blocked cookies).
    return undefined;
  }
}
