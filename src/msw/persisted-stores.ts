import type { ReadPetsResult } from '../engine/state/read-pets.js';
import { deriveSeed, findSessionIdProblem, type SessionRegistry } from '../sessions/index.js';
import type { PetStore } from '../store/index.js';
import type { Pet } from '../types/index.js';

/** Where `persist` keeps the stores: the page's Web Storage of that name. */
export type PersistOption = 'sessionStorage' | 'localStorage';

export const PERSIST_OPTIONS: readonly PersistOption[] = ['sessionStorage', 'localStorage'];

/** What is stored under the key: every store's pets, and the starting pets they grew from. */
interface PersistedStores {
  readonly format: typeof FORMAT;
  /** A fingerprint of the starting pets: stores grown from other ones are not this mock's. */
  readonly startingPets: string;
  /** When the value was written (ISO 8601): what a reload restores is the pets of that moment. */
  readonly savedAt?: string;
  /** `session` null is the default store; `stamp` names the write that last changed it (the tab and its count), so another tab knows which stores are new to it. */
  readonly stores: readonly PersistedStore[];
}

interface PersistedStore {
  readonly session: string | null;
  readonly stamp?: string;
  readonly pets: readonly Pet[];
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

type ReadStorePets = (pets: readonly Pet[]) => ReadPetsResult;

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
  readonly store: PetStore;
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
  const startingPets = fingerprint(sessions.default.store.list({ limit: Number.POSITIVE_INFINITY }));
  // Stamps of this tab's writes: unique across the tabs sharing the storage.
  const tab = Math.random().toString(36).slice(2, 10);
  let writes = 0;
  let writeFailed = false;
  let readStorePets: ReadStorePets | undefined;
  /** When what the storage holds was written, if it holds anything. */
  let savedAt: string | undefined;

