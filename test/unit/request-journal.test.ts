import { describe, expect, it } from 'vitest';
import { estimateBytes } from '../../src/budget/index.js';
import { JOURNAL_BODY_LIMIT } from '../../src/engine/index.js';
import { harQueryString } from '../../src/engine/journal/har-query.js';
import { journalEntryBytes } from '../../src/engine/journal/request-journal.js';
import { createEngine, createRequestJournal, type Engine, type JournalEntry } from '../../src/index.js';

const AUTH = { authorization: 'Bearer journal' };

function entry(path: string, session: string | null = null): Omit<JournalEntry, 'seq'> {
  return {
    time: new Date(0).toISOString(), method: 'GET', path, operationId: 'listPets', status: 200, session, problems: [], delay: 0, control: null, sessionOpened: null, evictedSession: null,
    body: null, bodyCut: false, origin: null, headers: {}, headersCut: false, response: { status: 200, headers: {}, body: '[]', bodyCut: false }, reason: null, pathCut: false, limit: null,
  };
}

describe('the request journal', () => {
  it('keeps the last capacity entries, oldest first', () => {
    const journal = createRequestJournal(3);
    for (const path of ['/1', '/2', '/3', '/4', '/5']) journal.record(entry(path));
    expect(journal.list().map(item => item.path)).toEqual(['/3', '/4', '/5']);
  });

  it('lists and clears one session’s entries', () => {
    const journal = createRequestJournal(10);
    journal.record(entry('/a', 'a'));
    journal.record(entry('/b', 'b'));
    journal.record(entry('/default'));
    expect(journal.list('a').map(item => item.path)).toEqual(['/a']);
    journal.clear('a');
    expect(journal.list().map(item => item.path)).toEqual(['/b', '/default']);
    journal.clear();
    expect(journal.list()).toEqual([]);
  });

  it('keeps its order after a clear of one session once it had wrapped around', () => {
    const journal = createRequestJournal(3);
    for (const [path, session] of [['/1', 'a'], ['/2', 'b'], ['/3', 'a'], ['/4', 'b']] as const) journal.record(entry(path, session));
    journal.clear('a');
    journal.record(entry('/5'));
    journal.record(entry('/6'));
    expect(journal.list().map(item => item.path)).toEqual(['/4', '/5', '/6']);
  });

  it('keeps nothing with a capacity of 0', () => {
    const journal = createRequestJournal(0);
    journal.record(entry('/x'));
    expect(journal.list()).toEqual([]);
  });

  it('hands out copies, so a caller cannot change what it recorded', () => {
    const journal = createRequestJournal(2);
    journal.record(entry('/x'));
    const [listed] = journal.list();
    if (listed) listed.problems.push({ path: 'p', message: 'm' });
    expect(journal.list()[0]?.problems).toEqual([]);
  });
});

