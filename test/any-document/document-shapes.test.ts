import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { describeResources } from '../../src/cli/describe-document.js';
import { createEngine, type Engine } from '../../src/index.js';

const documentAt = (path: string): string => fileURLToPath(new URL(`../documents/${path}`, import.meta.url));
const CONDUIT = documentAt('real-world/conduit.yaml');

interface Answer {
  status: number;
  headers: Record<string, string>;
  json: Record<string, unknown>;
}

/** An engine that checks its own answers against the document, and the errors it reported. */
async function checkedEngine(path: string, options: { now?: string } = {}): Promise<{ engine: Engine; errors: string[] }> {
  const errors: string[] = [];
  const engine = await createEngine({ documentPath: path, validateResponses: true, onError: message => errors.push(message), ...(options.now !== undefined && { now: options.now }) });
  return { engine, errors };
}

async function call(engine: Engine, method: string, url: string, body?: unknown): Promise<Answer> {
  const response = await engine.handle({ method, url, headers: { 'content-type': 'application/json', authorization: 'Token jwt' }, ...(body !== undefined && { body: JSON.stringify(body) }) });
  return { status: response.status, headers: response.headers, json: response.body ? (JSON.parse(response.body) as Record<string, unknown>) : {} };
}

describe('records wrapped in an envelope named after them, as Rails APIs send and answer them (RealWorld Conduit)', () => {
  it('creates an article from {"article": {...}}, reads it back, lists it with a true articlesCount, updates only what is sent, and deletes it', async () => {
    const { engine, errors } = await checkedEngine(CONDUIT);
    const created = await call(engine, 'POST', '/api/articles', { article: { title: 'Zoë', description: 'On shapes', body: 'Envelopes everywhere', tagList: ['rails'] } });
    expect(created.status).toBe(201);
    const article = created.json['article'] as Record<string, unknown>;
    expect(article).toMatchObject({ title: 'Zoë', description: 'On shapes', body: 'Envelopes everywhere', tagList: ['rails'] });
    const slug = String(article['slug']);
    expect(created.headers['location']).toBe(`/api/articles/${slug}`);
    expect(await call(engine, 'GET', `/api/articles/${slug}`)).toMatchObject({ status: 200, json: { article } });
    const list = await call(engine, 'GET', '/api/articles?limit=100');
    expect(list.json['articlesCount']).toBe(21);
    const listed = (list.json['articles'] as Record<string, unknown>[]).find(each => each['slug'] === slug);
    // The list's items declare every property of the article but its body.
    expect(listed).toEqual(Object.fromEntries(Object.entries(article).filter(([name]) => name !== 'body')));
    const updated = await call(engine, 'PUT', `/api/articles/${slug}`, { article: { title: 'Zoë, revised' } });
    expect(updated).toMatchObject({ status: 200, json: { article: { ...article, title: 'Zoë, revised' } } });
    expect((await call(engine, 'DELETE', `/api/articles/${slug}`)).status).toBe(204);
    expect((await call(engine, 'GET', `/api/articles/${slug}`)).status).toBe(404);
    expect((await call(engine, 'GET', '/api/articles')).json['articlesCount']).toBe(20);
    expect(describeResources(engine.document).join('\n')).not.toMatch(/not inferred: (GetArticles|CreateArticle|GetArticle):/);
    expect(errors).toEqual([]);
  });

  it('stores the comment it was sent in {"comment": {...}}, answers it in the same envelope, and never keeps a record on a failed create', async () => {
    const { engine, errors } = await checkedEngine(documentAt('findings/envelope-create.yaml'));
    const created = await call(engine, 'POST', '/api/comments', { comment: { body: 'Great post' } });
    expect(created).toMatchObject({ status: 200, json: { comment: { id: 21, body: 'Great post' } }, headers: { location: '/api/comments/21' } });
    expect((await call(engine, 'GET', '/api/comments')).json['comments']).toContainEqual({ id: 21, body: 'Great post' });
    const refused = await call(engine, 'POST', '/api/comments', { comment: { body: 5 } });
    expect(refused.status).toBe(400);
    expect(((await call(engine, 'GET', '/api/comments')).json['comments'] as unknown[]).length).toBe(21);
    expect((await call(engine, 'DELETE', '/api/comments/21')).status).toBe(204);
    expect(((await call(engine, 'GET', '/api/comments')).json['comments'] as unknown[]).length).toBe(20);
    expect(errors).toEqual([]);
  });
});

