import { describe, expect, it } from 'vitest';
import { createByteBudget } from '../../src/budget/index.js';
import { createRecordStore, INDEX_BUCKET_BYTES, INDEX_ENTRY_BYTES, type RecordStore } from '../../src/store/index.js';
import { createRandom } from '../../src/sessions/index.js';
import type { Pet } from '../../src/types/index.js';

/** A child record of one of five parents (`ownerId`), as PetClinic's pets are of owners. */
type Child = Pet & { ownerId: number };
const PARENTS = [1, 2, 3, 4, 5] as const;

function childStore(budget = createByteBudget('maxStoredBytes', 1024 * 1024 * 1024)): RecordStore<Child> {
  const initialPets = [1, 2, 3, 4, 5, 6].map(id => ({ id, name: `Seed ${id}`, categoryId: 1, ownerId: 1 + (id % 3) }));
  return createRecordStore<Child>({ initialPets, shape: { fields: ['id', 'name', 'categoryId', 'ownerId'], defaultStatus: null }, budget });
}

/** What each parent's page is, read by a scan of the store in its order (no condition, so no index), and through the index. */
function pagesBothWays(store: RecordStore<Child>, limit = Number.POSITIVE_INFINITY): { scanned: unknown[]; indexed: unknown[] } {
  const every = store.view({ limit: Number.POSITIVE_INFINITY });
  return {
    scanned: PARENTS.map(parent => every.filter(record => (record as Child).ownerId === parent).slice(0, limit)),
    indexed: PARENTS.map(parent => store.view({ limit, where: { ownerId: parent } })),
  };
}

describe("a store's index by foreign key", () => {
  it('gives the same pages as a scan of the store after every kind of write, undone or kept, in any order, and a new version of a value\'s records whenever they change', () => {
    const store = childStore();
    const random = createRandom(28);
    const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)] as T;
    const ids = (): number[] => store.view({ limit: Number.POSITIVE_INFINITY }).map(record => record.id);
    // Each version given, with the records it was given for: the same version again must mean the same records, the same objects.
    const pagesByVersion = new Map<number, readonly unknown[]>();
    const expectVersionsTrue = (when: string): void => {
      for (const parent of PARENTS) {
        const version = store.versionOf('ownerId', parent);
        const page = store.view({ limit: Number.POSITIVE_INFINITY, where: { ownerId: parent } });
        if (version === undefined) throw new Error('The store kept no index within an unlimited budget.');
        const earlier = pagesByVersion.get(version);
        if (earlier) {
          expect(page.length, `${when}: owner ${parent}`).toBe(earlier.length);
          page.forEach((record, index) => expect(record, `${when}: owner ${parent}`).toBe(earlier[index]));
        } else pagesByVersion.set(version, page);
      }
    };
    for (let step = 0; step < 600; step++) {
      // The index is made by the first page that asks for a parent's records, then kept through the writes below.
      const { scanned, indexed } = pagesBothWays(store, step % 4 === 0 ? 2 : Number.POSITIVE_INFINITY);
      expect(indexed, `after step ${step}`).toEqual(scanned);
      expectVersionsTrue(`after step ${step}`);
      const tracking = random() < 0.3 ? store.track() : undefined;
      const draw = random();
      if (draw < 0.35 && !store.isFull) store.create({ name: `New ${step}`, categoryId: 1, ownerId: pick(PARENTS) } as never);
      else if (draw < 0.5 && ids().length > 0) {
        const id = pick(ids());
        const stored = store.get(id) as Child;
        store.update({ ...stored, name: `Renamed ${step}`, ...(random() < 0.5 && { ownerId: pick(PARENTS) }) });
      } else if (draw < 0.7 && ids().length > 0) store.remove(pick(ids()));
      else if (draw < 0.75) store.reset();
      else if (draw < 0.8) store.replace([3, 9, 4].map(id => ({ id, name: `Given ${id}`, categoryId: 1, ownerId: pick(PARENTS) })));
      else if (draw < 0.83) store.drop();
      if (tracking) {
        // A write's answer reads pages before the write is kept or undone (an owner's embedded pets): the index is made or used between.
        const between = pagesBothWays(store);
        expect(between.indexed, `during step ${step}`).toEqual(between.scanned);
        expectVersionsTrue(`during step ${step}`);
      }
      if (tracking && random() < 0.6) tracking.undo();
      else tracking?.keep();
    }
  });

  it('counts its entries against the byte budget, gives them back when the store lets go, and is not made when the budget has no room', () => {
    const budget = createByteBudget('maxStoredBytes', 1024 * 1024);
    const store = childStore(budget);
    const before = budget.used;
    store.view({ limit: 10, where: { ownerId: 1 } });
    // Six seeded records, under three owners.
    expect(budget.used - before).toBe(6 * INDEX_ENTRY_BYTES + 3 * INDEX_BUCKET_BYTES);
    const created = store.create({ name: 'Counted', categoryId: 1, ownerId: 5 } as never);
    const withIndex = budget.used;
    store.remove(created.id);
    expect(budget.used).toBe(before + 6 * INDEX_ENTRY_BYTES + 3 * INDEX_BUCKET_BYTES);
    expect(withIndex).toBeGreaterThan(budget.used + INDEX_ENTRY_BYTES);
    store.drop();
    expect(budget.used).toBe(0);

    // A budget too full for the index: the page is read by a scan, the same records, and nothing more is counted.
    const tight = createByteBudget('maxStoredBytes', 1);
    const full = childStore(tight);
    const used = tight.used;
    expect(full.view({ limit: 10, where: { ownerId: 2 } }).map(record => record.id)).toEqual([1, 4]);
    expect(tight.used).toBe(used);
  });
});