describe('the journal’s record of an answer', () => {
  const send = async (engine: Engine, method: string, url: string, headers: Record<string, string> = {}, body?: string) => {
    await engine.handle({ method, url, headers, ...(body !== undefined && { body }) });
    const recorded = engine.journal.list().at(-1);
    if (!recorded) throw new Error('Nothing was recorded.');
    return recorded;
  };

  it('keeps the status, headers and body the client got, and no reason for a 2xx', async () => {
    const engine = await createEngine({ seed: 3, pets: 2 });
    const listed = await send(engine, 'GET', '/v1/pets?limit=1', AUTH);
    expect(listed.response).toEqual({ status: 200, headers: expect.objectContaining({ 'content-type': 'application/json' }) as object, body: JSON.stringify(engine.store.list({ limit: 1 })), bodyCut: false });
    expect(listed.reason).toBeNull();
  });

  it('gives every non-2xx the message of the Error body as its reason', async () => {
    const engine = await createEngine({ seed: 3, pets: 2 });
    const missing = await send(engine, 'GET', '/v1/pets/999', AUTH);
    expect(missing.status).toBe(404);
    expect(missing.reason).toBe((JSON.parse(missing.response.body ?? '{}') as { message: string }).message);
    expect(missing.reason).toMatch(/999/);
    const refused = await send(engine, 'GET', '/v1/pets?limit=0', AUTH);
    expect(refused.reason).toBe('Request query parameter limit must be >= 1.');
  });

  it('labels a missing Authorization in the API’s words, in the reason and the problems alike', async () => {
    const engine = await createEngine({ seed: 3, pets: 2 });
    const unauthorized = await send(engine, 'GET', '/v1/pets');
    expect(unauthorized.status).toBe(401);
    expect(unauthorized.reason).toBe('Send the header "Authorization: Bearer <API_KEY>".');
    expect(unauthorized.problems).toEqual([{ path: 'header.authorization', message: 'Send the header "Authorization: Bearer <API_KEY>".' }]);
  });

  it('cuts an answer body over the journal’s bound, as it cuts a request body', async () => {
    const engine = await createEngine({ seed: 3, pets: 200 });
    const long = await send(engine, 'GET', '/v1/pets?limit=100', AUTH);
    expect(long.response).toMatchObject({ status: 200, body: null, bodyCut: true });
    expect(JOURNAL_BODY_LIMIT).toBe(4096);
  });

  it('keeps the reason of a HEAD, whose answer has no body', async () => {
    const engine = await createEngine({ seed: 3, pets: 2 });
    const head = await send(engine, 'HEAD', '/v1/pets/999', AUTH);
    expect(head.response).toMatchObject({ status: 404, body: null, bodyCut: false });
    expect(head.reason).toMatch(/999/);
  });

  it('keeps the request’s headers and origin, with credentials redacted, and bounds them', async () => {
    const engine = await createEngine({ seed: 3, pets: 2 });
    const sent = await send(engine, 'GET', 'https://api.example.test/v1/pets', { Authorization: 'Bearer secret', Cookie: 'a=b', 'X-Trace': 't1' });
    expect(sent.origin).toBe('https://api.example.test');
    expect(sent.headers).toEqual({ authorization: '[redacted]', cookie: '[redacted]', 'x-trace': 't1' });
    expect(sent.headersCut).toBe(false);
    expect(JSON.stringify(engine.journal.list())).not.toContain('secret');
    const fromHost = await send(engine, 'GET', '/v1/pets', { ...AUTH, host: 'localhost:4010' });
    expect(fromHost.origin).toBe('http://localhost:4010');
    const crowded = await send(engine, 'GET', '/v1/pets', { ...AUTH, 'x-a': 'a'.repeat(3_000), 'x-b': 'b'.repeat(3_000) });
    expect(crowded.headersCut).toBe(true);
    expect(Object.keys(crowded.headers)).toEqual(['authorization', 'x-a']);
  });

  it('redacts credentials the document does not declare: X-Api-Key and the like, and api_key or access_token in the query', async () => {
    const engine = await createEngine({ seed: 3, pets: 2 });
    const sent = await send(engine, 'GET', '/v1/pets?limit=1&api_key=key-secret&access_token=token-secret&X-Amz-Security-Token=amz-secret', {
      ...AUTH, 'X-Api-Key': 'header-key-secret', 'X-Auth-Token': 'header-token-secret', 'X-Trace': 't1',
    });
    expect(sent.path).toBe('/v1/pets?limit=1&api_key=[redacted]&access_token=[redacted]&X-Amz-Security-Token=[redacted]');
    expect(sent.headers).toMatchObject({ 'x-api-key': '[redacted]', 'x-auth-token': '[redacted]', 'x-trace': 't1' });
    expect(JSON.stringify(engine.journal.list())).not.toMatch(/secret/);
  });

  it('keeps the path of a request without credentials in its query as it was received', async () => {
    const engine = await createEngine({ seed: 3, pets: 2 });
    const path = '/v1/pets?limit=1&status=sold&page_token=next';
    expect((await send(engine, 'GET', path, AUTH)).path).toBe(path);
  });

  it('hands out entries whose answer no reader can change', async () => {
    const engine = await createEngine({ seed: 3, pets: 2 });
    const listed = await send(engine, 'GET', '/v1/pets', AUTH);
    expect(() => ((listed.response.headers as Record<string, string>)['x-changed'] = 'yes')).toThrow(TypeError);
    expect(Object.isFrozen(listed.response)).toBe(true);
  });
});

