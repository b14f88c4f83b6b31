import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { describeResources } from '../../src/cli/describe-document.js';
import { createEngine, type Engine } from '../../src/index.js';

const PUT_CREATES = fileURLToPath(new URL('../documents/put-creates.yaml', import.meta.url));
const HELD_KEYS = fileURLToPath(new URL('../documents/held-keys.yaml', import.meta.url));
const CACHES = '/subscriptions/s-1/providers/Example.Cache/caches';

interface Answer {
  status: number;
  location: string | undefined;
  json: unknown;
}

async function checkedEngine(documentPath: string): Promise<{ engine: Engine; errors: string[] }> {
  const errors: string[] = [];
  const engine = await createEngine({ documentPath, validateResponses: true, onError: message => errors.push(message) });
  return { engine, errors };
}

async function call(engine: Engine, method: string, url: string, body?: unknown): Promise<Answer> {
  const response = await engine.handle({ method, url, headers: { 'content-type': 'application/json' }, ...(body !== undefined && { body: JSON.stringify(body) }) });
  return { status: response.status, location: response.headers['location'], json: response.body ? (JSON.parse(response.body) as unknown) : undefined };
}

describe('a PUT of the path that names a record, where none is held (Azure’s resources, Bitbucket’s reports, GitHub’s secrets)', () => {
  it('is said at start for each collection it creates, and a `{…Name}` parameter names the record’s `name` (Azure’s `{resourceName}`)', async () => {
    const { engine } = await checkedEngine(PUT_CREATES);
    const lines = describeResources(engine.document);
    expect(lines).toContain('records a PUT of their path creates where none is held: caches, reports, secrets');
    expect(engine.document.resources.resources.map(resource => `${resource.name}: ${resource.key.property}`)).toEqual(['caches: name', 'reports: reportId', 'secrets: name']);
    expect(lines.join('\n')).not.toContain('not inferred');
  });

  it('creates it with the key its path gives, answering the 201 it declares with a Location, then updates it answering its other success', async () => {
    const { engine, errors } = await checkedEngine(PUT_CREATES);
    const created = await call(engine, 'PUT', `${CACHES}/my-cache`, { location: 'westeurope', properties: { cacheSizeGB: 3 } });
    expect(created).toMatchObject({ status: 201, location: `${CACHES}/my-cache`, json: { name: 'my-cache', location: 'westeurope', properties: { cacheSizeGB: 3 } } });
    const updated = await call(engine, 'PUT', `${CACHES}/my-cache`, { location: 'northeurope' });
    expect(updated).toMatchObject({ status: 200, location: undefined, json: { name: 'my-cache', location: 'northeurope' } });
    expect((await call(engine, 'GET', `${CACHES}/my-cache`)).json).toMatchObject({ name: 'my-cache', location: 'northeurope' });
    // GitHub's secrets: 201 to create, 204 to update, neither with a body.
    expect(await call(engine, 'PUT', '/secrets/DEPLOY_TOKEN', { encrypted_value: 'c2VjcmV0', visibility: 'private' })).toEqual({ status: 201, location: '/secrets/DEPLOY_TOKEN', json: undefined });
    expect(await call(engine, 'PUT', '/secrets/DEPLOY_TOKEN', { visibility: 'all' })).toEqual({ status: 204, location: undefined, json: undefined });
    expect((await call(engine, 'GET', '/secrets/DEPLOY_TOKEN')).json).toMatchObject({ name: 'DEPLOY_TOKEN', visibility: 'all' });
    expect(errors).toEqual([]);
  });

  it('answers the success it declares where it declares no 201 (Bitbucket’s reports, keyed by their path alone), with no Location', async () => {
    const { engine, errors } = await checkedEngine(PUT_CREATES);
    expect(await call(engine, 'PUT', '/commits/c-1/reports/lint-1', { title: 'lint', result: 'PASSED' })).toEqual({ status: 200, location: undefined, json: { title: 'lint', result: 'PASSED' } });
    expect((await call(engine, 'GET', '/commits/c-1/reports/lint-1')).json).toEqual({ title: 'lint', result: 'PASSED' });
    expect((await call(engine, 'GET', '/commits/c-2/reports/lint-1')).status).toBe(404);
    expect(errors).toEqual([]);
  });

  it('stores nothing for a body the document refuses, and a removed record is created again by the next PUT', async () => {
    const { engine, errors } = await checkedEngine(PUT_CREATES);
    expect((await call(engine, 'PUT', `${CACHES}/bad-cache`, { properties: { cacheSizeGB: 3 } })).status).toBe(400);
    expect((await call(engine, 'GET', `${CACHES}/bad-cache`)).status).toBe(404);
    expect((await call(engine, 'PUT', `${CACHES}/again`, { location: 'westeurope' })).status).toBe(201);
    expect((await call(engine, 'DELETE', `${CACHES}/again`)).status).toBe(200);
    // Named as a cache, not a "cach".
    expect(await call(engine, 'GET', `${CACHES}/again`)).toMatchObject({ status: 404, json: { error: { code: 'cache_not_found', message: 'No cache has name again.' } } });
    expect((await call(engine, 'PUT', `${CACHES}/again`, { location: 'eastus' })).status).toBe(201);
    expect(errors).toEqual([]);
  });

  it('still answers 404 where a POST creates the records and the PUT declares no 201, or the key is a whole number the service gives in order', async () => {
    const { engine, errors } = await checkedEngine(HELD_KEYS);
    expect((await call(engine, 'PUT', '/v1/restrictions/999', { kind: 'push' })).status).toBe(404);
    expect(describeResources(engine.document).join('\n')).not.toContain('records a PUT of their path creates');
    expect(errors).toEqual([]);
  });
});
