import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findListShape, firstPageOf } from '../../src/document/resources/index.js';
import { createEngine, type Engine } from '../../src/index.js';

const HETZNER_SHAPES = fileURLToPath(new URL('../documents/findings/hetzner-shapes.yaml', import.meta.url));

async function strictEngine(errors: string[]): Promise<Engine> {
  return createEngine({ documentPath: HETZNER_SHAPES, validateResponses: true, onError: message => errors.push(message) });
}

async function json(engine: Engine, method: string, url: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const answer = await engine.handle({ method, url, headers: body === undefined ? {} : { 'content-type': 'application/json' }, ...(body !== undefined && { body: JSON.stringify(body) }) });
  return { status: answer.status, body: JSON.parse(answer.body ?? '{}') as Record<string, unknown> };
}

describe('a list whose page facts sit in meta.pagination, each required (Hetzner Cloud)', () => {
  it('answers every fact the document requires, true of the page, numbered from 1, where the list takes no page parameter', async () => {
    const errors: string[] = [];
    const engine = await strictEngine(errors);
    const { status, body } = await json(engine, 'GET', '/v1/ssh_keys');
    expect(status).toBe(200);
    expect(body['ssh_keys']).toHaveLength(20);
    // The optional `meta` made from its schema on the way to the facts: the `order` it requires too.
    expect(body['meta']).toEqual({ pagination: { page: 1, per_page: 20, previous_page: null, next_page: null, last_page: 1, total_entries: 20, order: expect.stringMatching(/^(asc|desc)$/) as string } });
    expect(errors).toEqual([]);
  });

  it('names the pages beside the one asked for, and none past either end', async () => {
    const errors: string[] = [];
    const engine = await strictEngine(errors);
    const pagination = async (query: string): Promise<unknown> => ((await json(engine, 'GET', `/v1/volumes?${query}`)).body['meta'] as { pagination: unknown }).pagination;
    expect(await pagination('per_page=5&page=2')).toMatchObject({ page: 2, per_page: 5, previous_page: 1, next_page: 3, last_page: 4, total_entries: 20 });
    expect(await pagination('per_page=5')).toMatchObject({ page: 1, per_page: 5, previous_page: null, next_page: 2, last_page: 4, total_entries: 20 });
    expect(await pagination('per_page=5&page=4')).toMatchObject({ page: 4, per_page: 5, previous_page: 3, next_page: null, last_page: 4, total_entries: 20 });
    expect(errors).toEqual([]);
  });
});

describe('what a wrapper’s next_page and previous_page say', () => {
  const record = { type: 'object', properties: { id: { type: 'integer' } } } as const;
  const wrapper = (next: object, previous: object): object => ({ type: 'object', properties: { items: { type: 'array', items: record }, next_page: next, previous_page: previous, last_page: { type: 'integer' } } });
  const factsOf = (schema: object): unknown => {
    const shape = findListShape(schema, candidate => candidate === record);
    return shape?.kind === 'wrapped' ? shape.facts : undefined;
  };

  it('is the page’s number where it is a number (Hetzner), and its URL where it is text (Zendesk)', () => {
    expect(factsOf(wrapper({ type: 'number', nullable: true }, { type: 'integer' }))).toEqual([
      { path: ['next_page'], fact: 'nextPage' },
      { path: ['previous_page'], fact: 'previousPage' },
      { path: ['last_page'], fact: 'lastPage' },
    ]);
    expect(factsOf(wrapper({ type: 'string', nullable: true }, { type: 'string' }))).toEqual([
      { path: ['next_page'], fact: 'nextUrl' },
      { path: ['previous_page'], fact: 'previousUrl' },
      { path: ['last_page'], fact: 'lastPage' },
    ]);
  });

  it('counts Spring’s pages from 0 whichever of its page facts comes first (review 19c: pageable.pageNumber before number counted from 1)', () => {
    const spring = { type: 'object', properties: { content: { type: 'array', items: record }, pageable: { type: 'object', properties: { pageNumber: { type: 'integer' }, pageSize: { type: 'integer' } } }, number: { type: 'integer' }, totalPages: { type: 'integer' } } };
    const shape = findListShape(spring, candidate => candidate === record);
    expect(shape?.kind === 'wrapped' && shape.facts.filter(({ fact }) => fact === 'page').map(({ path }) => path.join('.'))).toEqual(['pageable.pageNumber', 'number']);
    expect(shape?.kind === 'wrapped' && firstPageOf(shape)).toBe(0);
    // Hetzner's `page` and Laravel's `current_page` count from 1; a `minimum` says it where there is one.
    const named = (name: string, minimum?: number): unknown => {
      const wrapped = findListShape({ type: 'object', properties: { items: { type: 'array', items: record }, [name]: { type: 'integer', ...(minimum !== undefined && { minimum }) } } }, candidate => candidate === record);
      return wrapped?.kind === 'wrapped' && firstPageOf(wrapped);
    };
    expect([named('page'), named('current_page'), named('pageIndex'), named('page', 0)]).toEqual([1, 1, 0, 0]);
  });
});