describe("a store's key of the record another property names", () => {
  /** A record named by its `code` as a path writes it: a string, a number or a boolean, some records holding none or an object. */
  type Coded = { id: number; code?: unknown };
  const CODES: readonly unknown[] = ['7', 7, 'seven', true, 'true', false, null, { seven: 7 }, undefined];
  const WRITTEN = ['7', 'seven', 'true', 'false', '8', '07', 'null'] as const;
  /** The first record in the store's order whose code reads as the path's value, found by reading every record. */
  const scannedKey = (store: RecordStore<Coded>, written: string): number | undefined =>
    store.view({ limit: Number.POSITIVE_INFINITY }).find(record => ['string', 'number', 'boolean'].includes(typeof record.code) && String(record.code) === written)?.id;

  for (const [room, bytes] of [['with room for an index', 1024 * 1024 * 1024], ['too full for an index', 1]] as const) {
    it(`is the first record in the store's order whose property reads as the path's value, after every kind of write (${room})`, () => {
      const budget = createByteBudget('maxStoredBytes', bytes);
      const random = createRandom(31);
      const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)] as T;
      const store = createRecordStore<Coded>({ initialPets: [1, 2, 3, 4].map(id => ({ id, code: CODES[id] })), shape: { defaultStatus: null }, budget });
      const ids = (): number[] => store.view({ limit: Number.POSITIVE_INFINITY }).map(record => record.id);
      for (let step = 0; step < 400; step++) {
        for (const written of WRITTEN) expect(store.keyHolding('code', written), `step ${step}, ${written}`).toBe(scannedKey(store, written));
        const draw = random();
        try {
          if (draw < 0.4) store.create({ code: pick(CODES) } as never);
          else if (draw < 0.7 && ids().length > 0) store.update({ id: pick(ids()), code: pick(CODES) });
          else if (draw < 0.9 && ids().length > 0) store.remove(pick(ids()));
          else store.reset();
        } catch {
          // A budget too full for the record itself refuses the write, storing nothing: the next lookups still agree.
        }
      }
      if (bytes > 1) expect(store.versionOf('code', '7')).toBeDefined();
    });
  }
});

describe("a store's indexes and the byte budget its records need", () => {
  it('lets its indexes go before it refuses a record, so a lookup by another property never costs a later create its room', () => {
    const fill = (lookUpFirst: boolean): number => {
      const budget = createByteBudget('maxStoredBytes', 20_000);
      const store = createRecordStore<{ id: number; code: string }>({ initialPets: [], shape: { defaultStatus: null }, budget });
      for (let index = 0; index < 2; index++) store.create({ code: `c${index}` } as never);
      // A path naming a record no one holds (`/projects/nosuch`): the lookup makes the index of `code`.
      if (lookUpFirst) expect(store.keyHolding('code', 'nosuch')).toBeUndefined();
      let created = 0;
      for (;;) {
        try {
          store.create({ code: `more${created}` } as never);
          created += 1;
        } catch {
          return created;
        }
      }
    };
    const withoutLookup = fill(false);
    expect(withoutLookup).toBeGreaterThan(0);
    expect(fill(true)).toBe(withoutLookup);
  });
});

describe("a store's index and the room it leaves", () => {
  it('is made only where the budget keeps as much room again for records, a cache the store can make again', () => {
    // Six seeded records under three owners: the index of ownerId takes six entries and three buckets.
    const indexBytes = 6 * INDEX_ENTRY_BYTES + 3 * INDEX_BUCKET_BYTES;
    const measured = createByteBudget('maxStoredBytes', 1024 * 1024);
    childStore(measured);
    const recordBytes = measured.used;
    const indexedWithRoom = (room: number): boolean => {
      const budget = createByteBudget('maxStoredBytes', recordBytes + room);
      const store = childStore(budget);
      const indexed = store.versionOf('ownerId', 1) !== undefined;
      // Indexed or scanned, the same page, and the records still all there.
      expect(store.view({ limit: 10, where: { ownerId: 2 } }).map(record => record.id)).toEqual([1, 4]);
      expect([1, 2, 3, 4, 5, 6].every(id => store.has(id))).toBe(true);
      expect(store.has(7)).toBe(false);
      return indexed;
    };
    expect(indexedWithRoom(2 * indexBytes)).toBe(true);
    expect(indexedWithRoom(2 * indexBytes - 1)).toBe(false);
    expect(indexedWithRoom(indexBytes)).toBe(false);
    // An empty store's index takes nothing: it is made however full the budget.
    const full = createByteBudget('maxStoredBytes', 1);
    full.add(1);
    const empty = createRecordStore<Child>({ initialPets: [], shape: { fields: ['id', 'name', 'categoryId', 'ownerId'], defaultStatus: null }, budget: full });
    expect(empty.versionOf('ownerId', 1)).toBeDefined();
  });
});
