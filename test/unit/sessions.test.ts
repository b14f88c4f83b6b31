import { describe, expect, it } from 'vitest';
import { buildPets, createEngine, createPetStore, createSessionRegistry, StoreFullError } from '../../src/index.js';

describe('the session registry', () => {
  it('opens each session from the seed, with its own store', () => {
    const sessions = createSessionRegistry({ seed: 9, pets: 3 });
    const a = sessions.open('a');
    a.store.create({ name: 'OnlyA', categoryId: 1 });
    expect(sessions.open('b').store.list({ limit: 10 })).toEqual(buildPets(3, { seed: 9 }));
    expect(sessions.default.store.size).toBe(3);
    expect(sessions.open('a').store.size).toBe(4);
  });

  it('drops the least recently used session beyond maxSessions, never the default one', () => {
    const sessions = createSessionRegistry({ maxSessions: 2, pets: 1 });
    sessions.open('a').store.create({ name: 'A', categoryId: 1 });
    sessions.open('b');
    sessions.open('a');
    sessions.open('c');
    expect(sessions.ids()).toEqual(['a', 'c']);
    expect(sessions.find('b')).toBeUndefined();
    expect(sessions.open('a').store.size).toBe(2);
    expect(sessions.default.store.size).toBe(1);
  });

  it('tells whether entering a session opened it afresh, and which session it dropped', () => {
    const evicted: string[] = [];
    const sessions = createSessionRegistry({ maxSessions: 2, pets: 1, onEvict: id => evicted.push(id) });
    expect(sessions.enter('a')).toMatchObject({ opened: 'new' });
    expect(sessions.enter('b')).toMatchObject({ opened: 'new' });
    const alive = sessions.enter('a');
    expect(alive.opened).toBeUndefined();
    expect(alive.evicted).toBeUndefined();
    expect(sessions.enter('c')).toMatchObject({ opened: 'new', evicted: 'b' });
    expect(sessions.enter('b')).toMatchObject({ opened: 'reopened', evicted: 'a' });
    expect(evicted).toEqual(['b', 'a']);
    sessions.reset();
    expect(sessions.enter('a')).toMatchObject({ opened: 'new' });
  });

  it('resets one session, or drops them all and resets the default one', () => {
    const sessions = createSessionRegistry({ pets: 1 });
    sessions.open('a').store.create({ name: 'A', categoryId: 1 });
    sessions.open('b').store.create({ name: 'B', categoryId: 1 });
    sessions.default.store.create({ name: 'D', categoryId: 1 });
    sessions.reset('a');
    expect(sessions.open('a').store.size).toBe(1);
    expect(sessions.open('b').store.size).toBe(2);
    sessions.reset();
    expect(sessions.ids()).toEqual([]);
    expect(sessions.default.store.size).toBe(1);
  });

  it('gives each session a stream of draws of its own, which a reset starts again', () => {
    const sessions = createSessionRegistry({ seed: 5 });
    const draws = (id: string, count: number): number[] => Array.from({ length: count }, () => sessions.open(id).faultRandom());
    const first = draws('x', 5);
    expect(draws('y', 5)).not.toEqual(first);
    sessions.reset('x');
    expect(draws('x', 5)).toEqual(first);
    expect(createSessionRegistry({ seed: 5 }).open('x').faultRandom()).toBe(first[0]);
  });

  it('caps the pets of every store at maxPets', () => {
    const sessions = createSessionRegistry({ pets: 2, maxPets: 3 });
    const store = sessions.open('full').store;
    store.create({ name: 'Third', categoryId: 1 });
    expect(store.isFull).toBe(true);
    expect(() => store.create({ name: 'Fourth', categoryId: 1 })).toThrow(StoreFullError);
    expect(store.size).toBe(3);
  });

  it('refuses to start with more seeded pets than a store holds', () => {
    expect(() => createSessionRegistry({ pets: 5, maxPets: 4 })).toThrow(/starts with 5 pets but holds at most 4/);
  });

  it('refuses a malformed session id, naming the rule', () => {
    expect(() => createSessionRegistry().open('has space')).toThrow(/X-Petstore-Session must be 1 to 128 letters/);
    expect(() => createSessionRegistry().open('x'.repeat(129))).toThrow(/X-Petstore-Session/);
  });
});

describe('an engine given sessions', () => {
  it('refuses a store beside them, since the sessions hold the default store', async () => {
    await expect(createEngine({ sessions: createSessionRegistry(), store: createPetStore() })).rejects.toThrow(/a store or sessions, not both/);
  });
});
