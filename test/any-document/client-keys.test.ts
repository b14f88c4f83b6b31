import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../src/index.js';

const NAMED_RECORDS = fileURLToPath(new URL('../documents/findings/client-key-create.yaml', import.meta.url));

async function send(engine: Engine, method: string, url: string, body?: unknown): Promise<{ status: number; json: Record<string, unknown> | undefined }> {
  const response = await engine.handle({ method, url, headers: { 'content-type': 'application/json' }, ...(body !== undefined && { body: JSON.stringify(body) }) });
  return { status: response.status, json: response.body ? (JSON.parse(response.body) as Record<string, unknown>) : undefined };
}

describe('a create of a key the client gives that a record already has', () => {
  it('is refused with the 409 the operation declares, in its shape, the first record kept', async () => {
    const errors: string[] = [];
    const engine = await createEngine({ documentPath: NAMED_RECORDS, validateResponses: true, onError: message => errors.push(message) });
    expect((await send(engine, 'POST', '/users', { username: 'ada', email: 'ada@example.com' })).status).toBe(201);
    const again = await send(engine, 'POST', '/users', { username: 'ada', email: 'other@example.com' });
    expect(again.status).toBe(409);
    expect(again.json?.['title']).toEqual(expect.any(String));
    expect((await send(engine, 'GET', '/users/ada')).json).toEqual({ username: 'ada', email: 'ada@example.com' });
    expect(errors).toEqual([]);
  });

  it('replaces that record where the operation declares no conflict, answering its declared success (Immich’s POST /jobs, 204 only)', async () => {
    const errors: string[] = [];
    const engine = await createEngine({ documentPath: NAMED_RECORDS, validateResponses: true, now: '2030-01-01T00:00:00Z', onError: message => errors.push(message) });
    expect((await send(engine, 'POST', '/jobs', { name: 'cleanup', force: false })).status).toBe(204);
    const first = (await send(engine, 'GET', '/jobs/cleanup')).json;
    const again = await send(engine, 'POST', '/jobs', { name: 'cleanup', force: true });
    expect(again.status).toBe(204);
    expect((await send(engine, 'GET', '/jobs/cleanup')).json).toEqual({ ...first, force: true });
    expect(errors).toEqual([]);
  });

  it('replaces that record too where the key is optional in the schema but the client gave it (Keycloak’s roles, 200 only)', async () => {
    const errors: string[] = [];
    const engine = await createEngine({ documentPath: NAMED_RECORDS, validateResponses: true, onError: message => errors.push(message) });
    expect((await send(engine, 'POST', '/roles', { name: 'admin', description: 'first' })).status).toBe(200);
    const again = await send(engine, 'POST', '/roles', { name: 'admin', description: 'second' });
    expect(again.status).toBe(200);
    expect((await send(engine, 'GET', '/roles/admin')).json).toEqual({ name: 'admin', description: 'second' });
    expect(errors).toEqual([]);
  });
});
