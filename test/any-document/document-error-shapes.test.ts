import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/index.js';

const EXPANDED = fileURLToPath(new URL('../documents/corpus/petstore-expanded.yaml', import.meta.url));
const PETCLINIC = fileURLToPath(new URL('../documents/corpus/spring-petclinic-rest.yaml', import.meta.url));
const JSON_BODY = { 'content-type': 'application/json' };

describe('errors in the document’s own shapes', () => {
  it('answers a missing record in the document’s Error, whose integer code is the status', async () => {
    const errors: string[] = [];
    const engine = await createEngine({ documentPath: EXPANDED, validateResponses: true, onError: message => errors.push(message) });
    const missing = await engine.handle({ method: 'GET', url: '/v2/pets/999999', headers: {} });
    expect(missing.status).toBe(404);
    const body = JSON.parse(missing.body ?? '{}') as Record<string, unknown>;
    expect(body).toEqual({ code: 404, message: 'No pet has id 999999.' });
    const refused = await engine.handle({ method: 'POST', url: '/v2/pets', headers: JSON_BODY, body: '{"tag":"no name"}' });
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.body ?? '{}')).toMatchObject({ code: 400, message: expect.stringContaining('name') as string });
    expect(errors).toEqual([]);
    // The journal still says why.
    expect(engine.journal.list().at(-1)?.reason).toContain('name');
  });

  it('answers RFC 7807 problem details where the document declares them, with the mock’s sentence as the detail', async () => {
    const errors: string[] = [];
    const engine = await createEngine({ documentPath: PETCLINIC, validateResponses: true, onError: message => errors.push(message) });
    const missing = await engine.handle({ method: 'POST', url: '/petclinic/api/owners', headers: JSON_BODY, body: '{"firstName":"George"}' });
    expect(missing.status).toBe(400);
    expect(missing.headers['content-type']).toBe('application/json');
    const problem = JSON.parse(missing.body ?? '{}') as Record<string, unknown>;
    expect(problem).toMatchObject({ status: 400, title: 'Invalid request', type: 'about:blank', detail: expect.stringContaining('lastName') as string });
    expect(problem['timestamp']).toEqual(expect.any(String));
    expect(errors).toEqual([]);
  });

  it('keeps the mock’s Error where the document declares nothing for the status', async () => {
    const engine = await createEngine({ documentPath: EXPANDED });
    const unsupported = await engine.handle({ method: 'POST', url: '/v2/pets', headers: { 'content-type': 'text/plain' }, body: 'Rex' });
    expect(unsupported.status).toBe(415);
    // petstore-expanded declares `default: Error`, which takes every status: the body is its Error.
    expect(JSON.parse(unsupported.body ?? '{}')).toEqual({ code: 415, message: expect.stringContaining('Content-Type') as string });
    const animalStore = await createEngine({});
    const unauthorized = await animalStore.handle({ method: 'GET', url: '/v1/pets', headers: {} });
    expect(JSON.parse(unauthorized.body ?? '{}')).toEqual({ code: 'unauthorized', message: 'Send the header "Authorization: Bearer <API_KEY>".', status: 401 });
  });
});