  const liveStores = (): [string | null, PetStore][] => [
    [null, sessions.default.store],
    ...sessions.ids().flatMap(id => {
      const session = sessions.find(id);
      return session ? [[id, session.store] as [string, PetStore]] : [];
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
  const readValue = (text: string, readPets: ReadStorePets): { savedAt: string | undefined; stores: { session: string | null; stamp: string; pets: Pet[] }[] } | { problem: string } => {
    const read = readPersistedStores(text, startingPets, sessions.maxSessions);
    if ('problem' in read) return read;
    const stores: { session: string | null; stamp: string; pets: Pet[] }[] = [];
    for (const store of read.stores) {
      const pets = readPets(store.pets);
      if ('problem' in pets) return { problem: `are not valid for this document: ${storeName(store.session)} ${pets.problem}` };
      stores.push({ session: store.session, stamp: store.stamp ?? '', pets: pets.pets });
    }
    return { savedAt: read.savedAt, stores };
  };
  /** Takes in the stores of the value whose stamps differ from those kept: those another tab changed. */
  const adopt = (stores: readonly { session: string | null; stamp: string; pets: Pet[] }[]): void => {
    for (const { session, stamp, pets } of stores) {
      const known = kept.get(session);
      if (known !== undefined && known.stamp === stamp && stamp !== '') continue;
      const store = (session === null ? sessions.default : sessions.open(session)).store;
      store.replace(pets);
      kept.set(session, { store, revision: store.revision, stamp });
    }
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
    adopt(read.stores);
    savedAt = read.savedAt;
  };

  return {
    restore(readPets) {
      let text: string | null;
      let unsavedSince: string | null;
      try {
        text = storage?.getItem(key) ?? null;
        unsavedSince = storage?.getItem(unsavedKey) ?? null;
      } catch (error) {
        onWarning(`[petstore-mock] ${persist} cannot be read here (${error instanceof Error ? error.message : String(error)}); the pets will not survive a reload.`);
        return;
      }
      readStorePets = readPets;
      if (storage !== undefined && typeof globalThis.addEventListener === 'function') globalThis.addEventListener('storage', onStorage);
      if (text === null) {
        if (unsavedSince !== null) onWarning(`[petstore-mock] The pets changed at ${unsavedSince} and later could not be kept in ${persist} (it was full), and nothing older was kept: the mock starts from its starting pets.`);
        return;
      }
      const read = readValue(text, readPets);
      if ('problem' in read) return discard(read.problem);
      kept = new Map();
      adopt(read.stores);
      savedAt = read.savedAt;
      if (unsavedSince !== null) {
        onWarning(`[petstore-mock] The pets restored from ${persist} are those kept at ${read.savedAt ?? 'an unknown time'}: the changes made from ${unsavedSince} on could not be kept (the storage was full) and are lost.`);
      }
    },
    save() {
      if (storage === undefined) return;
      const live = liveStores();
      const changed = live.filter(([session, store]) => {
        const known = kept.get(session);
        return known === undefined || known.store !== store || known.revision !== store.revision;
      });
      // Nothing changed, and no session went: nothing is written, nor serialized.
      if (changed.length === 0 && live.length === kept.size) return;
      const next = new Map<string | null, KeptStore>();
      for (const [session, store] of live) {
        const known = kept.get(session);
        if (known !== undefined && known.store === store && known.revision === store.revision) {
          next.set(session, known);
        } else {
          writes += 1;
          next.set(session, { store, revision: store.revision, stamp: `${tab}.${writes}` });
        }
      }
      const writtenAt = now().toISOString();
      const parts: string[] = [];
      for (const [session, entry] of next) {
        entry.text ??= `{"session":${JSON.stringify(session)},"stamp":${JSON.stringify(entry.stamp)},"pets":${JSON.stringify(entry.store.view({ limit: Number.POSITIVE_INFINITY }))}}`;
        parts.push(entry.text);
      }
      const text = `{"format":${JSON.stringify(FORMAT)},"startingPets":${JSON.stringify(startingPets)},"savedAt":"${writtenAt}","stores":[${parts.join(',')}]}`;
      try {
        storage.setItem(key, text);
      } catch (error) {
        if (!writeFailed) warnOfFailedWrite(error, changed.map(([session]) => session), writtenAt);
        writeFailed = true;
        return;
      }
      kept = next;
      savedAt = writtenAt;
      if (writeFailed) {
        writeFailed = false;
        try {
          storage.removeItem(unsavedKey);
        } catch {
          // Removing never needs room; a storage that refuses access refused the write above.
        }
      }
    },
    clear: forget,
  };

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

type ReadPersistedStores = { stores: PersistedStores['stores']; savedAt: string | undefined } | { problem: string };

/** The stored text as this mock's stores, or why it is not: not JSON, another format, other starting pets, bad session ids. */
function readPersistedStores(text: string, startingPets: string, maxSessions: number): ReadPersistedStores {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { problem: 'are not JSON' };
  }
  if (!isRecord(value) || value['format'] !== FORMAT || !Array.isArray(value['stores'])) return { problem: `are not in petstore-mock's format (${FORMAT})` };
  if (value['startingPets'] !== startingPets) return { problem: 'grew from other starting pets (seed, pets or initialPets changed)' };
  const stores: PersistedStore[] = [];
  for (const store of value['stores'] as unknown[]) {
    if (!isRecord(store) || !Array.isArray(store['pets'])) return { problem: 'hold a store that is not {session, pets}' };
    const session = store['session'];
    if (session !== null && (typeof session !== 'string' || findSessionIdProblem(session) !== undefined)) return { problem: `name a session that is not a session id (${JSON.stringify(session)})` };
    const stamp = typeof store['stamp'] === 'string' ? store['stamp'] : '';
    stores.push({ session, stamp, pets: store['pets'] as Pet[] });
  }
  const named = stores.filter(store => store.session !== null);
  if (stores.length - named.length !== 1) return { problem: 'do not hold exactly one default store' };
  if (new Set(named.map(store => store.session)).size !== named.length) return { problem: 'name a session twice' };
  if (named.length > maxSessions) return { problem: `hold ${named.length} sessions, more than maxSessions (${maxSessions})` };
  return { stores, savedAt: typeof value['savedAt'] === 'string' ? value['savedAt'] : undefined };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function fingerprint(pets: readonly Pet[]): string {
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
