import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { describeResources } from '../../src/cli/describe-document.js';
import { createEngine, type Engine } from '../../src/index.js';
import { checkedEngine, findingAt } from '../support/checked-engine.js';

interface Answer {
  status: number;
  headers: Record<string, string>;
  json: unknown;
}

async function call(engine: Engine, method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const response = await engine.handle({ method, url, headers: { 'content-type': 'application/json', authorization: 'Bearer token', ...headers }, ...(body !== undefined && { body: JSON.stringify(body) }) });
  return { status: response.status, headers: response.headers, json: response.body ? (JSON.parse(response.body) as unknown) : undefined };
}

const lengthOf = (answer: Answer): number => (answer.json as unknown[]).length;

describe('a POST on an action path is no create (independent finding 2, Keycloak)', () => {
  it('answers an action below a client from the document, 404 for a missing client, and never adds a phantom client; a sibling taking a string creates nothing', async () => {
    const { engine, errors } = await checkedEngine(findingAt('independent-action-post-creates.yaml'));
    const before = lengthOf(await call(engine, 'GET', '/clients'));
    const missing = await call(engine, 'POST', '/clients/nope/registration-access-token');
    expect(missing.status).toBe(404);
    const existing = (await call(engine, 'POST', '/clients', { clientId: 'app2' })).headers['location'];
    expect(existing).toMatch(/^\/clients\/.+/);
    const acted = await call(engine, 'POST', `${existing ?? ''}/registration-access-token`);
    expect(acted.status).toBe(200);
    expect(acted.headers['location']).toBeUndefined();
    const converted = await call(engine, 'POST', '/client-description-converter', '<EntityDescriptor/>');
    expect(converted.status).toBe(200);
    expect(converted.headers['location']).toBeUndefined();
    expect(lengthOf(await call(engine, 'GET', '/clients'))).toBe(before + 1);
    const banner = describeResources(engine.document).join('\n');
    expect(banner).toContain('not inferred: postRegistrationAccessToken: an action on a client');
    expect(banner).toContain('not inferred: postClientDescriptionConverter: its request body is not a client');
    expect(banner).toMatch(/state kept for 1 collection\(s\): clients \(\/clients, \/clients\/\{id\}\)/);
    expect(errors).toEqual([]);
  });
});

describe('a path segment above the collection that names no parent (independent finding 1, Keycloak realms)', () => {
  it('builds Location from the realm the request names, and says at start that the realm keeps clients apart', async () => {
    const { engine, errors } = await checkedEngine(findingAt('independent-tenant-path.yaml'));
    const created = await call(engine, 'POST', '/admin/realms/master/clients', { clientId: 'app2' });
    expect(created.status).toBe(201);
    const location = created.headers['location'] ?? '';
    expect(location).toMatch(/^\/admin\/realms\/master\/clients\/[^{}/]+$/);
    expect(await call(engine, 'GET', location)).toMatchObject({ status: 200, json: { clientId: 'app2' } });
    const banner = describeResources(engine.document).join('\n');
    expect(banner).toContain('records kept apart per value of a path segment: clients by {realm}');
    expect(errors).toEqual([]);
  });
});

describe('a page wrapper’s own fields (independent finding 6, eShop and the FastAPI template)', () => {
  it('answers pageIndex as the page sent (its default 0 when none), pageSize as sent, and count as every record the query matches', async () => {
    const { engine, errors } = await checkedEngine(findingAt('independent-page-index.yaml'));
    const second = await call(engine, 'GET', '/api/catalog/items?PageSize=3&PageIndex=1');
    expect(second.status).toBe(200);
    expect(second.json).toMatchObject({ pageIndex: 1, pageSize: 3, count: 20 });
    expect((second.json as { data: { id: number }[] }).data.map(item => item.id)).toEqual([4, 5, 6]);
    expect((await call(engine, 'GET', '/api/catalog/items')).json).toMatchObject({ pageIndex: 0, pageSize: 10, count: 20 });
    expect(errors).toEqual([]);
  });

  it('answers FastAPI’s {data, count} with count the total, not the page’s length', async () => {
    const { engine, errors } = await checkedEngine(findingAt('independent-page-count.yaml'));
    const page = await call(engine, 'GET', '/api/v1/items/?skip=3&limit=3');
    expect(page.status).toBe(200);
    expect((page.json as { data: unknown[] }).data).toHaveLength(3);
    expect(page.json).toMatchObject({ count: 20 });
    expect(errors).toEqual([]);
  });
});