describe('a create that answers the record in its envelope beside what the create started (Hetzner’s {server, action, next_actions, root_password})', () => {
  it('answers the record it stored, as read back, with the rest made from the document', async () => {
    const errors: string[] = [];
    const engine = await strictEngine(errors);
    const created = await json(engine, 'POST', '/v1/servers', { name: 'web-1', server_type: 'cx22' });
    expect(created.status).toBe(201);
    // It answered `{server: {id: 1, name: "my-resource", …}}`, made up, while server 21 was stored.
    const server = created.body['server'] as { id: number; name: string; server_type: string };
    expect(server).toMatchObject({ id: 21, name: 'web-1', server_type: 'cx22' });
    expect(created.body['action']).toMatchObject({ id: expect.any(Number) as number, command: expect.any(String) as string });
    expect(Array.isArray(created.body['next_actions'])).toBe(true);
    expect((await json(engine, 'GET', `/v1/servers/${String(server.id)}`)).body['server']).toEqual(server);
    expect(errors).toEqual([]);
  });

  it('keeps a record with a property named after its own collection a record, not an envelope (review 19c: Location.location)', async () => {
    const point = { type: 'object', required: ['lat', 'lon'], properties: { lat: { type: 'number' }, lon: { type: 'number' } } };
    const location = { type: 'object', required: ['id', 'name', 'location'], properties: { id: { type: 'integer', readOnly: true }, name: { type: 'string' }, location: { $ref: '#/components/schemas/Point' } } };
    const answer = (status: string): Record<string, unknown> => ({ [status]: { description: 'A location.', content: { 'application/json': { schema: { $ref: '#/components/schemas/Location' } } } } });
    const document = {
      openapi: '3.0.3',
      info: { title: 'Locations', version: '1' },
      paths: {
        '/locations': {
          get: { operationId: 'listLocations', responses: { '200': { description: 'Locations.', content: { 'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Location' } } } } } } },
          post: { operationId: 'createLocation', requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Location' } } } }, responses: answer('201') },
        },
        '/locations/{id}': { get: { operationId: 'getLocation', parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }], responses: answer('200') } },
      },
      components: { schemas: { Point: point, Location: location } },
    };
    const errors: string[] = [];
    const engine = await createEngine({ document, validateResponses: true, onError: message => errors.push(message) });
    const created = await json(engine, 'POST', '/locations', { name: 'Berlin', location: { lat: 52.5, lon: 13.4 } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Berlin', location: { lat: 52.5, lon: 13.4 } });
    expect((await json(engine, 'GET', `/locations/${String(created.body['id'])}`)).body).toEqual(created.body);
    expect(errors).toEqual([]);
  });
});

describe('a page fact the document requires and does not let be null (review 19c)', () => {
  it('keeps a value its schema takes on the first and last pages, where there is no page before or after', async () => {
    const errors: string[] = [];
    const item = { type: 'object', required: ['id'], properties: { id: { type: 'integer', readOnly: true }, name: { type: 'string' } } };
    const list = { type: 'object', required: ['items', 'page', 'next_page', 'previous_page', 'last_page'], properties: { items: { type: 'array', items: { $ref: '#/components/schemas/Item' } }, page: { type: 'integer' }, next_page: { type: 'integer' }, previous_page: { type: 'integer' }, last_page: { type: 'integer' } } };
    const document = {
      openapi: '3.0.3',
      info: { title: 'Items', version: '1' },
      paths: {
        '/items': { get: { operationId: 'listItems', responses: { '200': { description: 'Items.', content: { 'application/json': { schema: list } } } } }, post: { operationId: 'createItem', requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Item' } } } }, responses: { '201': { description: 'Made.', content: { 'application/json': { schema: { $ref: '#/components/schemas/Item' } } } } } } },
        '/items/{id}': { get: { operationId: 'getItem', parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }], responses: { '200': { description: 'An item.', content: { 'application/json': { schema: { $ref: '#/components/schemas/Item' } } } } } } },
      },
      components: { schemas: { Item: item } },
    };
    const engine = await createEngine({ document, validateResponses: true, onError: message => errors.push(message) });
    const answer = await engine.handle({ method: 'GET', url: '/items', headers: {} });
    expect(answer.status).toBe(200);
    const body = JSON.parse(answer.body ?? '{}') as Record<string, unknown>;
    expect(body).toMatchObject({ page: 1, last_page: 1 });
    expect(typeof body['next_page']).toBe('number');
    expect(typeof body['previous_page']).toBe('number');
    expect(errors).toEqual([]);
  });
});
