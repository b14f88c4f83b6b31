import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Surface } from '../contract/surface.js';
import { createMswSurface } from '../support/msw-surface.js';
import { createServerSurface } from '../support/server-surface.js';

const findingAt = (name: string): string => fileURLToPath(new URL(`../documents/findings/${name}`, import.meta.url));
const ORIGIN = 'https://api.fidelity.example';

interface Answer {
  status: number;
  json: unknown;
}

async function call(surface: Surface, method: string, path: string, body?: unknown, contentType = 'application/json'): Promise<Answer> {
  const response = await surface.request(method, path, { headers: { 'content-type': contentType }, ...(body !== undefined && { body: JSON.stringify(body) }) });
  const text = await response.text();
  return { status: response.status, json: text === '' ? undefined : (JSON.parse(text) as unknown) };
}

/** Each surface the finding is run on: the HTTP server and the MSW handlers in Node, both checking their answers against the document. */
const surfaces: readonly [string, (documentPath: string) => Promise<Surface>][] = [
  ['the HTTP server', documentPath => createServerSurface({ documentPath, validateResponses: true, seed: 3 })],
  ['the MSW handlers', documentPath => createMswSurface({ documentPath, validateResponses: true, seed: 3, baseUrl: ORIGIN }, ORIGIN)],
];

describe.each(surfaces)('a replace holds what was sent and what the service assigns, on %s (Gotify’s PUT /application/{id})', (_name, open) => {
  let surface: Surface;
  beforeAll(async () => {
    surface = await open(findingAt('replace-sends-only.yaml'));
  });
  afterAll(() => surface.close());

  it('answers a PUT of only the name with the required properties left empty, optional ones gone or at their default, and what the service assigns kept', async () => {
    const before = (await call(surface, 'GET', '/application/1')).json as Record<string, unknown>;
    expect(before).toMatchObject({ defaultPriority: expect.any(Number) as number, channel: expect.any(String) as string, registeredAt: expect.any(String) as string, owner: expect.any(String) as string, closedAt: expect.any(String) as string, notes: expect.any(String) as string });
    const replaced = await call(surface, 'PUT', '/application/1', { name: 'Backups' });
    expect(replaced.status).toBe(200);
    expect(replaced.json).toEqual({
      id: 1,
      name: 'Backups',
      description: '',
      sortKey: '',
      channel: 'stable',
      internal: before['internal'],
      image: before['image'],
      createdAt: before['createdAt'],
      token: before['token'],
      // Set by the service (its body, ApplicationParams, has neither): kept as they were.
      registeredAt: before['registeredAt'],
      owner: before['owner'],
      closedAt: before['closedAt'],
    });
    expect((await call(surface, 'GET', '/application/1')).json).toEqual(replaced.json);
    expect(surface.reportedErrors).toEqual([]);
  });

  it('creates a record from a partial body with nothing made up beside what the service assigns', async () => {
    const created = await call(surface, 'POST', '/application', { name: 'Phone', defaultPriority: 2 });
    expect(created.status).toBe(200);
    const record = created.json as Record<string, unknown>;
    expect(record).toMatchObject({ name: 'Phone', defaultPriority: 2, description: '', sortKey: '', channel: 'stable' });
    // registeredAt: a time the service sets, its create body not declaring it, stamped with the clock.
    expect(Object.keys(record).sort()).toEqual(['channel', 'createdAt', 'defaultPriority', 'description', 'id', 'image', 'internal', 'name', 'registeredAt', 'sortKey', 'token']);
    expect(record['registeredAt']).toBe(record['createdAt']);
  });

  it('merges a merge patch into the record held: an unsent property keeps its value, null removes an optional one and is refused for a required one', async () => {
    await call(surface, 'PUT', '/application/2', { name: 'Two', description: 'kept', defaultPriority: 5 });
    const patched = await call(surface, 'PATCH', '/application/2', { defaultPriority: null, name: 'Deux' }, 'application/merge-patch+json');
    expect(patched.status).toBe(200);
    expect(patched.json).toMatchObject({ name: 'Deux', description: 'kept' });
    expect(patched.json).not.toHaveProperty('defaultPriority');
    expect((await call(surface, 'PATCH', '/application/2', { description: null }, 'application/merge-patch+json')).status).toBe(400);
    expect((await call(surface, 'GET', '/application/2')).json).toMatchObject({ name: 'Deux', description: 'kept' });
  });
});

describe.each(surfaces)('a PUT whose body requires nothing changes the fields sent and keeps the rest, on %s (Linode’s and Hetzner’s updates)', (_name, open) => {
  let surface: Surface;
  beforeAll(async () => {
    surface = await open(findingAt('update-sends-only.yaml'));
  });
  afterAll(() => surface.close());

  it('answers a PUT of only the label with the region, type and tags kept, and reads it back so', async () => {
    const created = await call(surface, 'POST', '/instances', { label: 'web', region: 'eu-central', type: 'g6-nanode-1', tags: ['a', 'b'], watchdog_enabled: true, labels: { env: 'prod' } });
    expect(created.status).toBe(200);
    const { id } = created.json as { id: number };
    // It answered `{id, label: "db"}`: the region, type, tags and watchdog a PUT of the label did not send were gone.
    const updated = await call(surface, 'PUT', `/instances/${String(id)}`, { label: 'db' });
    expect(updated.status).toBe(200);
    expect(updated.json).toEqual({ id, label: 'db', region: 'eu-central', type: 'g6-nanode-1', tags: ['a', 'b'], watchdog_enabled: true, labels: { env: 'prod' } });
    // A property sent is set whole: the tags and labels are those sent, not merged with those held.
    const retagged = await call(surface, 'PUT', `/instances/${String(id)}`, { tags: ['c'], labels: { team: 'web' } });
    expect(retagged.json).toEqual({ id, label: 'db', region: 'eu-central', type: 'g6-nanode-1', tags: ['c'], watchdog_enabled: true, labels: { team: 'web' } });
    expect((await call(surface, 'GET', `/instances/${String(id)}`)).json).toEqual(retagged.json);
    expect(surface.reportedErrors).toEqual([]);
  });

  it('replaces the labels map a PUT of its own body sends, where it merged them member by member (Hetzner’s volumes)', async () => {
    const created = await call(surface, 'POST', '/volumes', { name: 'data', size: 10, labels: { env: 'prod', tier: 'db' } });
    expect(created.status).toBe(201);
    const { id } = created.json as { id: number };
    const updated = await call(surface, 'PUT', `/volumes/${String(id)}`, { labels: { team: 'web' } });
    expect(updated.json).toEqual({ id, name: 'data', size: 10, labels: { team: 'web' } });
    expect((await call(surface, 'GET', `/volumes/${String(id)}`)).json).toEqual(updated.json);
    expect(surface.reportedErrors).toEqual([]);
  });
});