describe('stateful answers in the media type and with the headers the operation declares (independent findings 4 and 8, JsonApiDotNetCore)', () => {
  const VENDOR = 'application/vnd.api+json; ext="https://www.jsonapi.net/ext/openapi"';

  it('answers a list, a create and a read in the declared vendor JSON type, each passing response validation', async () => {
    const { engine, errors } = await checkedEngine(findingAt('independent-vendor-media-type.yaml'));
    const list = await call(engine, 'GET', '/tags');
    expect(list.status).toBe(200);
    expect(list.headers['content-type']).toBe(VENDOR);
    const created = await call(engine, 'POST', '/tags', { name: 'new' }, { 'content-type': VENDOR, accept: VENDOR });
    expect(created).toMatchObject({ status: 201, json: { name: 'new' } });
    expect(created.headers['content-type']).toBe(VENDOR);
    const read = await call(engine, 'GET', created.headers['location'] ?? '');
    expect(read).toMatchObject({ status: 200, json: created.json });
    expect(read.headers['content-type']).toBe(VENDOR);
    expect(errors).toEqual([]);
  });

  it('sends a required ETag on every read, taken from the record’s content: the same while it is unchanged, another once it changes', async () => {
    const { engine, errors } = await checkedEngine(findingAt('independent-required-response-header.yaml'));
    const list = await call(engine, 'GET', '/todo-items');
    expect(list.status).toBe(200);
    expect(list.headers['etag']).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
    const first = await call(engine, 'GET', '/todo-items/1');
    expect(first.status).toBe(200);
    expect((await call(engine, 'GET', '/todo-items/1')).headers['etag']).toBe(first.headers['etag']);
    expect((await call(engine, 'GET', '/todo-items/2')).headers['etag']).not.toBe(first.headers['etag']);
    expect((await call(engine, 'POST', '/todo-items', { description: 'Write the report' })).status).toBe(201);
    expect((await call(engine, 'GET', '/todo-items')).headers['etag']).not.toBe(list.headers['etag']);
    expect(errors).toEqual([]);
  });
});

describe('a key parameter that names the property with the record’s noun (independent finding 5, Keycloak roles)', () => {
  it('keys roles by name under /roles/{role-name}, points Location there, and finds a seeded role by its id under /roles-by-id/{role-id}', async () => {
    const { engine, errors } = await checkedEngine(findingAt('independent-hyphenated-key.yaml'));
    const created = await call(engine, 'POST', '/roles', { name: 'admin', description: 'realm admin' });
    expect(created.status).toBe(201);
    expect(created.headers['location']).toBe('/roles/admin');
    expect(await call(engine, 'GET', '/roles/admin')).toMatchObject({ status: 200, json: { name: 'admin' } });
    const seeded = (await call(engine, 'GET', '/roles')).json as { id: string; name: string }[];
    const first = seeded[0];
    expect(first).toBeDefined();
    expect(await call(engine, 'GET', `/roles-by-id/${encodeURIComponent(first?.id ?? '')}`)).toMatchObject({ status: 200, json: first });
    expect((await call(engine, 'GET', '/roles-by-id/no-such-id')).status).toBe(404);
    expect((await call(engine, 'DELETE', '/roles/admin')).status).toBe(204);
    expect((await call(engine, 'GET', '/roles/admin')).status).toBe(404);
    expect(errors).toEqual([]);
  });
});

describe('a collection at the server’s own path (independent finding 9, Keycloak realms)', () => {
  it('keeps /{realm} as the item path of /, named realms after the server path: a created realm reads back, and a delete removes it', async () => {
    const { engine, errors } = await checkedEngine(findingAt('independent-root-collection.yaml'));
    expect(describeResources(engine.document)[0]).toBe('state kept for 1 collection(s): realms (/, /{realm})');
    const created = await call(engine, 'POST', '/admin/realms/', { realm: 'acme', enabled: true });
    expect(created.status).toBe(201);
    expect(created.headers['location']).toBe('/admin/realms/acme');
    expect(await call(engine, 'GET', '/admin/realms/acme')).toMatchObject({ status: 200, json: { realm: 'acme', enabled: true } });
    const before = lengthOf(await call(engine, 'GET', '/admin/realms/'));
    expect((await call(engine, 'DELETE', '/admin/realms/acme')).status).toBe(204);
    expect((await call(engine, 'GET', '/admin/realms/acme')).status).toBe(404);
    expect(lengthOf(await call(engine, 'GET', '/admin/realms/'))).toBe(before - 1);
    expect(errors).toEqual([]);
  });
});

