import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../src/index.js';
import { checkedEngine, findingAt } from '../support/checked-engine.js';
import { createMswSurface } from '../support/msw-surface.js';
import type { Surface } from '../contract/surface.js';

const ORDINAL_KEY = findingAt('swagger2-ordinal-key.yaml');
const JSON_TOKEN = { authorization: 'token dev', 'content-type': 'application/json' };

async function sent(engine: Engine, method: string, url: string, body?: object): Promise<{ status: number; location: string | undefined; body: Record<string, unknown> }> {
  const response = await engine.handle({ method, url, headers: JSON_TOKEN, ...(body !== undefined && { body: JSON.stringify(body) }) });
  return { status: response.status, location: response.headers['location'], body: response.body ? (JSON.parse(response.body) as Record<string, unknown>) : {} };
}

describe('records addressed by an ordinal named otherwise than their property (Gitea’s /issues/{index} for an issue’s number)', () => {
  it('keeps issues: a create answers its number and a Location that reads back, an edit is kept, a delete leaves a 404', async () => {
    const { engine, errors } = await checkedEngine(ORDINAL_KEY);
    const created = await sent(engine, 'POST', '/api/v1/repos/alice/demo/issues', { title: 'Crash on start' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ title: 'Crash on start', number: expect.any(Number) as number });
    expect(created.location).toBe(`/api/v1/repos/alice/demo/issues/${String(created.body['number'])}`);
    const location = created.location ?? '';
    expect((await sent(engine, 'GET', location)).body).toEqual(created.body);
    expect((await sent(engine, 'PATCH', location, { state: 'closed' })).body).toMatchObject({ title: 'Crash on start', state: 'closed' });
    expect((await sent(engine, 'GET', location)).body).toMatchObject({ state: 'closed' });
    expect((await sent(engine, 'DELETE', location)).status).toBe(204);
    const gone = await sent(engine, 'GET', location);
    expect(gone.status).toBe(404);
    expect(gone.body).toMatchObject({ message: `No issue has number ${String(created.body['number'])}.` });
    expect(errors).toEqual([]);
  });

  it('keeps each repository’s issues apart, a repository never written holding none of them', async () => {
    const { engine, errors } = await checkedEngine(ORDINAL_KEY);
    const created = await sent(engine, 'POST', '/api/v1/repos/alice/demo/issues', { title: 'Only here' });
    const number = String(created.body['number']);
    expect((await sent(engine, 'GET', `/api/v1/repos/nobody/x/issues/${number}`)).status).toBe(404);
    expect(errors).toEqual([]);
  });

  describe('through the MSW handlers in Node', () => {
    let surface: Surface;
    beforeAll(async () => {
      surface = await createMswSurface({ documentPath: ORDINAL_KEY, seed: 7, validateResponses: true }, 'https://gitea.example');
    });
    afterAll(() => surface.close());

    it('answers the same round trip, with a token in the query as well as in the header', async () => {
      const created = await surface.request('POST', '/api/v1/repos/alice/demo/issues?token=dev', { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ title: 'From MSW' }) });
      expect(created.status).toBe(201);
      const location = created.headers.get('location') ?? '';
      expect(location).toMatch(/^\/api\/v1\/repos\/alice\/demo\/issues\/\d+$/);
      const read = await surface.request('GET', location, { headers: { authorization: 'token dev' } });
      expect(await read.json()).toMatchObject({ title: 'From MSW' });
      expect((await surface.request('DELETE', location, { headers: { authorization: 'Basic YWxpY2U6cHc=' } })).status).toBe(204);
      expect((await surface.request('GET', location, { headers: { authorization: 'token dev' } })).status).toBe(404);
      expect((await surface.request('GET', location)).status).toBe(401);
      expect(surface.reportedErrors).toEqual([]);
    });
  });
});

