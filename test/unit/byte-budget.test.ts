import { describe, expect, it } from 'vitest';
import { createByteBudget, estimateBytes, namesOfLimit } from '../../src/budget/index.js';
import { parseCli } from '../../src/cli/index.js';
import { createEngine, createPetStore, createRequestJournal, StoreFullError, type JournalEntry, type Pet } from '../../src/index.js';
import { journalToHar } from '../../src/engine/journal/index.js';
import { createPetstoreMock } from '../../src/msw/index.js';

const AUTH = { authorization: 'Bearer budget' };
const JSON_AUTH = { ...AUTH, 'content-type': 'application/json' };
/** 4,000 characters of JSON that V8 holds as 2,000 nested arrays. */
const NESTED_ARRAYS = `${'['.repeat(2000)}${']'.repeat(2000)}`;

function entry(path: string, fields: Partial<JournalEntry> = {}): Omit<JournalEntry, 'seq'> {
  return {
    time: new Date(0).toISOString(), method: 'GET', path, operationId: 'listPets', status: 200, session: null, problems: [], delay: 0, control: null, sessionOpened: null, evictedSession: null,
    body: null, bodyCut: false, origin: null, headers: {}, headersCut: false, response: { status: 200, headers: {}, body: '[]', bodyCut: false }, reason: null, pathCut: false, limit: null,
    ...fields,
  };
}

describe('what a value costs the heap, estimated', () => {
  it('counts nested arrays at their real size, many times their JSON length', () => {
    // Measured: 112 KB of heap for these 4,000 characters (README, "Memory").
    expect(estimateBytes(JSON.parse(NESTED_ARRAYS))).toBeGreaterThan(100_000);
  });

  it('counts a string by its characters, twice for one outside Latin-1', () => {
    expect(estimateBytes('x'.repeat(15_000))).toBeGreaterThanOrEqual(15_000);
    expect(estimateBytes('ж'.repeat(15_000))).toBeGreaterThanOrEqual(30_000);
  });
});

