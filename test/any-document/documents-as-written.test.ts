import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createEngine, createMockServer, type Engine } from '../../src/index.js';
import { oneCollectionDocument } from '../support/one-collection-document.js';

const EVENTS = fileURLToPath(new URL('../documents/events.yaml', import.meta.url));
const EVOLVED = fileURLToPath(new URL('../documents/evolved-pets.yaml', import.meta.url));
const KENNEL = fileURLToPath(new URL('../documents/kennel-openapi3.yaml', import.meta.url));
const CONDUIT = fileURLToPath(new URL('../documents/real-world/conduit.yaml', import.meta.url));
const PETCLINIC = fileURLToPath(new URL('../documents/corpus/spring-petclinic-rest.yaml', import.meta.url));
const KEYCLOAK_LOOKUPS = fileURLToPath(new URL('../documents/findings/keycloak-lookups.yaml', import.meta.url));
const JSON_BODY = { 'content-type': 'application/json' };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

async function call(engine: Engine, method: string, url: string, body?: unknown): Promise<{ status: number; headers: Record<string, string>; json: Record<string, unknown> }> {
  const response = await engine.handle({ method, url, headers: { ...JSON_BODY, authorization: 'Bearer k' }, ...(body !== undefined && { body: JSON.stringify(body) }) });
  return { status: response.status, headers: response.headers, json: response.body ? (JSON.parse(response.body) as Record<string, unknown>) : {} };
}

