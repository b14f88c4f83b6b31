import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../src/index.js';
import { checkedEngine, findingAt } from '../support/checked-engine.js';
import { createMswSurface } from '../support/msw-surface.js';
import type { Surface } from '../contract/surface.js';

const NAME_OR_ID = findingAt('swagger2-name-or-id.yaml');
const BASIC_JSON = { authorization: 'Basic YWRtaW46cHc=', 'content-type': 'application/json' };

interface Answer {
  status: number;
  location: string | undefined;
  body: unknown;
}

async function sent(engine: Engine, method: string, url: string, body?: object): Promise<Answer> {
  const response = await engine.handle({ method, url, headers: BASIC_JSON, ...(body !== undefined && { body: JSON.stringify(body) }) });
  return { status: response.status, location: response.headers['location'], body: response.body ? (JSON.parse(response.body) as unknown) : undefined };
}

describe('records a path names by either of two properties (Harbor’s /projects/{project_name_or_id})', () => {
  it('keeps projects: a create stores the name its body spells project_name, and the project reads back by its id and by its name', async () => {
    const { engine, errors } = await checkedEngine(NAME_OR_ID);
    const created = await sent(engine, 'POST', '/api/v2.0/projects', { project_name: 'demo', storage_limit: 5 });
    expect(created.status).toBe(201);
    expect(created.location).toMatch(/^\/api\/v2\.0\/projects\/\d+$/);
    const byId = await sent(engine, 'GET', created.location ?? '');
    expect(byId.body).toMatchObject({ name: 'demo', storage_limit: 5, project_id: expect.any(Number) as number });
    expect(await sent(engine, 'GET', '/api/v2.0/projects/demo')).toMatchObject({ status: 200, body: byId.body });
    expect((await sent(engine, 'GET', '/api/v2.0/projects?name=demo')).body).toEqual([byId.body]);
    expect((await sent(engine, 'PUT', '/api/v2.0/projects/demo', { project_name: 'demo', storage_limit: 9 })).status).toBe(200);
    expect((await sent(engine, 'GET', created.location ?? '')).body).toMatchObject({ name: 'demo', storage_limit: 9 });
    expect((await sent(engine, 'DELETE', '/api/v2.0/projects/demo')).status).toBe(200);
    const gone = await sent(engine, 'GET', '/api/v2.0/projects/demo');
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ errors: [{ code: 'project_not_found', message: 'No project has project_id or name demo.' }] });
    expect(errors).toEqual([]);
  });

  it('stamps the creation_time a project holds but its create body does not declare with the clock, and an update keeps it', async () => {
    const { engine, errors } = await checkedEngine(NAME_OR_ID, { now: '2030-12-05T10:00:00Z' });
    const created = await sent(engine, 'POST', '/api/v2.0/projects', { project_name: 'stamped' });
    expect(created.status).toBe(201);
    const stored = await sent(engine, 'GET', created.location ?? '');
    expect(stored.body).toMatchObject({ name: 'stamped', creation_time: '2030-12-05T10:00:00.000Z' });
    // An update sends what the client sets (ProjectReq): the time the service stamped stays as it was.
    expect((await sent(engine, 'PUT', created.location ?? '', { project_name: 'stamped', storage_limit: 3 })).status).toBe(200);
    expect((await sent(engine, 'GET', created.location ?? '')).body).toEqual({ ...(stored.body as object), storage_limit: 3 });
    expect(errors).toEqual([]);
  });

  it('keeps a project’s members under it, reached by its name or its id, and answers 404 under another project', async () => {
    const { engine, errors } = await checkedEngine(NAME_OR_ID);
    const project = await sent(engine, 'POST', '/api/v2.0/projects', { project_name: 'team' });
    const id = (project.location ?? '').split('/').pop() ?? '';
    const member = await sent(engine, 'POST', '/api/v2.0/projects/team/members', { role_id: 2, entity_name: 'alice' });
    expect(member.status).toBe(201);
    expect(member.location).toMatch(new RegExp(`^/api/v2\\.0/projects/${id}/members/\\d+$`));
    expect((await sent(engine, 'GET', member.location ?? '')).body).toMatchObject({ role_id: 2, entity_name: 'alice', project_id: Number(id) });
    expect((await sent(engine, 'GET', `/api/v2.0/projects/${id}/members`)).body).toEqual((await sent(engine, 'GET', '/api/v2.0/projects/team/members')).body);
    expect((await sent(engine, 'GET', '/api/v2.0/projects/team/members')).body).toHaveLength(1);
    expect((await sent(engine, 'GET', '/api/v2.0/projects/nobody/members')).status).toBe(404);
    expect(errors).toEqual([]);
  });

  it('finds the parent a path names by its name only (/projects/{project_name}/policies), and answers a Location by that name', async () => {
    const { engine, errors } = await checkedEngine(NAME_OR_ID);
    await sent(engine, 'POST', '/api/v2.0/projects', { project_name: 'ops' });
    const policy = await sent(engine, 'POST', '/api/v2.0/projects/ops/policies', { name: 'nightly', trigger: 'cron' });
    expect(policy.status).toBe(201);
    expect(policy.location).toBe('/api/v2.0/projects/ops/policies/nightly');
    expect((await sent(engine, 'GET', policy.location ?? '')).body).toMatchObject({ name: 'nightly', trigger: 'cron' });
    expect((await sent(engine, 'GET', '/api/v2.0/projects/ops/policies')).body).toEqual([expect.objectContaining({ name: 'nightly' })]);
    const missing = await sent(engine, 'GET', '/api/v2.0/projects/nobody/policies/nightly');
    expect(missing).toMatchObject({ status: 404, body: { errors: [{ code: 'project_not_found', message: 'No project has name nobody.' }] } });
    expect(errors).toEqual([]);
  });
});