describe('the journal’s byte budget', () => {
  it('forgets the oldest entries first once the bytes are spent, keeping the newest', () => {
    const journal = createRequestJournal(1000, 100_000);
    for (let index = 0; index < 100; index++) journal.record(entry(`/v1/pets?q=${'u'.repeat(5_000)}&n=${index}`));
    expect(journal.bytes).toBeLessThanOrEqual(100_000);
    const kept = journal.list();
    expect(kept.length).toBeGreaterThan(5);
    expect(kept.length).toBeLessThan(20);
    expect(kept.at(-1)?.path).toMatch(/&n=99$/);
    expect(kept.map(each => each.seq)).toEqual(kept.map((_, index) => 101 - kept.length + index));
  });

  it('counts a nested-array body at its real size: under the 4,096 characters kept, yet cut as an entry over 64 KiB', async () => {
    const engine = await createEngine({ pets: 2, onWarning: () => undefined });
    await engine.handle({ method: 'POST', url: '/v1/pets', headers: JSON_AUTH, body: NESTED_ARRAYS });
    await engine.handle({ method: 'POST', url: '/v1/pets', headers: JSON_AUTH, body: '[[1],[2]]' });
    const [nested, small] = engine.journal.list();
    expect(nested).toMatchObject({ bodyCut: true, body: null });
    expect(small).toMatchObject({ bodyCut: false, body: [[1], [2]] });
  });

  it('counts long URLs: 15 KiB URLs fill a 2 MiB journal long before 1,000 entries, the oldest going first', async () => {
    const engine = await createEngine({ pets: 2, journalBytes: 2 * 1024 * 1024, onWarning: () => undefined });
    for (let index = 0; index < 200; index++) {
      await engine.handle({ method: 'GET', url: `/v1/pets?limit=5&pad=${'u'.repeat(15_000)}&n=${index}`, headers: AUTH });
    }
    const kept = engine.journal.list();
    expect(engine.journal.bytes).toBeLessThanOrEqual(2 * 1024 * 1024);
    expect(kept.length).toBeLessThan(200);
    expect(kept.length).toBeGreaterThan(50);
    expect(kept.at(-1)?.path).toMatch(/&n=199$/);
  });

  it('counts a query’s parameters as the HAR export makes them: 3,800 empty ones in 15 KiB cut the path short, so the HAR of a full journal stays near its bytes', () => {
    const journal = createRequestJournal(1000, 1024 * 1024);
    const query = Array.from({ length: 3_800 }, () => 'a=').join('&');
    for (let index = 0; index < 100; index++) journal.record(entry(`/v1/pets?${query}&n=${index}`));
    const kept = journal.list();
    expect(kept.every(each => each.pathCut && each.path.length < 15_000)).toBe(true);
    const har = journalToHar(kept, 'http://127.0.0.1:4010');
    // Before, the journal kept every such entry whole: its HAR held 100 × 3,800 parameter objects (about 90 MB of heap).
    expect(estimateBytes(har)).toBeLessThan(2 * 1024 * 1024);
  });

  it('cuts one entry over 64 KiB short, saying so, instead of emptying the journal for it', () => {
    const journal = createRequestJournal(1000, 1024 * 1024);
    for (let index = 0; index < 5; index++) journal.record(entry(`/v1/pets/${index}`));
    const problems = Array.from({ length: 5_000 }, (_, index) => ({ path: `body.${index}`, message: 'must be string' }));
    journal.record(entry(`/v1/pets?${'q'.repeat(200_000)}`, { body: JSON.parse(NESTED_ARRAYS), problems }));
    const kept = journal.list();
    expect(kept).toHaveLength(6);
    const huge = kept.at(-1) as JournalEntry;
    expect(huge).toMatchObject({ bodyCut: true, body: null, pathCut: true });
    expect(huge.path.length).toBeLessThan(70_000);
    expect(huge.problems).toHaveLength(21);
    expect(huge.problems.at(-1)?.message).toBe('4980 more problems were left out of the journal.');
    expect(journal.bytes).toBeLessThan(6 * 64 * 1024);
  });

  it('keeps none with journalBytes 0', async () => {
    const engine = await createEngine({ journalBytes: 0, onWarning: () => undefined });
    await engine.handle({ method: 'GET', url: '/v1/pets', headers: AUTH });
    expect(engine.journal.list()).toEqual([]);
    expect(engine.journal.capacity).toBe(0);
  });

  it('says in the HAR which limit refused a request and what the journal cut', () => {
    const har = journalToHar([{ ...entry('/v1/pets', { limit: 'maxStoredBytes', bodyCut: true, status: 507 }), seq: 1 }], 'http://localhost');
    expect(har.log.entries[0]).toMatchObject({ _limit: 'maxStoredBytes', comment: "Refused at the limit maxStoredBytes. The journal cut this entry's request body." });
  });
});