describe('filtered views named by the path, and a plural of the key (independent finding 7, eShop)', () => {
  it('lists by {name} and by {typeId}/{brandId} as the properties they name, and ?ids= by key; a new item appears in each', async () => {
    const { engine, errors } = await checkedEngine(findingAt('independent-path-views.yaml'));
    const created = await call(engine, 'POST', '/api/catalog/items', { name: 'Mug', catalogTypeId: 1, catalogBrandId: 2 });
    expect(created.status).toBe(201);
    const id = Number((created.headers['location'] ?? '').split('/').at(-1));
    expect(Number.isInteger(id)).toBe(true);
    const byName = (await call(engine, 'GET', '/api/catalog/items/by/Mug')).json as { id: number; name: string }[];
    expect(byName.map(item => item.name)).toEqual(byName.map(() => 'Mug'));
    expect(byName.map(item => item.id)).toContain(id);
    const byTypeAndBrand = (await call(engine, 'GET', '/api/catalog/items/type/1/brand/2')).json as { id: number; catalogTypeId: number; catalogBrandId: number }[];
    expect(byTypeAndBrand.every(item => item.catalogTypeId === 1 && item.catalogBrandId === 2)).toBe(true);
    expect(byTypeAndBrand.map(item => item.id)).toContain(id);
    const byIds = (await call(engine, 'GET', `/api/catalog/items/by?ids=1&ids=${String(id)}`)).json as { id: number }[];
    expect(byIds.map(item => item.id)).toEqual([1, id]);
    expect(describeResources(engine.document)[0]).toBe('state kept for 1 collection(s): items (/api/catalog/items, /api/catalog/items/{id})');
    expect(errors).toEqual([]);
  });

  it('reads views that answer a page (eShop’s PaginatedItems at /items/by/{name}) as views, not as item paths: a new item is in its page, counted', async () => {
    const { engine, errors } = await checkedEngine(fileURLToPath(new URL('../documents/real-world/eshop-catalog.json', import.meta.url)));
    const banner = describeResources(engine.document);
    expect(banner[0]).toBe('state kept for 1 collection(s): items (/api/catalog/items, /api/catalog/items/{id})');
    expect(banner.join('\n')).not.toContain('GetItemsByName');
    const created = await call(engine, 'POST', '/api/catalog/items?api-version=1.0', { name: 'Zebra Mug', price: 3, catalogTypeId: 1, catalogBrandId: 2 });
    expect(created.status).toBe(201);
    expect(await call(engine, 'GET', '/api/catalog/items/by/Zebra%20Mug?api-version=1.0')).toMatchObject({ status: 200, json: { pageIndex: 0, pageSize: 10, count: 1, data: [{ name: 'Zebra Mug' }] } });
    const byBrand = (await call(engine, 'GET', '/api/catalog/items/type/all/brand/2?api-version=1.0&PageSize=100')).json as { count: number; data: { catalogBrandId: number; name: string }[] };
    expect(byBrand.data.every(item => item.catalogBrandId === 2)).toBe(true);
    expect(byBrand.data.map(item => item.name)).toContain('Zebra Mug');
    expect(byBrand.count).toBe(byBrand.data.length);
    expect(errors).toEqual([]);
  });
});

describe('a read-only integer id beside a slug key (independent finding 12, Baby Buddy)', () => {
  it('numbers the seeded records 1 to n and each new one after the highest, whatever its body held', async () => {
    const { engine, errors } = await checkedEngine(findingAt('independent-readonly-id-beside-slug.yaml'));
    const seeded = (await call(engine, 'GET', '/api/children/')).json as { id: number }[];
    expect(seeded.map(child => child.id)).toEqual(seeded.map((_, index) => index + 1));
    const created = await call(engine, 'POST', '/api/children/', { first_name: 'Ada', id: 5 });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ id: seeded.length + 1, first_name: 'Ada' });
    const next = await call(engine, 'POST', '/api/children/', { first_name: 'Grace' });
    expect(next.json).toMatchObject({ id: seeded.length + 2 });
    const ids = ((await call(engine, 'GET', '/api/children/')).json as { id: number }[]).map(child => child.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(errors).toEqual([]);
  });

  it('seeds records that name another collection’s by a property called after it (finding 13): a note’s child by its number, its user by username', async () => {
    const { engine, errors } = await checkedEngine(findingAt('independent-readonly-id-beside-slug.yaml'));
    const children = new Set(((await call(engine, 'GET', '/api/children/')).json as { id: number }[]).map(child => child.id));
    const users = new Set(((await call(engine, 'GET', '/api/users/')).json as { username: string }[]).map(user => user.username));
    const notes = (await call(engine, 'GET', '/api/notes/')).json as { child: number; user?: string }[];
    expect(notes.length).toBeGreaterThan(0);
    for (const note of notes) {
      expect(children.has(note.child), `child ${note.child}`).toBe(true);
      if (note.user !== undefined) expect(users.has(note.user), `user ${note.user}`).toBe(true);
    }
    expect(notes.some(note => note.user !== undefined)).toBe(true);
    expect(errors).toEqual([]);
  });
});

