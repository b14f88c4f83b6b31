import type { ReadPetsResult } from '../engine/state/read-pets.js';
import { deriveSeed, findSessionIdProblem, type SessionRegistry } from '../sessions/index.js';
import { StoreFullError } from '../store/index.js';
import type { Pet } from '../types/index.js';

/** Where `persist` keeps the stores: the page's Web Storage of that name. */
export type PersistOption = 'sessionStorage' | 'localStorage';

export const PERSIST_OPTIONS: readonly PersistOption[] = ['sessionStorage', 'localStorage'];

/** What is stored under the key: every store's pets, and the starting pets they grew from. */
interface PersistedStores {
  readonly format: typeof FORMAT;
  /** A fingerprint of the starting pets: stores grown from other ones are not this mock's. */
  readonly startingPets: string;
  /** `session` null is the default store. */
  readonly stores: readonly { session: string | null; pets: readonly Pet[] }[];
}

const FORMAT = 'petstore-mock/stores@1';

/** The stores of one mock in Web Storage: restored when the engine starts, saved after changes, cleared by `reset()`. */
export interface PersistedStoreKeeper {
  /** Puts the stored pets back into `sessions`, each store's read by `readStorePets` (the document's `Pet`); a value that is corrupt, foreign or refused is dropped with a warning. */
  restore(readStorePets: (pets: readonly Pet[]) => ReadPetsResult): void;
  /** Stores the pets when they differ from what was last stored. */
  save(): void;
  /** Forgets the stored pets (`reset()` with no session). */
  clear(): void;
}

export interface PersistedStoreKeeperOptions {
  persist: PersistOption;
  key: string;
  sessions: SessionRegistry;
  onWarning: (message: string) => void;
}

/** Refuses a `persist` that is not a storage's name, and a `persistKey` that is not a key. */
export function checkPersistOptions(persist: unknown, key: unknown): void {
  if (persist !== undefined && !PERSIST_OPTIONS.includes(persist as PersistOption)) {
    throw new RangeError(`[petstore-mock] persist must be ${PERSIST_OPTIONS.map(option => `'${option}'`).join(' or ')}, got ${JSON.stringify(persist)}.`);
  }
  if (key !== undefined && (typeof key !== 'string' || key.length === 0)) throw new RangeError(`[petstore-mock] persistKey must be a non-empty string, got ${JSON.stringify(key)}.`);
}

export function createPersistedStoreKeeper(options: PersistedStoreKeeperOptions): PersistedStoreKeeper {
  const { persist, key, sessions, onWarning } = options;
  const storage = storageOf(persist);
  if (storage === undefined) {
    onWarning(`[petstore-mock] persist: '${persist}' keeps the pets in the page's ${persist}, which is not available here (Node, or a page that may not use it); the pets will not survive a reload.`);
  }
  const startingPets = fingerprint(sessions.default.store.list({ limit: Number.POSITIVE_INFINITY }));
  let writeFailed = false;

  const discard = (why: string): void => {
    onWarning(`[petstore-mock] The pets kept in ${persist} under ${JSON.stringify(key)} ${why}; they were discarded and the mock starts from its starting pets.`);
    remove();
  };
  const remove = (): void => {
    // The stores as they are now (their starting state) need no keeping until they change.
    lastSaved = snapshot();
    try {
      storage?.removeItem(key);
    } catch {
      // A storage that refuses access was warned of when it was read.
    }
  };

  const snapshot = (): string => {
    const all = (sessionStore: SessionRegistry['default']['store']): Pet[] => sessionStore.list({ limit: Number.POSITIVE_INFINITY });
    const stores = [
      { session: null, pets: all(sessions.default.store) },
      ...sessions.ids().flatMap(id => {
        const session = sessions.find(id);
        return session ? [{ session: id, pets: all(session.store) }] : [];
      }),
    ];
    const value: PersistedStores = { format: FORMAT, startingPets, stores };
    return JSON.stringify(value);
  };
  /** What the storage holds, or the starting state when it holds nothing: nothing is written until the stores change. */
  let lastSaved = snapshot();

  return {
    restore(readStorePets) {
      let text: string | null;
      try {
        text = storage?.getItem(key) ?? null;
      } catch (error) {
        onWarning(`[petstore-mock] ${persist} cannot be read here (${error instanceof Error ? error.message : String(error)}); the pets will not survive a reload.`);
        return;
      }
      if (text === null) return;
      const read = readPersistedStores(text, startingPets, sessions.maxSessions);
      if ('problem' in read) return discard(read.problem);
      const checked: { session: string | null; pets: Pet[] }[] = [];
      for (const store of read.stores) {
        const pets = readStorePets(store.pets);
        if ('problem' in pets) return discard(`are not valid for this document: ${store.session === null ? 'the default store' : `session ${JSON.stringify(store.session)}`} ${pets.problem}`);
        checked.push({ session: store.session, pets: pets.pets });
      }
      try {
        for (const store of checked) (store.session === null ? sessions.default : sessions.open(store.session)).store.replace(store.pets);
      } catch (error) {
        if (!(error instanceof StoreFullError)) throw error;
        // None kept rather than some: every store back to its starting pets.
        sessions.reset();
        return discard(`hold more than the stores may (${error.message.replace('[petstore-mock] ', '')})`);
      }
      lastSaved = text;
    },
    save() {
      if (storage === undefined) return;
      const text = snapshot();
      if (text === lastSaved) return;
      try {
        storage.setItem(key, text);
        lastSaved = text;
      } catch (error) {
        if (!writeFailed) onWarning(`[petstore-mock] The pets could not be kept in ${persist} (${error instanceof Error ? error.message : String(error)}); they will not survive a reload.`);
        writeFailed = true;
      }
    },
    clear: remove,
  };
}

type ReadPersistedStores = { stores: PersistedStores['stores'] } | { problem: string };

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
  const stores: { session: string | null; pets: readonly Pet[] }[] = [];
  for (const store of value['stores'] as unknown[]) {
    if (!isRecord(store) || !Array.isArray(store['pets'])) return { problem: 'hold a store that is not {session, pets}' };
    const session = store['session'];
    if (session !== null && (typeof session !== 'string' || findSessionIdProblem(session) !== undefined)) return { problem: `name a session that is not a session id (${JSON.stringify(session)})` };
    stores.push({ session, pets: store['pets'] as Pet[] });
  }
  const named = stores.filter(store => store.session !== null);
  if (stores.length - named.length !== 1) return { problem: 'do not hold exactly one default store' };
  if (new Set(named.map(store => store.session)).size !== named.length) return { problem: 'name a session twice' };
  if (named.length > maxSessions) return { problem: `hold ${named.length} sessions, more than maxSessions (${maxSessions})` };
  return { stores };
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
