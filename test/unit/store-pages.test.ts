import { describe, expect, it } from 'vitest';
import { createPetStore } from '../../src/store/index.js';

/** 30 pets: statuses in turn (available, pending, sold), categories 1 and 2 in turn. */
function storeOfThirty() {
  const store = createPetStore({ defaultStatus: null });
  const statuses = ['available', 'pending', 'sold'] as const;
  for (let index = 0; index < 30; index++) store.create({ name: `P${index}`, categoryId: 1 + (index % 2), status: statuses[index % 3] ?? 'available' });
  return store;
}

describe('a page of the store', () => {
  it('is the first pets in id order up to the limit when nothing filters it, and empty at limit 0', () => {
    const store = storeOfThirty();
    expect(store.view({ limit: 4 }).map(pet => pet.id)).toEqual([1, 2, 3, 4]);
    expect(store.view({ limit: 0 })).toEqual([]);
  });

  it('holds the first pets that pass one filter, by status or by another property, scanning past the others', () => {
    const store = storeOfThirty();
    expect(store.view({ limit: 3, status: 'sold' }).map(pet => pet.id)).toEqual([3, 6, 9]);
    expect(store.view({ limit: 3, where: { categoryId: 2 } }).map(pet => pet.id)).toEqual([2, 4, 6]);
    // A filter no pet passes reads the whole store and finds nothing.
    expect(store.view({ limit: 100, where: { categoryId: 3 } })).toEqual([]);
  });

  it('holds the pets that pass every filter when there are several', () => {
    const store = storeOfThirty();
    expect(store.view({ limit: 3, status: 'sold', where: { categoryId: 2 } }).map(pet => pet.id)).toEqual([6, 12, 18]);
    expect(store.view({ limit: 10, where: { categoryId: 1, name: 'P4' } }).map(pet => pet.id)).toEqual([5]);
  });
});