describe('what repeats between journal entries', () => {
  it('is kept once: the request headers, the answer and the origin of identical requests are the same objects, and change with the request', async () => {
    const engine = await createEngine({ seed: 1, pets: 2 });
    const headers = { ...AUTH, host: 'localhost:4010' };
    for (let time = 0; time < 2; time++) await engine.handle({ method: 'GET', url: '/v1/pets', headers: { ...headers } });
    await engine.handle({ method: 'GET', url: '/v1/pets', headers: { ...headers, host: 'other:4010' } });
    const [first, second, third] = engine.journal.list();
    expect(second?.headers).toBe(first?.headers);
    expect(second?.response).toBe(first?.response);
    expect(third?.headers).not.toBe(first?.headers);
    expect(third?.headers).toEqual({ authorization: '[redacted]', host: 'other:4010' });
    expect(third?.origin).toBe('http://other:4010');
    expect(Object.isFrozen(first?.headers)).toBe(true);
  });

  it('is kept once for requests repeated in turn, as sessions do, and never for headers that differ', async () => {
    const engine = await createEngine({ seed: 1, pets: 2 });
    const inSession = (id: string): Record<string, string> => ({ ...AUTH, 'x-petstore-session': id });
    for (let round = 0; round < 2; round++) for (const id of ['a', 'b', 'c']) await engine.handle({ method: 'GET', url: '/v1/pets', headers: inSession(id) });
    // Unparsable content types are not part of a request's identity, but the journal shows them as sent.
    for (const type of ['x', 'y']) await engine.handle({ method: 'GET', url: '/v1/pets', headers: { ...inSession('a'), 'content-type': type } });
    const entries = engine.journal.list();
    expect(entries.slice(3, 6).map((entry, index) => entry.headers === entries[index]?.headers)).toEqual([true, true, true]);
    expect(entries.slice(0, 3).map(entry => entry.headers['x-petstore-session'])).toEqual(['a', 'b', 'c']);
    expect(entries.slice(6).map(entry => entry.headers['content-type'])).toEqual(['x', 'y']);
  });
});

describe('the bytes of a journal entry', () => {
  it('are what the generic estimate counts, the query as the HAR export makes it included, for every kind of entry the engine records', async () => {
    const engine = await createEngine({ seed: 1, pets: 2 });
    const json = { ...AUTH, 'content-type': 'application/json' };
    await engine.handle({ method: 'GET', url: 'http://localhost/v1/pets?limit=2&status=available', headers: AUTH });
    await engine.handle({ method: 'GET', url: '/v1/pets?status=lost&status=été', headers: { ...AUTH, 'x-petstore-session': 'été' } });
    await engine.handle({ method: 'POST', url: '/v1/pets', headers: json, body: JSON.stringify({ name: 'Émile 🐕', categoryId: 1, tags: [[1, 2.5], { deep: null }] }) });
    await engine.handle({ method: 'POST', url: '/v1/pets', headers: json, body: '{"name":' });
    await engine.handle({ method: 'GET', url: '/v1/pets/1', headers: { prefer: 'code=404' } });
    await engine.handle({ method: 'HEAD', url: '/v1/pets/99', headers: AUTH });
    engine.recordRefusal({ method: 'POST', url: '/v1/pets', headers: json, response: { status: 503, headers: { 'retry-after': '1' }, body: '{"code":"service_unavailable","message":"busy","status":503}' }, limit: 'maxInflightBytes' });
    const entries = engine.journal.list();
    expect(entries).toHaveLength(7);
    for (const recorded of entries) expect(journalEntryBytes(recorded)).toBe(estimateBytes(recorded) + estimateBytes(harQueryString(recorded.path)));
  });
});