describe('a key parameter that names the record with words of its path before its noun (Harbor’s {preheat_instance_name})', () => {
  it('keeps instances by name: created, read back at its Location, deleted, 404 after', async () => {
    const { engine, errors } = await checkedEngine(NAME_OR_ID);
    const created = await sent(engine, 'POST', '/api/v2.0/preheat/instances', { name: 'kraken', endpoint: 'http://kraken.local' });
    expect(created).toMatchObject({ status: 201, location: '/api/v2.0/preheat/instances/kraken' });
    expect((await sent(engine, 'GET', '/api/v2.0/preheat/instances/kraken')).body).toMatchObject({ name: 'kraken', endpoint: 'http://kraken.local' });
    expect((await sent(engine, 'DELETE', '/api/v2.0/preheat/instances/kraken')).status).toBe(200);
    expect((await sent(engine, 'GET', '/api/v2.0/preheat/instances/kraken')).status).toBe(404);
    expect(errors).toEqual([]);
  });
});

describe('through the MSW handlers in Node', () => {
  let surface: Surface;
  beforeAll(async () => {
    surface = await createMswSurface({ documentPath: NAME_OR_ID, seed: 7, validateResponses: true }, 'https://harbor.example');
  });
  afterAll(() => surface.close());

  it('answers the same round trip by name and by id, and 401 without credentials', async () => {
    const created = await surface.request('POST', '/api/v2.0/projects', { headers: BASIC_JSON, body: JSON.stringify({ project_name: 'msw' }) });
    expect(created.status).toBe(201);
    const location = created.headers.get('location') ?? '';
    expect(location).toMatch(/^\/api\/v2\.0\/projects\/\d+$/);
    const byName = await surface.request('GET', '/api/v2.0/projects/msw', { headers: BASIC_JSON });
    expect(await byName.json()).toEqual(await (await surface.request('GET', location, { headers: BASIC_JSON })).json());
    expect((await surface.request('POST', '/api/v2.0/projects/msw/policies', { headers: BASIC_JSON, body: JSON.stringify({ name: 'p1' }) })).headers.get('location')).toBe('/api/v2.0/projects/msw/policies/p1');
    expect((await surface.request('DELETE', '/api/v2.0/projects/msw', { headers: BASIC_JSON })).status).toBe(200);
    expect((await surface.request('GET', location, { headers: BASIC_JSON })).status).toBe(404);
    expect((await surface.request('GET', '/api/v2.0/projects/msw')).status).toBe(401);
    expect(surface.reportedErrors).toEqual([]);
  });
});