describe('a create whose body is shaped unlike the record (OpenAI messages)', () => {
  it('stores what fits the record from either body the document accepts, fills the rest from the record’s schema, and reads it back', async () => {
    const { engine, errors } = await checkedEngine(documentAt('findings/create-shape-differs.yaml'));
    const asText = await call(engine, 'POST', '/messages', { role: 'user', content: 'How does AI work?' });
    expect(asText.status).toBe(200);
    expect(asText.json).toMatchObject({ role: 'user', content: expect.any(Array) as unknown });
    const asParts = await call(engine, 'POST', '/messages', { role: 'assistant', content: [{ type: 'text', text: 'It learns.' }, { type: 'text', text: 'From data.' }] });
    expect(asParts.status).toBe(200);
    const parts = asParts.json['content'] as { type: string; text: { value: unknown } }[];
    expect(parts.map(part => part.type)).toEqual(['text', 'text']);
    for (const part of parts) expect(typeof part.text.value).toBe('string');
    expect(await call(engine, 'GET', `/messages/${String(asParts.json['id'])}`)).toMatchObject({ status: 200, json: asParts.json });
    expect(await call(engine, 'GET', '/messages')).toMatchObject({ json: expect.arrayContaining([asText.json, asParts.json]) as unknown });
    expect(errors).toEqual([]);
  });

  it('says at start that it cannot relate a create whose body names none of the record’s properties, and answers it from the document instead of storing a made-up record', async () => {
    const { engine, errors } = await checkedEngine(documentAt('create-unrelated.yaml'));
    expect(describeResources(engine.document)).toContain('not inferred: requestReport: its request body shares no property with the reports it answers');
    const before = (await call(engine, 'GET', '/reports')).json as unknown as unknown[];
    expect((await call(engine, 'POST', '/reports', { query: 'sales', window_days: 7 })).status).toBe(202);
    expect((await call(engine, 'GET', '/reports')).json).toEqual(before);
    expect(errors).toEqual([]);
  });
});