describe.each(surfaces)('a nullable reference written allOf [$ref] beside nullable, on %s (JsonApiDotNetCore’s to-one relationships)', (_name, open) => {
  let surface: Surface;
  beforeAll(async () => {
    surface = await open(findingAt('nullable-reference.yaml'));
  });
  afterAll(() => surface.close());

  it('takes null where the document says null clears it, stores it, and still refuses what is neither the reference nor null', async () => {
    const created = await call(surface, 'POST', '/todos', { description: 'Plan', assignee: { type: 'people', id: '7' } });
    expect(created.status).toBe(201);
    const id = (created.json as { id: number }).id;
    const cleared = await call(surface, 'PATCH', `/todos/${String(id)}`, { assignee: null });
    expect(cleared.status).toBe(200);
    expect(cleared.json).toEqual({ id, description: 'Plan', assignee: null });
    expect((await call(surface, 'GET', `/todos/${String(id)}`)).json).toEqual({ id, description: 'Plan', assignee: null });
    expect((await call(surface, 'POST', '/todos', { description: 'Unassigned', assignee: null })).status).toBe(201);
    const refused = await call(surface, 'PATCH', `/todos/${String(id)}`, { assignee: { type: 'people' } });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.json)).toContain('assignee');
    expect((await call(surface, 'PATCH', `/todos/${String(id)}`, { assignee: 'nobody' })).status).toBe(400);
    expect(surface.reportedErrors).toEqual([]);
  });
});

describe.each(surfaces)('a delete and the records that named the deleted one, on %s (decision 0020)', (_name, open) => {
  let surface: Surface;
  beforeAll(async () => {
    surface = await open(findingAt('delete-references.yaml'));
  });
  afterAll(() => surface.close());

  it('sets a member’s nullable teamId to null when its team is deleted, and leaves a card’s required boardId, its board’s paths answering 404', async () => {
    const team = (await call(surface, 'POST', '/teams', { name: 'Night shift' })).json as { id: number };
    const member = (await call(surface, 'POST', `/teams/${String(team.id)}/members`, { name: 'Ada', teamId: team.id })).json as { id: number };
    expect((await call(surface, 'DELETE', `/teams/${String(team.id)}`)).status).toBe(204);
    expect((await call(surface, 'GET', `/members/${String(member.id)}`)).json).toEqual({ id: member.id, name: 'Ada', teamId: null });
    const board = (await call(surface, 'POST', '/boards', { title: 'Plans' })).json as { id: number };
    const card = (await call(surface, 'POST', `/boards/${String(board.id)}/cards`, { text: 'Draw', boardId: board.id })).json as { id: number };
    expect((await call(surface, 'DELETE', `/boards/${String(board.id)}`)).status).toBe(204);
    expect((await call(surface, 'GET', `/cards/${String(card.id)}`)).json).toEqual({ id: card.id, text: 'Draw', boardId: board.id });
    expect((await call(surface, 'GET', `/boards/${String(board.id)}/cards`)).status).toBe(404);
    expect(surface.reportedErrors).toEqual([]);
  });
});

describe.each(surfaces)('paths ending in a slash, ids and filters typed string, on %s (Django REST framework, Baby Buddy)', (_name, open) => {
  let surface: Surface;
  beforeAll(async () => {
    surface = await open(findingAt('independent-trailing-slash.yaml'));
  });
  afterAll(() => surface.close());

  it('keeps state at /api/notes/{id}/: created with a Location ending in a slash, read back, filtered by ?child=, replaced, deleted, then 404', async () => {
    const created = await surface.request('POST', '/api/notes/', { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ child: 12, note: 'Slept well' }) });
    expect(created.status).toBe(201);
    const note = (await created.json()) as { id: number };
    const location = created.headers.get('location') ?? '';
    expect(location).toBe(`/api/notes/${String(note.id)}/`);
    expect((await call(surface, 'GET', location)).json).toEqual({ id: note.id, child: 12, note: 'Slept well' });
    const filtered = (await call(surface, 'GET', '/api/notes/?child=12')).json as { count: number; results: { id: number }[] };
    expect(filtered.results.map(each => each.id)).toContain(note.id);
    expect(filtered.count).toBe(filtered.results.length);
    expect((await call(surface, 'PUT', location, { child: 12, note: 'Woke twice' })).json).toEqual({ id: note.id, child: 12, note: 'Woke twice' });
    expect((await call(surface, 'DELETE', location)).status).toBe(204);
    expect((await call(surface, 'GET', location)).status).toBe(404);
    expect(surface.reportedErrors).toEqual([]);
  });
});