describe('children under a parent the path names by another property than its key (review of the Harbor rules)', () => {
  it('keep the code the path gives in a child property named as the parameter, and read and list the child by it', async () => {
    const { engine, errors } = await checkedEngine(findingAt('swagger2-parent-by-code.yaml'));
    const store = await engine.handle({ method: 'POST', url: '/stores', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code: 'north', name: 'North' }) });
    expect(store.status).toBe(201);
    const created = await engine.handle({ method: 'POST', url: '/stores/north/products', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ sku: 'A1', title: 'Lamp' }) });
    expect(created.status).toBe(201);
    expect(JSON.parse(created.body ?? '{}')).toMatchObject({ sku: 'A1', store_code: 'north' });
    expect(created.headers['location']).toBe('/stores/north/products/A1');
    const read = await engine.handle({ method: 'GET', url: '/stores/north/products/A1', headers: {} });
    expect(read.status).toBe(200);
    expect(JSON.parse(read.body ?? '[]')).toMatchObject({ sku: 'A1', store_code: 'north' });
    expect(JSON.parse((await engine.handle({ method: 'GET', url: '/stores/north/products', headers: {} })).body ?? '[]')).toEqual([expect.objectContaining({ sku: 'A1' })]);
    expect(errors).toEqual([]);
  });

  it('answer 404 for a value no parent holds as that property, though it is another parent’s key', async () => {
    const { engine } = await checkedEngine(findingAt('swagger2-parent-by-code.yaml'));
    const stores = JSON.parse((await engine.handle({ method: 'GET', url: '/stores', headers: {} })).body ?? '[]') as { id: number; code?: string }[];
    const id = stores.find(store => store.code !== String(store.id))?.id;
    expect(id).toBeDefined();
    const listed = await engine.handle({ method: 'GET', url: `/stores/${String(id)}/products`, headers: {} });
    expect(listed.status).toBe(404);
    expect(JSON.parse(listed.body ?? '{}')).toMatchObject({ message: `No store has code ${String(id)}.` });
    const created = await engine.handle({ method: 'POST', url: `/stores/${String(id)}/products`, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ sku: 'B2' }) });
    expect(created.status).toBe(404);
  });
});

describe('a remembered read of a record a path names by its key or another property (review of the Harbor rules)', () => {
  it('is read again after a create makes the value a key: the key wins over a name', async () => {
    const { engine, errors } = await checkedEngine(NAME_OR_ID);
    const named = await sent(engine, 'POST', '/api/v2.0/projects', { project_name: 'next', storage_limit: 1 });
    const nextId = Number(/(\d+)$/.exec(named.location ?? '')?.[1]) + 1;
    const renamed = await sent(engine, 'PUT', named.location ?? '', { project_name: String(nextId), storage_limit: 1 });
    expect(renamed.status).toBe(200);
    for (let read = 0; read < 3; read++) expect((await sent(engine, 'GET', `/api/v2.0/projects/${String(nextId)}`)).body).toMatchObject({ name: String(nextId) });
    const created = await sent(engine, 'POST', '/api/v2.0/projects', { project_name: 'keyed', storage_limit: 2 });
    expect(created.location).toBe(`/api/v2.0/projects/${String(nextId)}`);
    expect((await sent(engine, 'GET', `/api/v2.0/projects/${String(nextId)}`)).body).toMatchObject({ project_id: nextId, name: 'keyed' });
    expect((await sent(engine, 'GET', `/api/v2.0/projects/${String(nextId)}/members`)).status).toBe(200);
    expect(errors).toEqual([]);
  });
});
