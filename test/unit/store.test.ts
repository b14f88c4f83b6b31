import { describe, expect, it } from 'vitest';
import { createPetStore } from '../../src/store/index.js';
import { buildPets } from '../../src/fixtures/index.js';

describe('the pet store', () => {
  it('lists pets in ascending id order whatever order they were given in', () => {
    const store = createPetStore({ initialPets: buildPets(5).reverse() });
    expect(store.list({ limit: 10 }).map(pet => pet.id)).toEqual([1, 2, 3, 4, 5]);
  });

  it('assigns ids after the highest initial one', () => {
    const store = createPetStore({ initialPets: buildPets(2, { firstId: 40 }) });
    expect(store.create({ name: 'Rex', categoryId: 1 }).id).toBe(42);
    expect(store.create({ name: 'Max', categoryId: 1 }).id).toBe(43);
  });

  it('applies the limit after the status filter', () => {
    const store = createPetStore();
    for (let index = 0; index < 6; index++) store.create({ name: `P${index}`, categoryId: 1, status: index % 2 ? 'sold' : 'pending' });
    expect(store.list({ limit: 2, status: 'sold' }).map(pet => pet.id)).toEqual([2, 4]);
  });

  it('hands out copies, so callers cannot change what it holds', () => {
    const store = createPetStore({ initialPets: buildPets(1) });
    const pet = store.get(1);
    if (!pet) throw new Error('missing');
    pet.name = 'Changed';
    expect(store.get(1)?.name).not.toBe('Changed');
  });

  it('keeps only the fields its shape declares, and never a __proto__ key', () => {
    const store = createPetStore({ shape: { fields: ['id', 'name', 'categoryId', 'status'] } });
    const body = JSON.parse('{"name":"Rex","categoryId":1,"owner":"me","__proto__":{"x":1}}') as { name: string; categoryId: number };
    expect(store.create(body)).toEqual({ id: 1, name: 'Rex', categoryId: 1, status: 'available' });
  });

  it('keeps every field of a new pet when it has no shape, deep-copied', () => {
    const store = createPetStore();
    const tags = ['calm'];
    const created = store.create({ name: 'Rex', categoryId: 1, tags } as never);
    tags.push('changed');
    expect(created).toEqual({ id: 1, name: 'Rex', categoryId: 1, tags: ['calm'], status: 'available' });
    expect(store.get(1)).toEqual(created);
  });

  it('refuses to create past the highest id its shape allows, overwriting nothing', () => {
    const store = createPetStore({ initialPets: buildPets(2), shape: { idBounds: { minimum: 1, maximum: 3 } } });
    expect(store.create({ name: 'Third', categoryId: 1 }).id).toBe(3);
    expect(store.isFull).toBe(true);
    expect(() => store.create({ name: 'Fourth', categoryId: 1 })).toThrow(/highest id/);
    expect(store.list({ limit: 10 }).map(pet => pet.name)).toContain('Third');
  });

  it('refuses to hold a pet whose id is outside its shape’s bounds, so it never assigns past them or reuses an id', () => {
    const store = createPetStore({ initialPets: buildPets(2), shape: { idBounds: { minimum: 1, maximum: 3 } } });
    expect(() => store.replace([{ id: 4, name: 'Past', categoryId: 1 }])).toThrow(/id 4; the store holds ids from 1 to 3/);
    expect(() => store.replace([{ id: 2 ** 53 + 2, name: 'Huge', categoryId: 1 }])).toThrow(RangeError);
    expect(() => store.replace([{ id: 0, name: 'Zero', categoryId: 1 }])).toThrow(/id 0/);
    expect(store.list({ limit: 10 }).map(pet => pet.id)).toEqual([1, 2]);
  });

  it('updates and removes pets by id, and says when there is none', () => {
    const store = createPetStore({ initialPets: buildPets(2) });
    expect(store.update({ id: 2, name: 'Renamed', categoryId: 4 })).toEqual({ id: 2, name: 'Renamed', categoryId: 4 });
    expect(store.get(2)).toEqual({ id: 2, name: 'Renamed', categoryId: 4 });
    expect(store.update({ id: 9, name: 'Nobody', categoryId: 4 })).toBeUndefined();
    expect(store.remove(1)).toBe(true);
    expect(store.remove(1)).toBe(false);
    expect(store.size).toBe(1);
  });

  it('goes back to its initial pets on reset, ids included', () => {
    const store = createPetStore({ initialPets: buildPets(3) });
    store.create({ name: 'Rex', categoryId: 1 });
    store.reset();
    expect(store.size).toBe(3);
    expect(store.create({ name: 'Rex', categoryId: 1 }).id).toBe(4);
  });

  it('undoes what it was told to track: a create, an update and a remove, each record back in its place, string keys too', () => {
    const store = createPetStore({ shape: { idProperty: 'id', keyKind: 'client' }, initialPets: ['a', 'b', 'c'].map(id => ({ id, name: id.toUpperCase() })) as never });
    const before = store.list({ limit: 10 });
    const tracking = store.track();
    store.create({ id: 'd', name: 'D' } as never);
    store.update({ id: 'a', name: 'changed' } as never);
    expect(store.remove('b')).toBe(true);
    tracking.undo();
    expect(store.list({ limit: 10 })).toEqual(before);
    // Kept changes stay, and a tracking no longer running remembers nothing more.
    const kept = store.track();
    store.remove('c');
    kept.keep();
    kept.undo();
    expect(store.list({ limit: 10 }).map(pet => pet.id)).toEqual(['a', 'b']);
  });
});