describe('the budget of stored bytes shared by every store', () => {
  const big = (name: string): Pet => ({ id: 0, name: name.repeat(200), categoryId: 1 });

  it('refuses a create past the budget with a StoreFullError naming maxStoredBytes, storing nothing and using no id', () => {
    const budget = createByteBudget('maxStoredBytes', 3_000);
    const first = createPetStore({ budget });
    const second = createPetStore({ budget });
    first.create(big('a'));
    second.create(big('b'));
    expect(budget.used).toBe(first.storedBytes + second.storedBytes);
    let refused: unknown;
    try {
      for (let index = 0; index < 10; index++) second.create(big('c'));
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(StoreFullError);
    expect((refused as StoreFullError).limit).toBe('maxStoredBytes');
    expect((refused as Error).message).toMatch(/maxStoredBytes, --max-stored-bytes/);
    const size = second.size;
    expect(() => second.create(big('d'))).toThrow(StoreFullError);
    expect(second.size).toBe(size);
    expect(budget.used).toBeLessThanOrEqual(3_000);
    first.remove(1);
    expect(second.create(big('e')).id).toBe(size + 1);
  });

  it('refuses a change that grows a pet past the budget, and a replace of every pet, changing nothing', () => {
    const budget = createByteBudget('maxStoredBytes', 2_000);
    const store = createPetStore({ budget });
    const pet = store.create({ name: 'small', categoryId: 1 });
    expect(() => store.update({ ...pet, name: 'x'.repeat(5_000) })).toThrow(/maxStoredBytes/);
    expect(store.get(pet.id)?.name).toBe('small');
    const used = budget.used;
    expect(() => store.replace(['r', 's', 't', 'u', 'v'].map((name, index) => ({ ...big(name), id: index + 1 })))).toThrow(StoreFullError);
    expect(store.list({ limit: 10 })).toEqual([pet]);
    expect(budget.used).toBe(used);
    // A new document's pets (the operator's edit) are counted, never refused.
    store.replace(['r', 's', 't', 'u', 'v'].map((name, index) => ({ ...big(name), id: index + 1 })), { overBudget: true });
    expect(store.size).toBe(5);
    expect(budget.used).toBeGreaterThan(2_000);
    expect(() => store.create(big('w'))).toThrow(/maxStoredBytes/);
  });

  it('gives a store’s bytes back when it is reset or dropped, and counts shared starting pets nowhere', () => {
    const budget = createByteBudget('maxStoredBytes', 10_000);
    const initialPets = Object.freeze([Object.freeze({ id: 1, name: 'Start', categoryId: 1 }) as Pet]);
    const store = createPetStore({ budget, initialPets });
    expect(budget.used).toBe(0);
    store.create(big('n'));
    expect(budget.used).toBeGreaterThan(0);
    store.reset();
    expect(budget.used).toBe(0);
    store.create(big('n'));
    store.drop();
    expect(budget.used).toBe(0);
    expect(store.size).toBe(0);
  });

  it('frees an evicted session’s bytes for the others', async () => {
    const engine = await createEngine({ pets: 1, maxSessions: 1, maxStoredBytes: 4_000, onWarning: () => undefined });
    const create = (session: string): Promise<number> =>
      engine.handle({ method: 'POST', url: '/v1/pets', headers: { ...JSON_AUTH, 'x-petstore-session': session }, body: JSON.stringify({ name: 'L'.repeat(200), categoryId: 1 }) }).then(response => response.status);
    const statuses: number[] = [];
    for (let index = 0; index < 8; index++) statuses.push(await create('filler'));
    expect(statuses).toContain(507);
    expect(await create('newcomer')).toBe(201);
    expect(engine.sessions.ids()).toEqual(['newcomer']);
  });
});

describe('the limits’ flags', () => {
  it('take sizes in bytes or with a unit, and are listed in the settings', () => {
    const command = parseCli(['--max-stored-bytes', '32MiB', '--journal-bytes', '512KiB', '--max-overrides', '10', '--max-override-bytes', '65536'], {});
    expect(command).toMatchObject({ kind: 'serve', config: { maxStoredBytes: 32 * 1024 * 1024, journalBytes: 512 * 1024, maxOverrides: 10, maxOverrideBytes: 65_536 } });
    expect(() => parseCli(['--max-stored-bytes', '12 TB'], {})).toThrow(/--max-stored-bytes must be a whole number of bytes/);
    expect(parseCli([], { PETSTORE_JOURNAL_BYTES: '1GiB' })).toMatchObject({ config: { journalBytes: 1024 ** 3 } });
  });
});

describe('pets kept in a page’s storage, under the stores’ budget', () => {
  it('discards kept pets that no longer fit maxStoredBytes, keeping none of them rather than some', async () => {
    const items = new Map<string, string>();
    const storage = { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value), removeItem: (key: string) => void items.delete(key) };
    Reflect.set(globalThis, 'sessionStorage', storage);
    try {
      const first = createPetstoreMock({ persist: 'sessionStorage', pets: 2 });
      const pets = Array.from({ length: 5 }, (_, index) => ({ id: index + 1, name: 'K'.repeat(250), categoryId: 1 }));
      await first.setState({ pets });
      await first.openSession('kept').setState({ pets });
      expect(items.size).toBeGreaterThan(0);
      const warnings: string[] = [];
      const second = createPetstoreMock({ persist: 'sessionStorage', pets: 2, maxStoredBytes: 4_000, onWarning: message => warnings.push(message) });
      await second.engine();
      expect(warnings).toEqual([expect.stringMatching(/hold more than the stores may \(.*maxStoredBytes.*\); they were discarded/) as string]);
      expect(second.getState().pets).toHaveLength(2);
      expect((await second.engine()).sessions.ids()).toEqual([]);
    } finally {
      Reflect.deleteProperty(globalThis, 'sessionStorage');
    }
  });
});

