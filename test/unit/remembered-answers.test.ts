import { decodeBodyOnUse } from '../../src/engine/http/index.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadDocument, type PetstoreDocument } from '../../src/document/index.js';
import type { RequestContext } from '../../src/engine/operations/index.js';
import {
  MAX_REMEMBERED_BODY_LENGTH,
  REMEMBERED_ANSWER_BYTES,
  REMEMBERED_ANSWERS,
  rememberAnswers,
  type RememberedAnswers,
  type RememberingConditions,
} from '../../src/engine/pipeline/remembered-answers.js';
import type { MockResponse } from '../../src/engine/types.js';
import { createRecordStore, type RecordStore } from '../../src/store/index.js';

let document: PetstoreDocument;
beforeAll(async () => {
  document = await loadDocument();
});

/** A request's context as the engine makes it: no controls, its session entered (once) into `store`. */
function contextOf(store: RecordStore, fields: Partial<RequestContext> = {}): RequestContext {
  const context: RequestContext = {
    body: decodeBodyOnUse(undefined, undefined, false),
    sessionId: undefined,
    enterSession: () => (context.session ??= { session: { store } as NonNullable<RequestContext['session']>['session'] }),
    controls: {},
    delay: 0,
    control: null,
    problems: [],
    ...fields,
  };
  return context;
}

/** The context of a request the responder answered as `operationId`, its session entered. */
function answered(store: RecordStore, operationId: string, fields: Partial<RequestContext> = {}): RequestContext {
  const context = contextOf(store, { operationId, ...fields });
  context.enterSession();
  return context;
}

const ok = (body = '[]'): MockResponse => ({ status: 200, headers: { 'content-type': 'application/json' }, body });

/** Keeps `response` as the engine does for a request asked a second time: the first ask holds its key, the second its answer. */
function keepAskedTwice(answers: RememberedAnswers, key: string, context: RequestContext, response: MockResponse): void {
  answers.keep(key, context, response);
  answers.keep(key, context, response);
}

function conditions(fields: Partial<RememberingConditions> = {}): RememberingConditions {
  return { overridesExist: () => false, drawsPerRequest: false, clock: () => new Date('2026-11-23T00:00:00Z'), ...fields };
}