describe('documents as teams write them', () => {
  it('validates an operation whose schema holds a value of any kind or null ({nullable: true} with no type): Prism validated nothing of it', async () => {
    const document = oneCollectionDocument({
      title: 'Notes',
      collection: 'notes',
      record: 'Note',
      schema: {
        type: 'object',
        required: ['text'],
        additionalProperties: false,
        properties: { id: { type: 'integer', readOnly: true }, text: { type: 'string', maxLength: 40 }, meta: { type: 'object', additionalProperties: { nullable: true } }, nullable: { type: 'boolean' } },
      },
    });
    const engine = await createEngine({ document });
    const refused = await call(engine, 'POST', '/notes', { nope: true });
    expect(refused.status).toBe(400);
    expect(String(refused.json['message'])).toContain("must have required property 'text'");
    const created = await call(engine, 'POST', '/notes', { text: 'hello', meta: { a: null, b: 1, c: 'x' }, nullable: true });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ text: 'hello', meta: { a: null, b: 1, c: 'x' }, nullable: true });
    expect((await call(engine, 'POST', '/notes', { text: 'hello', nullable: 'yes' })).status).toBe(400);
  });

  it('reads required: true on a property as the object’s required list, saying so at start: Ajv refused the schema and Prism validated nothing of its operations', async () => {
    const document = oneCollectionDocument({
      title: 'Pets',
      collection: 'pets',
      record: 'Pet',
      schema: { type: 'object', properties: { id: { type: 'integer', readOnly: true }, name: { type: 'string', required: true }, age: { type: 'integer', minimum: 0, required: false } } },
    });
    const given = JSON.stringify(document);
    const warnings: string[] = [];
    const engine = await createEngine({ document, onWarning: message => warnings.push(message) });
    expect(warnings).toContain(
      '[petstore-mock] The document is read as its authors meant it: $.components.schemas.Pet.properties.name has required: true, which JSON Schema does not allow on a property (it takes a list of names on the object); read as the object\'s required: ["name"].',
    );
    expect(warnings.some(warning => warning.includes('$.components.schemas.Pet.properties.age has required: false'))).toBe(true);
    expect(JSON.stringify(document)).toBe(given);
    const missing = await call(engine, 'POST', '/pets', { age: 3 });
    expect(missing.status).toBe(400);
    expect(String(missing.json['message'])).toContain("must have required property 'name'");
    expect((await call(engine, 'POST', '/pets', { name: 'Rex', age: -5 })).status).toBe(400);
    expect((await call(engine, 'POST', '/pets', { name: 'Rex', age: 'x' })).status).toBe(400);
    expect((await call(engine, 'POST', '/pets', { name: 'Rex', age: 5 })).status).toBe(201);
  });

  it('reads a pattern in another regex dialect as its authors meant it (Django REST framework’s \\z), and leaves out one JavaScript cannot read, checking the rest: Ajv refused the whole schema and Prism validated nothing of it', async () => {
    const document = oneCollectionDocument({
      title: 'Tags',
      collection: 'tags',
      record: 'Tag',
      schema: {
        type: 'object',
        required: ['name'],
        properties: {
          id: { type: 'integer', readOnly: true },
          name: { type: 'string', pattern: '^[-\\w]+\\z' },
          color: { type: 'string', pattern: '^#[0-9a-fA-F]{6}$' },
          code: { type: 'string', pattern: '(?<=x)[a-z' },
        },
      },
    });
    const warnings: string[] = [];
    const engine = await createEngine({ document, onWarning: message => warnings.push(message) });
    expect(warnings).toContain(
      "[petstore-mock] The document is read as its authors meant it: $.components.schemas.Tag.properties.name.pattern is /^[-\\w]+\\z/, written in another dialect than JavaScript's, whose RegExp (as Ajv compiles it) refuses it; read as /^[-\\w]+$/ (\\z as $).",
    );
    expect(warnings.some(warning => warning.includes('$.components.schemas.Tag.properties.code.pattern is /(?<=x)[a-z/, which JavaScript’s RegExp cannot read'.replace('’', "'")) && warning.endsWith('not checked, the rest of its schema is.'))).toBe(true);
    expect((await call(engine, 'POST', '/tags', { name: 'two words' })).status).toBe(400);
    expect((await call(engine, 'POST', '/tags', { name: 'baby-food', color: 'red' })).status).toBe(400);
    expect((await call(engine, 'POST', '/tags', { name: 'baby-food', color: '#ff0000', code: 'anything' })).status).toBe(201);
  });

  it('filters a list only by query parameters whose values compare with the property they name: Conduit’s favorited=<username> and author=<username> are not the record’s boolean and object', async () => {
    const engine = await createEngine({ documentPath: CONDUIT, pets: 5 });
    const listed = async (query: string): Promise<number> => {
      const response = await engine.handle({ method: 'GET', url: `/api/articles${query}`, headers: {} });
      expect(response.status).toBe(200);
      return (JSON.parse(String(response.body)) as { articles: unknown[] }).articles.length;
    };
    expect(await listed('')).toBe(5);
    expect(await listed('?favorited=jake')).toBe(5);
    expect(await listed('?author=jake')).toBe(5);
    const rules = [...engine.document.resources.plans.values()].find(plan => plan.operationId === 'GetArticles');
    expect(rules?.filters.map(filter => filter.parameter)).not.toContain('favorited');
    expect(rules?.filters.map(filter => filter.parameter)).not.toContain('author');
  });

  it('answers a page whose links it cannot build from the request’s Host (a port past 65535, a space) without them, never a 500', async () => {
    const errors: string[] = [];
    const engine = await createEngine({ documentPath: PETCLINIC, onError: message => errors.push(message) });
    for (const host of ['localhost:99999', 'a b', '127.0.0.1:4010']) {
      const page = await engine.handle({ method: 'GET', url: '/petclinic/api/v2/owners?page=0&size=5', headers: { host } });
      expect(page.status, host).toBe(200);
    }
    expect(errors).toEqual([]);
  });

  it('seeds decimal properties with a multipleOf as multiples Prism’s validator takes (a price of 0.01 steps refused the start: 0.3 is no multiple of 0.1 to Ajv)', async () => {
    const record = { type: 'object', required: ['id', 'name'], properties: { id: { type: 'integer', readOnly: true }, name: { type: 'string' }, price: { type: 'number', multipleOf: 0.01, minimum: 0 }, weight: { type: 'number', multipleOf: 0.1 }, tiny: { type: 'number', multipleOf: 1e-300 } } };
    const document = oneCollectionDocument({ title: 'Shop', collection: 'items', record: 'Item', schema: record, itemPath: true });
    const engine = await createEngine({ document, pets: 50, validateResponses: true });
    const listed = await call(engine, 'GET', '/items');
    expect(listed.status).toBe(200);
    const items = listed.json as unknown as { price: number; weight: number; tiny: number }[];
    expect(items).toHaveLength(50);
    // Ajv's test: the quotient equals parseInt of it.
    const isMultiple = (value: number, step: number): boolean => value / step === Number.parseInt(String(value / step), 10);
    for (const each of items) {
      expect(isMultiple(each.price, 0.01), `${each.price}`).toBe(true);
      expect(isMultiple(each.weight, 0.1), `${each.weight}`).toBe(true);
      expect(isMultiple(each.tiny, 1e-300), `${each.tiny}`).toBe(true);
    }
    expect(new Set(items.map(each => each.price)).size).toBeGreaterThan(10);
  });

  it('serves the first server’s path, its variables at their defaults, beside a second server under another path', async () => {
    const engine = await createEngine({ documentPath: EVENTS });
    expect(engine.document.basePath).toBe('/api/v2');
    expect((await call(engine, 'GET', '/api/v2/events')).status).toBe(200);
  });

  it('answers a DELETE whose 204 declares a body (ShipEngine’s empty string) with its 204 under --validate-responses, and deletes the record', async () => {
    const document = oneCollectionDocument({ title: 'Warehouses', collection: 'warehouses', record: 'Warehouse', schema: { type: 'object', required: ['name'], properties: { id: { type: 'integer', readOnly: true }, name: { type: 'string' } } }, itemPath: true });
    const empty = { schema: { type: 'string', minLength: 0, maxLength: 0 } };
    const item = document.paths['/warehouses/{id}'] as Record<string, unknown>;
    item['delete'] = {
      operationId: 'deleteWarehouse',
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
      responses: { '204': { description: 'Deleted.', content: { 'application/json': empty, 'text/plain': empty } } },
    };
    const errors: string[] = [];
    const engine = await createEngine({ document, validateResponses: true, onError: message => errors.push(message) });
    const created = await call(engine, 'POST', '/warehouses', { name: 'Zero Cool HQ' });
    expect(created.status).toBe(201);
    const deleted = await call(engine, 'DELETE', `/warehouses/${String(created.json['id'])}`);
    expect(deleted.status).toBe(204);
    expect((await call(engine, 'GET', `/warehouses/${String(created.json['id'])}`)).status).toBe(404);
    expect(errors).toEqual([]);
  });

  it('names the first 20 operations of a document of more in a 404, and how many more there are', async () => {
    const paths = Object.fromEntries(
      Array.from({ length: 25 }, (_, index) => [`/report${index}`, { get: { operationId: `getReport${index}`, responses: { '200': { description: 'A report.', content: { 'application/json': { schema: { type: 'object' } } } } } } }]),
    );
    const engine = await createEngine({ document: { openapi: '3.0.3', info: { title: 'Reports', version: '1' }, paths } });
    const { status, json } = await call(engine, 'GET', '/nowhere');
    expect(status).toBe(404);
    expect(json['message']).toBe(`No operation of Reports is at /nowhere; it has ${Array.from({ length: 20 }, (_, index) => `GET /report${index}`).join(', ')} and 5 more.`);
  });

  it('names a path the server has no operation at under the document’s own base path, as requested', async () => {
    const server = await createMockServer({ port: 0, host: '127.0.0.1', documentPath: KENNEL });
    try {
      expect(server.url).toBe(`${server.origin}/api/v1`);
      const unknown = await fetch(`${server.url}/owners`);
      expect(unknown.status).toBe(404);
      expect(await unknown.json()).toMatchObject({ code: 'route_not_found', message: expect.stringMatching(/^No operation of Kennel is at \/api\/v1\/owners; it has GET \/api\/v1\/dogs, /) as unknown });
      expect(await (await fetch(`${server.origin}/v1/dogs`)).json()).toMatchObject({ message: expect.stringMatching(/ is at \/v1\/dogs; it has GET \/api\/v1\/dogs, /) as unknown });
      // A path of an operation asked for without the base path is pointed at it.
      const unprefixed = (await (await fetch(`${server.origin}/dogs`)).json()) as { message: string };
      expect(unprefixed.message).toMatch(/ is at \/dogs; it has GET \/api\/v1\/dogs, .*\. This mock serves them under \/api\/v1: ask for \/api\/v1\/dogs\.$/);
      expect(((await (await fetch(`${server.origin}/v1/dogs`)).json()) as { message: string }).message).not.toContain('This mock serves them');
    } finally {
      await server.close();
    }
  });

  it('keys records by a uuid the service assigns, seeded, and pages a list wrapped as {data, meta} from page 1', async () => {
    const errors: string[] = [];
    const engine = await createEngine({ documentPath: EVENTS, validateResponses: true, onError: message => errors.push(message) });
    const page = await call(engine, 'GET', '/api/v2/events?page=2&limit=3');
    expect(page.json['meta']).toEqual({ total: 20, page: 2, limit: 3 });
    const data = page.json['data'] as Record<string, unknown>[];
    expect(data).toHaveLength(3);
    for (const event of data) expect(event['eventId']).toMatch(UUID);
    const again = await createEngine({ documentPath: EVENTS });
    expect((await call(again, 'GET', '/api/v2/events?page=2&limit=3')).json['data']).toEqual(data);
    const created = await call(engine, 'POST', '/api/v2/events', { name: 'Zoë Fête', city: 'Lyon' });
    expect(created.status).toBe(201);
    expect(created.json['eventId']).toMatch(UUID);
    expect(created.headers['location']).toBe(`/api/v2/events/${String(created.json['eventId'])}`);
    expect((await call(engine, 'GET', '/api/v2/events?city=Lyon')).json['meta']).toMatchObject({ total: 1 });
    expect(errors).toEqual([]);
  });

  it('refuses at start a document split into files by relative $refs, naming the $ref and how to bundle it, instead of answering {} and taking any body', async () => {
    const split = fileURLToPath(new URL('../documents/findings/external-ref.yaml', import.meta.url));
    await expect(createEngine({ documentPath: split })).rejects.toThrow(/\$ref "external-ref-pet\.yaml" refers to another file or URL, which the mock does not read: bundle the document into one file first/);
  });

  it('generates a property an answer’s schema requires without listing it (Lago’s OrganizationObject requires email_settings): every generated organization was a 500 under --validate-responses', async () => {
    const organization = { type: 'object', required: ['name', 'email_settings'], properties: { name: { type: 'string' }, timezone: { type: 'string' } } };
    const document = {
      openapi: '3.0.3',
      info: { title: 'Organization', version: '1' },
      paths: { '/organizations': { put: { operationId: 'updateOrganization', requestBody: { content: { 'application/json': { schema: { type: 'object', properties: { name: { type: 'string' } } } } } }, responses: { '200': { description: 'The organization', content: { 'application/json': { schema: { type: 'object', required: ['organization'], properties: { organization } } } } } } } } },
    };
    const errors: string[] = [];
    const engine = await createEngine({ document, validateResponses: true, onError: message => errors.push(message) });
    for (const seed of ['a', 'b', 'c']) {
      const answer = await engine.handle({ method: 'PUT', url: '/organizations', headers: { 'content-type': 'application/json', 'x-petstore-session': seed }, body: JSON.stringify({ name: 'Acme' }) });
      expect(answer.status).toBe(200);
      const { organization: answered } = JSON.parse(answer.body ?? '{}') as { organization: Record<string, unknown> };
      expect(answered).toHaveProperty('email_settings');
      expect(Object.keys(answered).every(key => ['name', 'timezone', 'email_settings'].includes(key))).toBe(true);
    }
    expect(errors).toEqual([]);
  });

  it('starts a document without info.version (Vikunja publishes its own so), saying so, and still refuses one without a title, naming it', async () => {
    const written = oneCollectionDocument({ title: 'Vikunja', collection: 'projects', record: 'Project', schema: { type: 'object', properties: { id: { type: 'integer', readOnly: true }, title: { type: 'string' } } } });
    const document = { ...written, info: { title: 'Vikunja' } };
    const given = JSON.stringify(document);
    const warnings: string[] = [];
    const engine = await createEngine({ document, onWarning: message => warnings.push(message) });
    expect(warnings).toContain('[petstore-mock] The document is read as its authors meant it: $.info has no version, which OpenAPI requires; read as "".');
    expect(JSON.stringify(document)).toBe(given);
    expect((await call(engine, 'POST', '/projects', { title: 'Home' })).status).toBe(201);
    await expect(createEngine({ document: { ...written, info: { version: '1' } } })).rejects.toThrow(/has no info\.title/);
  });

  it('starts a document whose vendor extension refers to a file (Redocly’s x-topics: {content: {$ref: ./docs/getting-started.md}}, as Train Travel’s), keeping the extension as written', async () => {
    const document = { ...oneCollectionDocument({ title: 'Trains', collection: 'trips', record: 'Trip', schema: { type: 'object', properties: { id: { type: 'integer', readOnly: true }, origin: { type: 'string' } } } }), 'x-topics': [{ title: 'Getting started', content: { $ref: './docs/getting-started.md' } }] };
    const engine = await createEngine({ document });
    expect((await call(engine, 'POST', '/trips', { origin: 'Berlin' })).status).toBe(201);
    const inSchema = { ...document, components: { schemas: { Trip: { $ref: './trip.yaml' } } } };
    await expect(createEngine({ document: inSchema })).rejects.toThrow(/\$ref "\.\/trip\.yaml" refers to another file or URL/);
  });

  it('finds a nested collection’s parent whatever its item path calls the key ({id} beside /flows/{flowId}/executions): a wrong parent is a 404, a right one lists only its children', async () => {
    const engine = await createEngine({ documentPath: fileURLToPath(new URL('../documents/findings/parent-param-differs.yaml', import.meta.url)) });
    expect((await call(engine, 'GET', '/flows/no-such-flow/executions')).status).toBe(404);
    const flows = JSON.parse((await engine.handle({ method: 'GET', url: '/flows', headers: {} })).body ?? '[]') as { id: string }[];
    let children = 0;
    for (const flow of flows) {
      const executions = JSON.parse((await engine.handle({ method: 'GET', url: `/flows/${flow.id}/executions`, headers: {} })).body ?? '[]') as { flowId: string }[];
      for (const execution of executions) expect(execution.flowId).toBe(flow.id);
      children += executions.length;
    }
    expect(children).toBe(20);
  });

  it('keeps a nested record’s own id and finds its parent among the realm’s: Keycloak’s /{realm}/clients/{id}/roles wrote the client’s id over the role’s, then 404ed every client created in a realm', async () => {
    const engine = await createEngine({ documentPath: KEYCLOAK_LOOKUPS });
    expect((await call(engine, 'POST', '/admin/realms/master/clients', { id: 'client-1', clientId: 'web' })).status).toBe(201);
    expect((await call(engine, 'POST', '/admin/realms/master/clients/client-1/roles', { id: 'role-1', name: 'editor' })).status).toBe(201);
    expect((await call(engine, 'GET', '/admin/realms/master/clients/client-1/roles/editor')).json).toEqual({ id: 'role-1', name: 'editor' });
    // Kept apart by client: another client of the realm has no such role, and a client of another realm is not found.
    expect((await call(engine, 'POST', '/admin/realms/master/clients', { id: 'client-2', clientId: 'cli' })).status).toBe(201);
    expect((await call(engine, 'GET', '/admin/realms/master/clients/client-2/roles/editor')).status).toBe(404);
    expect((await call(engine, 'POST', '/admin/realms/other/clients/client-1/roles', { id: 'role-2', name: 'viewer' })).status).toBe(404);
  });

  it('gives every seeded name a value its own Unicode pattern accepts', async () => {
    const engine = await createEngine({ documentPath: EVENTS, pets: 40 });
    const listed = (await call(engine, 'GET', '/api/v2/events?limit=50')).json['data'] as { name: string }[];
    expect(listed).toHaveLength(40);
    for (const { name } of listed) expect(name).toMatch(/^\p{L}[\p{L} '-]*$/u);
  });

  it('fills the optional readOnly properties the service assigns on create, dates from the clock', async () => {
    const engine = await createEngine({ documentPath: EVENTS, now: '2027-01-02T03:04:05Z' });
    const created = await call(engine, 'POST', '/api/v2/events', { name: 'Jazz', city: 'Nantes' });
    expect(created.json).toMatchObject({ createdAt: '2027-01-02T03:04:05.000Z', updatedAt: '2027-01-02T03:04:05.000Z' });
  });

  it('applies a merge patch’s null as a removal of an optional property, then checks the record', async () => {
    const engine = await createEngine({ documentPath: EVOLVED });
    const before = await call(engine, 'GET', '/v1/pets/2');
    expect(before.json['tags']).toBeDefined();
    const patched = await call(engine, 'PATCH', '/v1/pets/2', { tags: null });
    expect(patched.status).toBe(200);
    expect(patched.json).not.toHaveProperty('tags');
    expect((await call(engine, 'GET', '/v1/pets/2')).json).not.toHaveProperty('tags');
    const required = await call(engine, 'PATCH', '/v1/pets/2', { name: null });
    expect(required.status).toBe(400);
    expect(required.json['message']).toContain('name');
  });

  it('starts a collection the Animal Store’s document adds beside the pets from its example, and reads its records by key', async () => {
    const engine = await createEngine({ documentPath: EVOLVED });
    expect((await call(engine, 'GET', '/v1/categories')).json).toEqual([
      { id: 1, name: 'dog' },
      { id: 2, name: 'cat' },
    ]);
    expect((await call(engine, 'GET', '/v1/categories/2')).json).toEqual({ id: 2, name: 'cat' });
    const missing = await call(engine, 'GET', '/v1/categories/3');
    expect(missing.status).toBe(404);
    expect(missing.json).toMatchObject({ code: 'category_not_found', message: 'No category has id 3.' });
  });

  it('starts on a document with no operationIds and no collection, answering each operation from the document with only the properties it declares', async () => {
    const document = {
      openapi: '3.0.0',
      info: { title: 'Streams', version: '1' },
      paths: {
        '/streams': {
          post: {
            parameters: [{ name: 'callbackUrl', in: 'query', required: true, schema: { type: 'string', format: 'uri' } }],
            responses: { 201: { description: 'made', content: { 'application/json': { schema: { type: 'object', required: ['subscriptionId'], properties: { subscriptionId: { type: 'string' } } } } } } },
          },
        },
        '/streams/{streamId}/status': { get: { responses: { 200: { description: 'ok', content: { 'application/json': { schema: { type: 'object', properties: { state: { type: 'string' } } } } } } } } },
      },
    };
    const errors: string[] = [];
    const engine = await createEngine({ document, validateResponses: true, onError: message => errors.push(message) });
    expect([...engine.document.operations.keys()]).toEqual(['postStreams', 'getStreamsByStreamIdStatus']);
    for (let seed = 1; seed <= 5; seed += 1) {
      const made = await engine.handle({ method: 'POST', url: `/streams?callbackUrl=https://hooks.example/${seed}`, headers: { prefer: `dynamic=true, seed=${seed}` } });
      expect(made.status).toBe(201);
      expect(Object.keys(JSON.parse(made.body ?? '{}') as object)).toEqual(['subscriptionId']);
    }
    const status = await engine.handle({ method: 'GET', url: '/streams/abc/status', headers: {} });
    expect(status.status).toBe(200);
    expect(Object.keys(JSON.parse(status.body ?? '{}') as object).every(name => name === 'state')).toBe(true);
    expect(engine.journal.list().at(-1)?.operationId).toBe('getStreamsByStreamIdStatus');
    expect(errors).toEqual([]);
  });

  it('filters by every value of an array query parameter, repeated or, where it is not exploded, comma-separated', async () => {
    const expanded = fileURLToPath(new URL('../documents/corpus/petstore-expanded.yaml', import.meta.url));
    const engine = await createEngine({ documentPath: expanded });
    const calm = await call(engine, 'POST', '/v2/pets', { name: 'Rex', tag: 'calm' });
    const shy = await call(engine, 'POST', '/v2/pets', { name: 'Tom', tag: 'shy' });
    const listed = await engine.handle({ method: 'GET', url: '/v2/pets?tags=calm&tags=shy', headers: {} });
    const ids = (JSON.parse(listed.body ?? '[]') as { id: number }[]).map(pet => pet.id);
    expect(ids).toContain(calm.json['id']);
    expect(ids).toContain(shy.json['id']);
    const one = JSON.parse((await engine.handle({ method: 'GET', url: '/v2/pets?tags=shy', headers: {} })).body ?? '[]') as { tag: string }[];
    expect(one.map(pet => pet.tag)).toEqual(['shy']);
  });
});