describe('filter parameters whose values are of another kind than the property’s (Gitea’s hooks and milestones)', () => {
  const FILTER_VALUES = findingAt('swagger2-filter-values.yaml');
  const listed = async (engine: Engine, url: string): Promise<Record<string, unknown>[]> => JSON.parse((await engine.handle({ method: 'GET', url, headers: {} })).body ?? '[]') as Record<string, unknown>[];

  it('lists hooks by a type parameter none of whose values a hook’s type takes as if it were not sent, its default included', async () => {
    const { engine, errors } = await checkedEngine(FILTER_VALUES);
    const created = await sent(engine, 'POST', '/api/v1/admin/hooks', { type: 'discord', active: true });
    expect(created.status).toBe(201);
    const all = await listed(engine, '/api/v1/admin/hooks');
    expect(all.length).toBeGreaterThan(1);
    expect(all).toContainEqual(created.body);
    expect(await listed(engine, '/api/v1/admin/hooks?type=default')).toEqual(all);
    expect(errors).toEqual([]);
  });

  it('keeps every milestone for state=all, a value the parameter declares and a milestone never holds, and filters by the others', async () => {
    const { engine, errors } = await checkedEngine(FILTER_VALUES);
    const every = await listed(engine, '/api/v1/milestones');
    expect(new Set(every.map(milestone => milestone.state))).toEqual(new Set(['open', 'closed']));
    expect(await listed(engine, '/api/v1/milestones?state=all')).toEqual(every);
    const open = await listed(engine, '/api/v1/milestones?state=open');
    expect(open.length).toBeGreaterThan(0);
    expect(open.every(milestone => milestone.state === 'open')).toBe(true);
    expect(errors).toEqual([]);
  });

  it('lists a pull request created without a state under the state parameter’s default, and not when a state is sent', async () => {
    const { engine, errors } = await checkedEngine(FILTER_VALUES);
    const created = await sent(engine, 'POST', '/api/v1/pulls', { title: 'No state sent' });
    expect(created.status).toBe(201);
    expect(created.body).not.toHaveProperty('state');
    const byDefault = await listed(engine, '/api/v1/pulls');
    expect(byDefault).toContainEqual(created.body);
    expect(byDefault.every(pull => pull.state === 'open' || pull.state === undefined)).toBe(true);
    expect(await listed(engine, '/api/v1/pulls?state=open')).not.toContainEqual(created.body);
    expect(errors).toEqual([]);
  });
});

describe('a record that holds an array of another collection’s records (Gitea’s pull request of a commit)', () => {
  it('answers GET /commits/{sha}/pull as one pull request, never as a page of the labels the store holds', async () => {
    const { engine, errors } = await checkedEngine(findingAt('swagger2-record-holding-array.yaml'));
    const labels = JSON.parse((await engine.handle({ method: 'GET', url: '/api/v1/labels', headers: {} })).body ?? '[]') as unknown[];
    expect(labels.length).toBeGreaterThan(0);
    const pull = await sent(engine, 'GET', '/api/v1/commits/abc123/pull');
    expect(pull.status).toBe(200);
    expect(pull.body['labels']).not.toEqual(labels);
    expect(errors).toEqual([]);
  });
});

describe('a path below a record’s item path named after one of its properties (Gitea’s /issues/{index}/assignees)', () => {
  it('is an action on that issue: it creates no issue, answers 404 for a missing one, and leaves the issues listed as they were', async () => {
    const { engine, errors } = await checkedEngine(ORDINAL_KEY);
    const before = (await sent(engine, 'GET', '/api/v1/repos/alice/demo/issues?limit=50')).body;
    const added = await sent(engine, 'POST', '/api/v1/repos/alice/demo/issues/2/assignees', { assignees: ['bob'] });
    expect(added.status).toBe(201);
    expect(added.location).toBeUndefined();
    expect((await sent(engine, 'GET', '/api/v1/repos/alice/demo/issues?limit=50')).body).toEqual(before);
    const missing = await sent(engine, 'POST', '/api/v1/repos/alice/demo/issues/999/assignees', { assignees: ['bob'] });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ message: 'No issue has number 999.' });
    const removed = await sent(engine, 'DELETE', '/api/v1/repos/alice/demo/issues/2/assignees/bob');
    expect(removed.status).toBe(200);
    expect((await sent(engine, 'GET', '/api/v1/repos/alice/demo/issues/2')).status).toBe(200);
    expect(errors).toEqual([]);
  });
});