describe('admin requests refused at a limit, in the journal', () => {
  it('journals a POST /__admin/overrides refused at maxOverrides as a 507 naming the limit, and no admin request that was not refused', async () => {
    const engine = await createEngine({ pets: 1, maxOverrides: 1, onWarning: () => undefined });
    const override = { method: 'POST', url: '/__admin/overrides', headers: { 'content-type': 'application/json', 'x-petstore-session': 'scripted' }, body: JSON.stringify({ operationId: 'listPets', status: 500 }) };
    expect((await engine.handle(override)).status).toBe(201);
    expect((await engine.handle({ method: 'GET', url: '/__admin/overrides', headers: {} })).status).toBe(200);
    expect((await engine.handle(override)).status).toBe(507);
    const entries = engine.journal.list();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ method: 'POST', path: '/__admin/overrides', status: 507, limit: 'maxOverrides', session: 'scripted', body: null, operationId: null });
    expect(entries[0]?.reason).toMatch(/maxOverrides|--max-overrides/);
  });

  it('journals a PUT /__admin/state refused at maxStoredBytes as a 507 naming the limit', async () => {
    const engine = await createEngine({ pets: 1, maxStoredBytes: 2_000, onWarning: () => undefined });
    const pets = Array.from({ length: 20 }, (_, index) => ({ id: index + 1, name: 'S'.repeat(200), categoryId: 1 }));
    const refused = await engine.handle({ method: 'PUT', url: '/__admin/state', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ pets }) });
    expect(refused.status).toBe(507);
    expect(engine.journal.list()).toMatchObject([{ method: 'PUT', path: '/__admin/state', status: 507, limit: 'maxStoredBytes', response: { status: 507 } }]);
  });
});

describe('one kind of byte budget for every holder', () => {
  it('takes bytes only while they fit, adds what is owed past the limit, and gives back never below zero', () => {
    const budget = createByteBudget('maxInflightBytes', 100);
    expect(budget.take(60)).toBe(true);
    expect(budget.take(50)).toBe(false);
    expect(budget.used).toBe(60);
    budget.add(70);
    expect(budget.usage()).toEqual({ used: 130, max: 100 });
    expect(budget.fits(1)).toBe(false);
    budget.give(500);
    expect(budget.used).toBe(0);
    budget.add(40);
    budget.clear();
    expect(budget.used).toBe(0);
  });

  it('refuses a negative or missing maximum, naming the option', () => {
    expect(() => createByteBudget('journalBytes', -1)).toThrow(/journalBytes must be 0 bytes or more/);
    expect(() => createByteBudget('journalBytes', Number.NaN)).toThrow(RangeError);
  });

  it('names a limit by its option and its flag, as every refusal does', () => {
    expect(namesOfLimit('maxStoredBytes')).toBe('maxStoredBytes, --max-stored-bytes');
    expect(namesOfLimit('maxInflightBytes')).toBe('maxInflightBytes, --max-inflight-bytes');
    expect(namesOfLimit('journalBytes')).toBe('journalBytes, --journal-bytes');
  });
});
