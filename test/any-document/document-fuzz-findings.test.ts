import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/index.js';

const corpus = (name: string): string => fileURLToPath(new URL(`../documents/corpus/${name}`, import.meta.url));
const SWAGGER_V3 = corpus('swagger-petstore-v3.yaml');
const PETCLINIC = corpus('spring-petclinic-rest.yaml');
const EVOLVED = fileURLToPath(new URL('../documents/evolved-pets.yaml', import.meta.url));
const EVENTS = fileURLToPath(new URL('../documents/events.yaml', import.meta.url));

/** What the document fuzzer (test/any-document/fuzz-documents.test.ts) found, each as the request that found it. */
describe('answers the document fuzzer found wrong', () => {
  it('answers a query parameter repeated where its schema is a number or a list of them, never a 500 (Prism’s check had typed the values in place)', async () => {
    const depth = { anyOf: [{ type: 'integer', maximum: 5 }, { type: 'array', items: { type: 'integer', maximum: 5 } }] };
    const node = { type: 'object', required: ['name'], properties: { id: { type: 'integer', readOnly: true }, name: { type: 'string' } } };
    const document = {
      openapi: '3.0.3',
      info: { title: 'Nodes', version: '1' },
      paths: {
        '/nodes': {
          get: { operationId: 'listNodes', parameters: [{ name: 'depth', in: 'query', schema: depth }], responses: { 200: { description: 'ok', content: { 'application/json': { schema: { type: 'array', items: node } } } } } },
          post: { operationId: 'createNode', requestBody: { required: true, content: { 'application/json': { schema: node } } }, responses: { 201: { description: 'ok', content: { 'application/json': { schema: node } } } } },
        },
      },
    };
    const errors: string[] = [];
    const engine = await createEngine({ document, validateResponses: true, onError: message => errors.push(message) });
    const statusOf = async (query: string): Promise<number> => (await engine.handle({ method: 'GET', url: `/nodes?${query}`, headers: {} })).status;
    expect(await statusOf('depth=1&depth=2')).toBe(200);
    expect(await statusOf('depth=3')).toBe(200);
    expect(await statusOf('depth=1&depth=9')).toBe(400);
    expect(errors).toEqual([]);
  });

  it('refuses with 400 a create whose body lacks the key the document requires of the client, storing nothing', async () => {
    const account = { type: 'object', required: ['handle'], properties: { handle: { type: 'string' }, name: { type: 'string' } } };
    const document = {
      openapi: '3.1.0',
      info: { title: 'Accounts', version: '1' },
      paths: {
        '/accounts': { post: { operationId: 'createAccount', requestBody: { required: true, content: { 'application/json': { schema: { type: 'object', properties: account.properties } } } }, responses: { 201: { description: 'made', content: { 'application/json': { schema: account } } } } } },
        '/accounts/{handle}': { get: { operationId: 'getAccount', parameters: [{ name: 'handle', in: 'path', required: true, schema: { type: 'string' } }], responses: { 200: { description: 'ok', content: { 'application/json': { schema: account } } } } } },
      },
    };
    // The create's body may leave the handle out, but its record requires one: the client's, with `required` in the body's schema.
    (document.paths['/accounts'].post.requestBody.content['application/json'].schema as Record<string, unknown>)['required'] = ['handle'];
    const engine = await createEngine({ document, validateResponses: true });
    const before = engine.store.size;
    for (const body of ['{"name":"Ana","handle":""}']) {
      const response = await engine.handle({ method: 'POST', url: '/accounts', headers: { 'content-type': 'application/json' }, body });
      expect(response.status, body).toBe(400);
      expect(JSON.parse(response.body ?? '{}')).toMatchObject({ code: 'invalid_request', message: expect.stringContaining('handle') as string });
    }
    expect(engine.store.size).toBe(before);
  });

  it('makes the key of a create whose body may carry it but does not (a username), and keeps one it sends, never a 500', async () => {
    const errors: string[] = [];
    const engine = await createEngine({ documentPath: SWAGGER_V3, validateResponses: true, onError: message => errors.push(message) });
    for (const body of [undefined, '{}', '{"firstName":"Ana"}', '{"username":""}']) {
      const response = await engine.handle({ method: 'POST', url: '/api/v3/user', headers: body === undefined ? {} : { 'content-type': 'application/json' }, ...(body !== undefined && { body }) });
      expect(response.status, body).toBeLessThan(500);
      if (response.status >= 300) continue;
      const made = JSON.parse(response.body ?? '{}') as { username?: string };
      expect(made.username).toEqual(expect.any(String));
      expect((await engine.handle({ method: 'GET', url: `/api/v3/user/${encodeURIComponent(made.username ?? '')}`, headers: {} })).status).toBe(200);
    }
    const kept = await engine.handle({ method: 'POST', url: '/api/v3/user', headers: { 'content-type': 'application/json' }, body: '{"username":"ana"}' });
    expect(JSON.parse(kept.body ?? '{}')).toMatchObject({ username: 'ana' });
    expect((await engine.handle({ method: 'POST', url: '/api/v3/user', headers: { 'content-type': 'application/json' }, body: '{"username":"ana"}' })).status).toBe(409);
    expect(errors).toEqual([]);
  });

  it('answers a bad session id or control in the problem the operation declares, as every other error it makes', async () => {
    const engine = await createEngine({ documentPath: EVENTS });
    for (const headers of [{ 'x-petstore-session': 'bad id' }, { prefer: 'code=abc' }]) {
      const response = await engine.handle({ method: 'GET', url: '/api/v2/events', headers });
      expect(response.status).toBe(400);
      expect(response.headers['content-type']).toBe('application/problem+json');
      expect(JSON.parse(response.body ?? '{}')).toMatchObject({ type: 'about:blank', title: 'Invalid request', status: 400, detail: expect.any(String) as string });
    }
    // A path no operation is at keeps the mock's Error.
    const unrouted = await engine.handle({ method: 'GET', url: '/api/v2/nowhere', headers: { 'x-petstore-session': 'bad id' } });
    expect(JSON.parse(unrouted.body ?? '{}')).toMatchObject({ code: 'invalid_request', status: 400 });
  });

  it('answers a response the document forbids (validateResponses) in the problem the operation declares for 500', async () => {
    const problem = { type: 'object', required: ['title', 'status'], properties: { title: { type: 'string' }, status: { type: 'integer' }, detail: { type: 'string' } } };
    const document = {
      openapi: '3.1.0',
      info: { title: 'Health', version: '1' },
      paths: {
        '/health': {
          get: {
            operationId: 'getHealth',
            responses: {
              200: { description: 'ok', content: { 'application/json': { schema: { type: 'object', properties: { up: { type: 'boolean' } } }, example: { up: 'yes' } } } },
              500: { description: 'down', content: { 'application/problem+json': { schema: problem } } },
            },
          },
        },
      },
    };
    const errors: string[] = [];
    const engine = await createEngine({ document, validateResponses: true, onError: message => errors.push(message) });
    // The example, asked for by name: unasked, an answer from the document is generated where its example breaks its schema.
    const response = await engine.handle({ method: 'GET', url: '/health', headers: { prefer: 'example=default' } });
    expect(response.status).toBe(500);
    expect(response.headers['content-type']).toBe('application/problem+json');
    expect(JSON.parse(response.body ?? '{}')).toMatchObject({ status: 500, title: 'Invalid response', detail: expect.stringContaining('GET /health answered 200') as string });
    expect(errors).toHaveLength(1);
  });

  it('generates (Prefer: dynamic=true) strings that fit a pattern of Unicode classes, \\p{L}', async () => {
    const errors: string[] = [];
    const engine = await createEngine({ documentPath: EVENTS, validateResponses: true, onError: message => errors.push(message) });
    for (let seed = 1; seed <= 5; seed += 1) {
      const response = await engine.handle({ method: 'GET', url: '/api/v2/events/7f7d3a53-cde8-474f-aea5-ccc4756b0235', headers: { prefer: `dynamic=true, seed=${seed}` } });
      expect(response.status, response.body).toBe(200);
      expect((JSON.parse(response.body ?? '{}') as { name: string }).name).toMatch(/^\p{L}[\p{L} '-]*$/u);
    }
    expect(errors).toEqual([]);
  });

  it('generates (Prefer: dynamic=true) numbers within exclusive bounds, as JSON Schema writes them (exclusiveMaximum: 600)', async () => {
    const errors: string[] = [];
    const engine = await createEngine({ documentPath: PETCLINIC, validateResponses: true, onError: message => errors.push(message) });
    for (let seed = 1; seed <= 5; seed += 1) {
      // ProblemDetail.status: minimum 400, maximum 600, exclusiveMaximum (OpenAPI 3.0's boolean, 600 as JSON Schema).
      const response = await engine.handle({ method: 'GET', url: '/petclinic/api/specialties', headers: { prefer: `code=500, dynamic=true, seed=${seed}` } });
      const { status, title } = JSON.parse(response.body ?? '{}') as { status: number; title: string };
      expect(title).not.toBe('Invalid response');
      expect(status).toBeGreaterThanOrEqual(400);
      expect(status).toBeLessThan(600);
    }
    expect(errors).toEqual([]);
  });

  it('refuses with 400 an override with a body for a response the document declares without one, setting nothing', async () => {
    const errors: string[] = [];
    const engine = await createEngine({ documentPath: SWAGGER_V3, onError: message => errors.push(message) });
    const response = await engine.handle({ method: 'POST', url: '/__admin/overrides', headers: { 'content-type': 'application/json' }, body: '{"operationId":"placeOrder","status":422,"body":{"id":0}}' });
    expect(response.status).toBe(400);
    expect(JSON.parse(response.body ?? '{}')).toMatchObject({ code: 'invalid_request', message: expect.stringContaining('declares no body') as string });
    expect(engine.overrides.size).toBe(0);
    expect(errors).toEqual([]);
  });

  it('answers 404 to a path whose parents do not belong together (a pet under an owner not its own), storing nothing', async () => {
    const engine = await createEngine({ documentPath: PETCLINIC });
    const visits = (): number => engine.sessions.default.storeOf('visits')?.size ?? 0;
    const pet = engine.sessions.default.storeOf('pets')?.list({ limit: 1 })[0] as unknown as { id: number; ownerId: number };
    const stranger = pet.ownerId === 1 ? 2 : 1;
    const before = visits();
    const visit = (ownerId: number): Promise<{ status: number }> =>
      engine.handle({ method: 'POST', url: `/petclinic/api/owners/${ownerId}/pets/${pet.id}/visits`, headers: { 'content-type': 'application/json' }, body: '{"date":"2024-01-01","description":"checkup"}' });
    const misplaced = await visit(stranger);
    expect(misplaced.status).toBe(404);
    expect(visits()).toBe(before);
    expect((await visit(pet.ownerId)).status).toBe(201);
    expect(visits()).toBe(before + 1);
  });

  it('replaces the record the path names when the body gives another key (a username), keeping the path’s', async () => {
    const errors: string[] = [];
    const engine = await createEngine({ documentPath: SWAGGER_V3, validateResponses: true, onError: message => errors.push(message) });
    const headers = { 'content-type': 'application/json' };
    const replaced = await engine.handle({ method: 'PUT', url: '/api/v3/user/theUser', headers, body: '{"username":"other","firstName":"Ana"}' });
    expect(replaced.status).toBe(200);
    const read = await engine.handle({ method: 'GET', url: '/api/v3/user/theUser', headers: {} });
    expect(JSON.parse(read.body ?? '{}')).toMatchObject({ username: 'theUser', firstName: 'Ana' });
    expect((await engine.handle({ method: 'GET', url: '/api/v3/user/other', headers: {} })).status).toBe(404);
    expect(errors).toEqual([]);
  });

  it.each([
    ['a collection that embeds another’s records (Owner.pets)', PETCLINIC],
    ['a collection keyed by uuid', EVENTS],
  ])('puts back what GET /__admin/state gave, for %s', async (_, documentPath) => {
    const engine = await createEngine({ documentPath });
    const state = await engine.handle({ method: 'GET', url: '/__admin/state', headers: {} });
    const put = await engine.handle({ method: 'PUT', url: '/__admin/state', headers: { 'content-type': 'application/json' }, body: state.body });
    expect(put.status, put.body).toBe(200);
    expect(JSON.parse(put.body ?? '{}')).toEqual(JSON.parse(state.body ?? '{}'));
  });

  it('leaves out of a forced answer a header Prism’s mocker fills with a placeholder its pattern refuses, where the header may be left out', async () => {
    const errors: string[] = [];
    const engine = await createEngine({ documentPath: EVOLVED, validateResponses: true, onError: message => errors.push(message) });
    // deletePet’s 404 declares an optional Deprecation header of pattern ^@-?[0-9]+$; deletePet is not deprecated.
    const response = await engine.handle({ method: 'DELETE', url: '/v1/pets/1', headers: { authorization: 'Bearer k', prefer: 'code=404' } });
    expect(response.status).toBe(404);
    expect(response.headers['deprecation']).toBeUndefined();
    expect(errors).toEqual([]);
  });
});