describe('records answered with their links beside them (Train Travel: allOf [Booking, {links}])', () => {
  it('keeps one collection: the list of plain bookings is inferred and pages, a new booking is listed, and its read answers the record with links generated', async () => {
    const { engine, errors } = await checkedEngine(documentAt('findings/allof-generic-wrapper.yaml'));
    expect(describeResources(engine.document).join('\n')).not.toContain('not inferred');
    const created = await call(engine, 'POST', '/bookings', { passenger_name: 'Ada' });
    expect(created.status).toBe(201);
    const id = String(created.json['id']);
    const all = (await call(engine, 'GET', '/bookings?page=1&limit=100')).json['data'] as Record<string, unknown>[];
    expect(all).toHaveLength(21);
    expect(all.at(-1)).toEqual({ id, passenger_name: 'Ada' });
    expect((await call(engine, 'GET', '/bookings?page=2&limit=5')).json['data']).toEqual(all.slice(5, 10));
    const read = await call(engine, 'GET', `/bookings/${id}`);
    expect(read.status).toBe(200);
    expect(read.json).toMatchObject({ id, passenger_name: 'Ada', links: { self: expect.stringMatching(/^https:\/\//) as unknown } });
    expect(errors).toEqual([]);
  });
});

describe('times the service assigns in Unix seconds, and nullable properties nobody sent (OpenAI assistants, Stripe)', () => {
  it('sets created_at from the mock’s clock in epoch seconds and a required nullable description the client left out to null', async () => {
    const { engine, errors } = await checkedEngine(documentAt('findings/epoch-timestamp.yaml'), { now: '2030-03-15T12:00:00Z' });
    const created = await call(engine, 'POST', '/assistants', { model: 'gpt-4o' });
    expect(created.json).toEqual({ id: expect.any(String) as unknown, created_at: Date.parse('2030-03-15T12:00:00Z') / 1000, model: 'gpt-4o', description: null });
    const seeded = (await call(engine, 'GET', '/assistants')).json as unknown as { created_at: number }[];
    // Seeded records were made within the year before 2026, as seeded date-times are.
    for (const assistant of seeded) expect(assistant.created_at).toBeGreaterThan(Date.parse('2024-12-31T00:00:00Z') / 1000);
    expect(errors).toEqual([]);
  });
});

describe('range filters on lists (Redocly museum, Stripe, shops)', () => {
  it('keeps the events with a date between startDate and endDate, the end day included', async () => {
    const { engine, errors } = await checkedEngine(documentAt('findings/range-filter.yaml'));
    const created = await call(engine, 'POST', '/special-events', { name: 'Spring fair', dates: ['2030-03-15'] });
    expect(created.status).toBe(201);
    expect((await call(engine, 'GET', '/special-events?startDate=2030-03-01&endDate=2030-03-31')).json).toEqual([created.json]);
    expect((await call(engine, 'GET', '/special-events?startDate=2030-03-15&endDate=2030-03-15')).json).toEqual([created.json]);
    expect((await call(engine, 'GET', '/special-events?startDate=2030-03-16')).json).toEqual([]);
    const seeded = (await call(engine, 'GET', '/special-events?endDate=2029-12-31')).json as unknown as unknown[];
    expect(seeded).toHaveLength(20);
    expect(describeResources(engine.document).join('\n')).not.toContain('not inferred');
    expect(errors).toEqual([]);
  });

  it('reads created[gte]/created[lt] on epoch seconds, min_/max_ on a number and a bare since on the only time, and says at start which range parameter it does not read', async () => {
    const { engine, errors } = await checkedEngine(documentAt('range-filters.yaml'), { now: '2030-03-15T12:00:00Z' });
    expect(describeResources(engine.document)).toContain('not inferred: listInvoices: range parameter due_before names no property of its invoices: not read');
    const created = await call(engine, 'POST', '/invoices', { amount: 12345 });
    const at = Date.parse('2030-03-15T12:00:00Z') / 1000;
    expect(created.json).toMatchObject({ amount: 12345, created: at });
    const list = async (query: string): Promise<unknown> => (await call(engine, 'GET', `/invoices?${query}`)).json;
    expect(await list(`created[gte]=${String(at)}`)).toEqual([created.json]);
    expect(await list(`created[lt]=${String(at)}`)).toHaveLength(20);
    expect(await list(`created[gte]=${String(at - 10)}&created[lt]=${String(at)}`)).toEqual([]);
    expect(await list('min_amount=12345&max_amount=12345')).toEqual([created.json]);
    expect(await list('since=2030-01-01T00:00:00Z')).toEqual([created.json]);
    expect(errors).toEqual([]);
  });
});

describe('Twilio’s lists and form fields (Studio v2)', () => {
  it('matches the form fields FriendlyName and Status to friendly_name and status, and hands out next_page_url links that walk every flow once', async () => {
    const { engine, errors } = await checkedEngine(documentAt('real-world/twilio-studio-v2.yaml'));
    const headers = { authorization: 'Basic dTpw', host: 'mock.example:4010' };
    const created = await engine.handle({ method: 'POST', url: '/v2/Flows', headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' }, body: 'FriendlyName=Test%20Flow&Status=draft&Definition=%7B%7D' });
    expect(created.status).toBe(201);
    expect(JSON.parse(created.body ?? '{}')).toMatchObject({ friendly_name: 'Test Flow', status: 'draft' });
    const seen: string[] = [];
    let next: string | null = 'http://mock.example:4010/v2/Flows?PageSize=4';
    for (let pages = 0; next !== null && pages < 10; pages += 1) {
      const url: URL = new URL(next);
      const page = await engine.handle({ method: 'GET', url: `${url.pathname}${url.search}`, headers });
      const body = JSON.parse(page.body ?? '{}') as { flows: { sid: string }[]; meta: { next_page_url: string | null; previous_page_url: string | null } };
      if (pages > 0) expect(body.meta.previous_page_url).toMatch(/^http:\/\/mock\.example:4010\/v2\/Flows\?/);
      seen.push(...body.flows.map(flow => flow.sid));
      next = body.meta.next_page_url;
    }
    expect(seen).toHaveLength(21);
    expect(new Set(seen).size).toBe(21);
    expect(errors).toEqual([]);
  });
});

describe('keys as the paths that ask for them take them (Immich: a plain string id, {id} a uuid)', () => {
  it('makes every key, seeded or created, of the format the item path takes, so that each record reads, changes and goes by it', async () => {
    const { engine, errors } = await checkedEngine(documentAt('findings/key-parameter-format.yaml'));
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
    const seeded = (await call(engine, 'GET', '/albums')).json as unknown as { id: string }[];
    expect(seeded.length).toBe(20);
    for (const { id } of seeded) expect(id).toMatch(uuid);
    expect((await call(engine, 'GET', `/albums/${seeded[0]?.id ?? ''}`)).status).toBe(200);
    const created = await call(engine, 'POST', '/albums', { albumName: 'Trip' });
    expect(created.status).toBe(201);
    const id = String(created.json['id']);
    expect(id).toMatch(uuid);
    expect(await call(engine, 'GET', `/albums/${id}`)).toMatchObject({ status: 200, json: { id, albumName: 'Trip' } });
    expect(await call(engine, 'PATCH', `/albums/${id}`, { albumName: 'Renamed' })).toMatchObject({ status: 200, json: { id, albumName: 'Renamed' } });
    expect((await call(engine, 'DELETE', `/albums/${id}`)).status).toBe(204);
    expect((await call(engine, 'GET', `/albums/${id}`)).status).toBe(404);
    expect(errors).toEqual([]);
  });
});