describe('an RPC-style create (independent finding 14, Docker)', () => {
  it('reads POST /networks/create, which answers only the key, as the create of networks: the Id it answers reads back, is listed and is deleted', async () => {
    const { engine, errors } = await checkedEngine(findingAt('independent-rpc-create.yaml'));
    const created = await call(engine, 'POST', '/v1.45/networks/create', { Name: 'backend', Labels: { team: 'a' } });
    expect(created.status).toBe(201);
    const { Id: id } = created.json as { Id: string };
    expect(created.headers['location']).toBe(`/v1.45/networks/${id}`);
    // `Created` (`format: dateTime`, Docker's spelling of date-time) is the service's: the mock's clock at the create.
    expect((await call(engine, 'GET', `/v1.45/networks/${id}`)).json).toEqual({ Id: id, Name: 'backend', Labels: { team: 'a' }, Created: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/) as unknown });
    expect(((await call(engine, 'GET', '/v1.45/networks')).json as { Id: string }[]).map(network => network.Id)).toContain(id);
    expect((await call(engine, 'DELETE', `/v1.45/networks/${id}`)).status).toBe(204);
    expect((await call(engine, 'GET', `/v1.45/networks/${id}`)).status).toBe(404);
    expect((await call(engine, 'POST', '/v1.45/networks/create', { Driver: 'bridge' })).status).toBe(400);
    expect(errors).toEqual([]);
  });
});

describe('a property named after another collection that says more than its name', () => {
  it('keeps its own values where its schema narrows them (an enum): seeded posts are not dropped for naming tags the enum refuses', async () => {
    const tag = { type: 'object', required: ['name'], properties: { name: { type: 'string' } } };
    const post = { type: 'object', required: ['title', 'tag'], properties: { id: { type: 'integer', readOnly: true }, title: { type: 'string' }, tag: { type: 'string', enum: ['news', 'blog'] } } };
    const json = (schema: unknown): unknown => ({ content: { 'application/json': { schema } } });
    const document = {
      openapi: '3.0.3',
      info: { title: 'Posts and tags', version: '1' },
      paths: {
        '/tags': { get: { operationId: 'listTags', responses: { '200': { description: 'Tags', ...(json({ type: 'array', items: tag }) as object) } } }, post: { operationId: 'createTag', requestBody: json(tag), responses: { '201': { description: 'Made', ...(json(tag) as object) } } } },
        '/tags/{name}': { get: { operationId: 'getTag', parameters: [{ name: 'name', in: 'path', required: true, schema: { type: 'string' } }], responses: { '200': { description: 'A tag', ...(json(tag) as object) } } } },
        '/posts': { get: { operationId: 'listPosts', responses: { '200': { description: 'Posts', ...(json({ type: 'array', items: post }) as object) } } }, post: { operationId: 'createPost', requestBody: json(post), responses: { '201': { description: 'Made', ...(json(post) as object) } } } },
      },
    };
    const engine = await createEngine({ document, validateResponses: true, seed: 7 });
    const posts = (await call(engine, 'GET', '/posts')).json as { tag: string }[];
    expect(posts.length).toBe(20);
    expect(posts.every(each => each.tag === 'news' || each.tag === 'blog')).toBe(true);
  });

  it('keeps its own value where the one a parent gives breaks a bound it sets: seeded notes are not dropped for naming children past child’s maximum', async () => {
    const child = { type: 'object', required: ['name'], properties: { id: { type: 'integer', readOnly: true }, name: { type: 'string' }, slug: { type: 'string', readOnly: true } } };
    const note = { type: 'object', required: ['text', 'child'], properties: { id: { type: 'integer', readOnly: true }, text: { type: 'string' }, child: { type: 'integer', minimum: 1, maximum: 3 } } };
    const json = (schema: unknown): object => ({ content: { 'application/json': { schema } } });
    const document = {
      openapi: '3.0.3',
      info: { title: 'Notes on children', version: '1' },
      paths: {
        '/children': { get: { operationId: 'listChildren', responses: { '200': { description: 'Children', ...json({ type: 'array', items: child }) } } }, post: { operationId: 'createChild', requestBody: json(child), responses: { '201': { description: 'Made', ...json(child) } } } },
        '/children/{slug}': { get: { operationId: 'getChild', parameters: [{ name: 'slug', in: 'path', required: true, schema: { type: 'string' } }], responses: { '200': { description: 'A child', ...json(child) } } } },
        '/notes': { get: { operationId: 'listNotes', responses: { '200': { description: 'Notes', ...json({ type: 'array', items: note }) } } }, post: { operationId: 'createNote', requestBody: json(note), responses: { '201': { description: 'Made', ...json(note) } } } },
      },
    };
    const engine = await createEngine({ document, validateResponses: true, seed: 7 });
    const notes = (await call(engine, 'GET', '/notes')).json as { child: number }[];
    expect(notes.length).toBe(20);
    expect(notes.every(each => each.child >= 1 && each.child <= 3)).toBe(true);
  });
});