describe("remembered answers: the store's answers to reads, per identical request and store revision", () => {
  it('gives a copy of the answer kept for the same key while the store is unchanged, and none once it changed', () => {
    const store = createRecordStore();
    const answers = rememberAnswers(document, conditions());
    expect(answers.recall('GET /pets?', contextOf(store))).toBeUndefined();
    keepAskedTwice(answers, 'GET /pets?', answered(store, 'listPets'), ok('[1]'));
    const given = answers.recall('GET /pets?', contextOf(store));
    expect(given).toEqual({ ...ok('[1]'), operationId: 'listPets' });
    // The adapters add headers of their own to what they are given.
    if (given) given.headers['content-length'] = '3';
    expect(answers.recall('GET /pets?', contextOf(store))?.headers).toEqual({ 'content-type': 'application/json' });
    expect(answers.recall('GET /pets?other', contextOf(store))).toBeUndefined();
    store.create({ name: 'New', categoryId: 1 });
    expect(answers.recall('GET /pets?', contextOf(store))).toBeUndefined();
    // Its key alone is held: the next answer is kept.
    expect(answers.size).toBe(1);
  });

  it('holds only the key of a request asked for the first time, keeps the answer of the second identical one, and gives it to the third', () => {
    const store = createRecordStore();
    const answers = rememberAnswers(document, conditions());
    answers.keep('GET /pets/1', answered(store, 'getPet'), ok('{}'));
    expect(answers.size).toBe(1);
    const keyOnly = answers.bytes;
    expect(answers.recall('GET /pets/1', contextOf(store))).toBeUndefined();
    answers.keep('GET /pets/1', answered(store, 'getPet'), ok('{}'));
    expect(answers.size).toBe(1);
    expect(answers.bytes).toBeGreaterThan(keyOnly);
    expect(answers.recall('GET /pets/1', contextOf(store))?.body).toBe('{}');
    // Made out of date by a write, the answer gives way to its key alone: the answer made now is kept in its place.
    store.create({ name: 'New', categoryId: 1 });
    store.update({ id: 1, name: 'Changed', categoryId: 1 });
    expect(answers.recall('GET /pets/1', contextOf(store))).toBeUndefined();
    expect(answers.bytes).toBe(keyOnly);
    answers.keep('GET /pets/1', answered(store, 'getPet'), ok('{"changed":true}'));
    expect(answers.recall('GET /pets/1', contextOf(store))?.body).toBe('{"changed":true}');
  });

  it("enters the request's session, and gives nothing when it is another store at the same revision (a session dropped and opened afresh)", () => {
    const first = createRecordStore();
    const answers = rememberAnswers(document, conditions());
    keepAskedTwice(answers, 'GET /pets?', answered(first, 'listPets'), ok());
    const context = contextOf(createRecordStore());
    expect(answers.recall('GET /pets?', context)).toBeUndefined();
    expect(context.session).toBeDefined();
  });

  it("keeps only a 200 the store made for a read: no create, no error, no forced, faulted or scripted answer, none with problems or a limit, none that opened its session", () => {
    const store = createRecordStore();
    const answers = rememberAnswers(document, conditions());
    keepAskedTwice(answers, 'POST /pets', answered(store, 'createPet'), { ...ok(), status: 201 });
    keepAskedTwice(answers, 'GET /pets/9', answered(store, 'getPet'), { ...ok(), status: 404 });
    keepAskedTwice(answers, 'GET /pets/1 a', answered(store, 'getPet', { control: 'forced' }), ok());
    keepAskedTwice(answers, 'GET /pets/1 b', answered(store, 'getPet', { problems: [{ path: 'query.limit', message: 'x' }] }), ok());
    keepAskedTwice(answers, 'GET /pets/1 c', answered(store, 'getPet', { limit: 'maxPets' }), ok());
    const opened = contextOf(store, { operationId: 'getPet' });
    opened.session = { session: { store } as NonNullable<RequestContext['session']>['session'], opened: 'new' };
    keepAskedTwice(answers, 'GET /pets/1 d', opened, ok());
    keepAskedTwice(answers, 'GET /store/orders', answered(store, 'listStoreOrders'), ok());
    expect(answers.size).toBe(0);
    keepAskedTwice(answers, 'GET /pets/1', answered(store, 'getPet'), ok('{}'));
    expect(answers.size).toBe(1);
  });

  it('neither keeps nor gives an answer while overrides exist, under drawn faults or delays, or for a request with controls', () => {
    const store = createRecordStore();
    let overrides = false;
    const answers = rememberAnswers(document, conditions({ overridesExist: () => overrides }));
    keepAskedTwice(answers, 'GET /pets?', answered(store, 'listPets'), ok());
    overrides = true;
    expect(answers.recall('GET /pets?', contextOf(store))).toBeUndefined();
    keepAskedTwice(answers, 'GET /pets?x', answered(store, 'listPets'), ok());
    overrides = false;
    expect(answers.recall('GET /pets?', contextOf(store))).toBeDefined();
    expect(answers.recall('GET /pets?', contextOf(store, { controls: { delay: 5 } }))).toBeUndefined();
    expect(answers.recall('GET /pets?', contextOf(store, { controls: { code: 200 } }))).toBeUndefined();
    keepAskedTwice(answers, 'GET /pets?y', answered(store, 'listPets', { controls: { dynamic: true } }), ok());
    expect(answers.size).toBe(1);
    const drawing = rememberAnswers(document, conditions({ drawsPerRequest: true }));
    keepAskedTwice(drawing, 'GET /pets?', answered(store, 'listPets'), ok());
    expect(drawing.size).toBe(0);
  });

  it("gives no answer of a deprecated operation from its sunset on (the document's 5 December 2030)", () => {
    const store = createRecordStore();
    let now = new Date('2030-12-04T23:59:59Z');
    const answers = rememberAnswers(document, conditions({ clock: () => now }));
    keepAskedTwice(answers, 'GET /pets/1', answered(store, 'getPet'), ok('{}'));
    expect(answers.recall('GET /pets/1', contextOf(store))).toBeDefined();
    now = new Date('2030-12-05T00:00:00Z');
    expect(answers.recall('GET /pets/1', contextOf(store))).toBeUndefined();
  });

  it(`holds at most ${REMEMBERED_ANSWERS} answers and ${REMEMBERED_ANSWER_BYTES} bytes, the least recently used going first, and no body over ${MAX_REMEMBERED_BODY_LENGTH} characters`, () => {
    const store = createRecordStore();
    const answers = rememberAnswers(document, conditions());
    keepAskedTwice(answers, 'GET /pets?0', answered(store, 'listPets'), ok());
    for (let index = 1; index <= REMEMBERED_ANSWERS; index++) {
      // The first one stays the most recently used.
      expect(answers.recall('GET /pets?0', contextOf(store))).toBeDefined();
      keepAskedTwice(answers, `GET /pets?${index}`, answered(store, 'listPets'), ok());
    }
    expect(answers.size).toBe(REMEMBERED_ANSWERS);
    expect(answers.recall('GET /pets?0', contextOf(store))).toBeDefined();
    expect(answers.recall('GET /pets?1', contextOf(store))).toBeUndefined();

    keepAskedTwice(answers, 'GET /pets?long', answered(store, 'listPets'), ok('x'.repeat(MAX_REMEMBERED_BODY_LENGTH + 1)));
    expect(answers.recall('GET /pets?long', contextOf(store))).toBeUndefined();

    const big = rememberAnswers(document, conditions());
    const body = 'x'.repeat(MAX_REMEMBERED_BODY_LENGTH);
    for (let index = 0; index < REMEMBERED_ANSWERS; index++) keepAskedTwice(big, `GET /pets?${index}`, answered(store, 'listPets'), ok(body));
    expect(big.bytes).toBeLessThanOrEqual(REMEMBERED_ANSWER_BYTES);
    expect(big.size).toBeLessThan(REMEMBERED_ANSWERS);
    expect(big.size).toBeGreaterThan(REMEMBERED_ANSWER_BYTES / (2 * body.length) - 2);
  });

  it('keeps a page asked again through more reads of ids asked once than it holds answers, and counts a Latin-1 body a byte a character', () => {
    const store = createRecordStore();
    const answers = rememberAnswers(document, conditions());
    keepAskedTwice(answers, 'GET /pets?limit=5', answered(store, 'listPets'), ok('[1,2,3,4,5]'));
    expect(answers.recall('GET /pets?limit=5', contextOf(store))).toBeDefined();
    for (let id = 1; id <= 2 * REMEMBERED_ANSWERS; id++) answers.keep(`GET /pets/${id}`, answered(store, 'getPet'), ok(`{"id":${id}}`));
    expect(answers.recall('GET /pets?limit=5', contextOf(store))).toBeDefined();
    expect(answers.size).toBe(REMEMBERED_ANSWERS);

    const latin = rememberAnswers(document, conditions());
    keepAskedTwice(latin, 'GET /pets?a', answered(store, 'listPets'), ok('é'.repeat(1000)));
    const wide = rememberAnswers(document, conditions());
    keepAskedTwice(wide, 'GET /pets?a', answered(store, 'listPets'), ok('€'.repeat(1000)));
    expect(wide.bytes - latin.bytes).toBe(1000);
  });

  it('remembers nothing when told to remember no answer (Prism then decides every request)', () => {
    const store = createRecordStore();
    const answers = rememberAnswers(document, conditions(), 0);
    keepAskedTwice(answers, 'GET /pets?', answered(store, 'listPets'), ok());
    expect(answers.size).toBe(0);
  });
});
