import { setupServer } from 'msw/node';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPersistedStoreKeeper } from '../../src/msw/persisted-stores.js';
import { createPetstoreMock } from '../../src/msw/index.js';
import { createSessionRegistry, type SessionRegistry } from '../../src/sessions/index.js';
import type { Pet, StoredRecord } from '../../src/index.js';

/** A `localStorage` in memory that refuses values longer than `room` characters, as a full one does. */
class MemoryStorage implements Storage {
  readonly items = new Map<string, string>();
  room = Number.POSITIVE_INFINITY;
  get length(): number {
    return this.items.size;
  }
  clear(): void {
    this.items.clear();
  }
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  key(index: number): string | null {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
  setItem(key: string, value: string): void {
    if (value.length > this.room) throw new DOMException(`Setting the value of '${key}' exceeded the quota.`, 'QuotaExceededError');
    this.items.set(key, value);
  }
}

const KEY = 'petstore-mock:/v1';
/** Writes of the stores' value (the stamp of the last write is kept beside it, under a key of its own). */
const writesOf = (setItem: { mock: { calls: unknown[][] } }): number => setItem.mock.calls.filter(([key]) => key === KEY).length;
const acceptAll = (pets: readonly StoredRecord[]) => ({ pets: [...pets] });
const newPet = { name: 'Added', categoryId: 1 } as Pet;

function setUp(): { storage: MemoryStorage; sessions: SessionRegistry; warnings: string[]; keeper: ReturnType<typeof createPersistedStoreKeeper> } {
  const storage = new MemoryStorage();
  vi.stubGlobal('localStorage', storage);
  const sessions = createSessionRegistry({ pets: 5 });
  const warnings: string[] = [];
  const keeper = createPersistedStoreKeeper({ persist: 'localStorage', key: KEY, sessions, onWarning: message => warnings.push(message) });
  keeper.restore(acceptAll);
  return { storage, sessions, warnings, keeper };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('keeping the pets in Web Storage, by revision', () => {
  it('serializes and writes nothing when no store changed, and only the changed store when one did', () => {
    const { storage, sessions, keeper } = setUp();
    sessions.open('a').store.create(newPet);
    sessions.open('b').store.create(newPet);
    keeper.save();
    const setItem = vi.spyOn(storage, 'setItem');
    const stringify = vi.spyOn(JSON, 'stringify');

    keeper.save();
    expect(stringify).not.toHaveBeenCalled();
    expect(setItem).not.toHaveBeenCalled();

    const changed = sessions.open('b').store;
    changed.create({ name: 'OnlyHere', categoryId: 2 });
    keeper.save();
    const serializedStores = stringify.mock.calls.filter(([value]) => typeof value !== 'string').map(([value]) => value as unknown);
    expect(serializedStores).toEqual([changed.list({ limit: Number.POSITIVE_INFINITY })]);
    expect(writesOf(setItem)).toBe(1);
    const stored = JSON.parse(storage.getItem(KEY) ?? '{}') as { stores: { session: string | null; pets: Pet[] }[] };
    expect(stored.stores.map(store => [store.session, store.pets.length])).toEqual([[null, 5], ['a', 6], ['b', 7]]);
  });

  it.each([
    ['update', (sessions: SessionRegistry) => sessions.default.store.update({ ...sessions.default.store.get(1), name: 'Renamed' })],
    ['remove', (sessions: SessionRegistry) => sessions.default.store.remove(2)],
    ['replace', (sessions: SessionRegistry) => sessions.default.store.replace([{ id: 9, name: 'Only', categoryId: 1 }])],
    ['reset', (sessions: SessionRegistry) => sessions.default.store.reset()],
    ['create', (sessions: SessionRegistry) => sessions.default.store.create(newPet)],
  ])('writes after a store’s %s, which counts as a change', (_change, change) => {
    const { storage, sessions, keeper } = setUp();
    sessions.default.store.create(newPet);
    keeper.save();
    const setItem = vi.spyOn(storage, 'setItem');
    const before = sessions.default.store.revision;
    change(sessions);
    expect(sessions.default.store.revision).toBeGreaterThan(before);
    keeper.save();
    expect(writesOf(setItem)).toBe(1);
  });

  it('does not count a removal of a pet that is not there as a change', () => {
    const { sessions } = setUp();
    const before = sessions.default.store.revision;
    expect(sessions.default.store.remove(999)).toBe(false);
    expect(sessions.default.store.revision).toBe(before);
  });

  it('writes again when a session goes, though no store changed', () => {
    const { storage, sessions, keeper } = setUp();
    sessions.open('gone').store.create(newPet);
    keeper.save();
    sessions.reset();
    sessions.default.store.create(newPet);
    sessions.default.store.remove(6);
    const setItem = vi.spyOn(storage, 'setItem');
    keeper.save();
    expect(writesOf(setItem)).toBe(1);
    expect(JSON.parse(storage.getItem(KEY) ?? '{}')).toMatchObject({ stores: [{ session: null }] });
  });
});

describe('tabs sharing localStorage', () => {
  /** Two tabs' mocks on one storage; their storage events are delivered when the test says. */
  function twoTabs() {
    const storage = new MemoryStorage();
    vi.stubGlobal('localStorage', storage);
    const listeners: ((event: StorageEvent) => void)[] = [];
    vi.stubGlobal('addEventListener', (type: string, listener: (event: StorageEvent) => void) => {
      if (type === 'storage') listeners.push(listener);
    });
    const tab = () => {
      const sessions = createSessionRegistry({ pets: 2 });
      const keeper = createPersistedStoreKeeper({ persist: 'localStorage', key: KEY, sessions, onWarning: message => expect.fail(message) });
      keeper.restore(acceptAll);
      const listener = listeners.at(-1);
      if (listener === undefined) throw new Error('No storage listener.');
      /** What the other tab's write tells this one, as the browser would (`newValue` the text written). */
      const hear = (newValue: string | null) => listener({ storageArea: storage, key: KEY, newValue } as unknown as StorageEvent);
      return { sessions, keeper, hear };
    };
    return { storage, first: tab(), second: tab() };
  }
  const names = (sessions: SessionRegistry, session?: string) => (session === undefined ? sessions.default : sessions.open(session)).store.list({ limit: 100 }).map(pet => pet.name);

  it('takes in what the other tab wrote, store by store, and a write that had not heard of it yet keeps it', () => {
    const { storage, first, second } = twoTabs();
    first.sessions.default.store.create({ name: 'FromFirst', categoryId: 1 });
    first.keeper.save();
    const firstWrite = storage.getItem(KEY);
    // The second tab writes before the first one's event reaches it.
    second.sessions.open('s').store.create({ name: 'FromSecond', categoryId: 1 });
    second.keeper.save();
    expect(names(second.sessions)).toContain('FromFirst');
    first.hear(storage.getItem(KEY));
    expect(names(first.sessions, 's')).toContain('FromSecond');
    second.hear(firstWrite);
    const stored = JSON.parse(storage.getItem(KEY) ?? '{}') as { stores: { session: string | null; pets: Pet[] }[] };
    expect(stored.stores.flatMap(store => store.pets.map(pet => pet.name))).toEqual(expect.arrayContaining(['FromFirst', 'FromSecond']));
  });

  it('never takes an older write for a later one, however late its event comes, and writes the later one back', () => {
    const { storage, first, second } = twoTabs();
    first.sessions.default.store.create({ name: 'Early', categoryId: 1 });
    first.keeper.save();
    const early = storage.getItem(KEY);
    second.hear(early);
    second.sessions.default.store.create({ name: 'Late', categoryId: 1 });
    second.keeper.save();
    first.hear(storage.getItem(KEY));
    expect(names(first.sessions)).toEqual(expect.arrayContaining(['Early', 'Late']));
    // The first write's event reaches the second tab only now, and the storage was put back to it meanwhile.
    storage.items.set(KEY, early ?? '');
    second.hear(early);
    expect(names(second.sessions)).toEqual(expect.arrayContaining(['Early', 'Late']));
    expect(storage.getItem(KEY)).toContain('Late');
  });

  it('starts over when the other tab resets everything', () => {
    const { first, second } = twoTabs();
    second.sessions.default.store.create({ name: 'Gone', categoryId: 1 });
    second.keeper.save();
    first.hear(localStorage.getItem(KEY));
    expect(names(first.sessions)).toContain('Gone');
    second.keeper.clear();
    first.hear(null);
    expect(names(first.sessions)).toHaveLength(2);
  });
});

describe('a write the storage refuses (it is full)', () => {
  it('says what was not kept and that a reload restores the pets of the last write, and the reload says so too', () => {
    const { storage, sessions, warnings, keeper } = setUp();
    sessions.default.store.create({ name: 'Saved', categoryId: 1 });
    keeper.save();
    const savedAt = (JSON.parse(storage.getItem(KEY) ?? '{}') as { savedAt: string }).savedAt;
    expect(savedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    storage.room = (storage.getItem(KEY) ?? '').length + 10;
    sessions.open('s').store.create({ name: 'Lost', categoryId: 1 });
    keeper.save();
    expect(warnings).toEqual([expect.stringMatching(new RegExp(`could not be kept in localStorage \\(.*exceeded the quota.*\\): the change of session "s" at \\S+, and every change after it until a write succeeds, will not survive a reload; a reload restores the pets as they were kept at ${savedAt.replace(/[.]/g, '\\.')}, and says so\\.`)) as string]);

    const reloaded = createSessionRegistry({ pets: 5 });
    const reloadWarnings: string[] = [];
    createPersistedStoreKeeper({ persist: 'localStorage', key: KEY, sessions: reloaded, onWarning: message => reloadWarnings.push(message) }).restore(acceptAll);
    expect(reloaded.default.store.list({ limit: 100 }).map(pet => pet.name)).toContain('Saved');
    expect(reloaded.find('s')).toBeUndefined();
    expect(reloadWarnings).toEqual([expect.stringMatching(new RegExp(`are those kept at ${savedAt.replace(/[.]/g, '\\.')}: the changes made from \\S+ on could not be kept \\(the storage was full\\) and are lost`)) as string]);
  });

  it('removes the older pets when not even the note fits, so that a reload cannot pass them off as the latest', () => {
    const { storage, sessions, warnings, keeper } = setUp();
    sessions.default.store.create({ name: 'Saved', categoryId: 1 });
    keeper.save();
    storage.room = 5;
    sessions.default.store.create({ name: 'Lost', categoryId: 1 });
    keeper.save();
    expect(warnings).toEqual([expect.stringMatching(/the change of the default store at .* will not survive a reload; what was kept before was removed, so a reload starts from the starting pets\./) as string]);
    expect(storage.getItem(KEY)).toBeNull();
  });

  it('writes everything again, and forgets the note, once the storage has room', () => {
    const { storage, sessions, warnings, keeper } = setUp();
    storage.room = 100;
    sessions.default.store.create({ name: 'Later', categoryId: 1 });
    keeper.save();
    expect(warnings).toEqual([expect.stringMatching(/a reload starts from the starting pets\./) as string]);
    expect(storage.getItem(`${KEY}:unsaved`)).not.toBeNull();
    storage.room = Number.POSITIVE_INFINITY;
    keeper.save();
    expect(storage.getItem(`${KEY}:unsaved`)).toBeNull();
    expect(storage.getItem(KEY)).toContain('Later');
  });
});

describe('createPetstoreMock({ persist }) over MSW', () => {
  it('writes nothing for a GET and one write, of the changed store, for a POST', async () => {
    const storage = new MemoryStorage();
    vi.stubGlobal('localStorage', storage);
    const mock = createPetstoreMock({ persist: 'localStorage', persistKey: KEY, pets: 3, baseUrl: 'https://api.animal-store.example/v1' });
    const server = setupServer(...mock.handlers);
    server.listen({ onUnhandledRequest: 'error' });
    try {
      const headers = { authorization: 'Bearer test', 'x-petstore-session': 'mine' };
      await fetch('https://api.animal-store.example/v1/pets', { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: '{"name":"First","categoryId":1}' });
      const setItem = vi.spyOn(storage, 'setItem');
      const stringify = vi.spyOn(JSON, 'stringify');
      // What serializing stores looks like: a list of pets, or a value holding them.
      const serializedStores = () => stringify.mock.calls.filter(([value]) => Array.isArray(value) || (typeof value === 'object' && value !== null && 'stores' in value));
      expect((await fetch('https://api.animal-store.example/v1/pets/1', { headers })).status).toBe(200);
      expect((await fetch('https://api.animal-store.example/v1/pets/2', { headers: { authorization: 'Bearer test' } })).status).toBe(200);
      expect(setItem).not.toHaveBeenCalled();
      expect(serializedStores()).toEqual([]);
      const created = await fetch('https://api.animal-store.example/v1/pets', { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: '{"name":"Second","categoryId":1}' });
      expect(created.status).toBe(201);
      expect(writesOf(setItem)).toBe(1);
      expect(serializedStores().map(([value]) => (value as Pet[]).map(pet => pet.name))).toEqual([expect.arrayContaining(['First', 'Second'])]);
      const stored = JSON.parse(storage.getItem(KEY) ?? '{}') as { stores: { session: string | null; pets: Pet[] }[] };
      expect(stored.stores.find(store => store.session === 'mine')?.pets.map(pet => pet.name)).toEqual(expect.arrayContaining(['First', 'Second']));
    } finally {
      server.close();
    }
  });
});
