import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/index.js';

const EXPANDED = fileURLToPath(new URL('../documents/corpus/petstore-expanded.yaml', import.meta.url));
const PETCLINIC = fileURLToPath(new URL('../documents/corpus/spring-petclinic-rest.yaml', import.meta.url));
const PROBLEM_JSON = fileURLToPath(new URL('../documents/findings/problem-json.yaml', import.meta.url));
const FASTAPI = fileURLToPath(new URL('../documents/fastapi-validation.yaml', import.meta.url));
const ERROR_ALTERNATIVES = fileURLToPath(new URL('../documents/findings/real-big-error-alternatives.yaml', import.meta.url));
const ERROR_KIND_ID = fileURLToPath(new URL('../documents/findings/error-kind-id.yaml', import.meta.url));
const ELSEWHERE = fileURLToPath(new URL('../documents/findings/errors-declared-elsewhere.yaml', import.meta.url));
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

  it('answers an invalid request 422 where the operation declares 422 and no 400, its sentence in the one item of FastAPI’s detail list', async () => {
    const errors: string[] = [];
    const engine = await createEngine({ documentPath: FASTAPI, validateResponses: true, onError: message => errors.push(message) });
    const before = (await engine.handle({ method: 'GET', url: '/things', headers: {} })).body;
    for (const [body, sentence] of [
      ['{"name":"much too long"}', 'Request body property name must NOT have more than 5 characters.'],
      ['{"name":', expect.stringMatching(/^Request body is not valid JSON/) as string],
    ] as const) {
      const refused = await engine.handle({ method: 'POST', url: '/things', headers: JSON_BODY, body });
      expect(refused.status).toBe(422);
      const { detail } = JSON.parse(refused.body ?? '{}') as { detail: { msg: string; type: string; loc: string[] }[] };
      expect(detail).toEqual([{ loc: expect.any(Array) as unknown, msg: sentence, type: expect.stringMatching(/^invalid_/) as string }]);
    }
    expect((await engine.handle({ method: 'GET', url: '/things', headers: {} })).body).toBe(before);
    expect(errors).toEqual([]);
  });

  it('answers an RFC 7807 problem declared only as application/problem+json in that media type, with a title and the sentence as its detail, though its schema requires nothing', async () => {
    const errors: string[] = [];
    const engine = await createEngine({ documentPath: PROBLEM_JSON, validateResponses: true, onError: message => errors.push(message) });
    const missing = await engine.handle({ method: 'GET', url: '/bookings/1b4e28ba-2fa1-11d2-883f-0016d3cca427', headers: {} });
    expect(missing.status).toBe(404);
    expect(missing.headers['content-type']).toBe('application/problem+json');
    expect(JSON.parse(missing.body ?? '{}')).toEqual({ type: 'about:blank', title: 'Booking not found', status: 404, detail: 'No booking has id 1b4e28ba-2fa1-11d2-883f-0016d3cca427.' });
    expect(errors).toEqual([]);
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

  it('answers an error declared as a oneOf of objects in the one alternative it matches, the mock’s sentence its message (GitHub’s 422, finding 95)', async () => {
    const errors: string[] = [];
    const engine = await createEngine({ documentPath: ERROR_ALTERNATIVES, validateResponses: true, onError: message => errors.push(message) });
    const refused = await engine.handle({ method: 'POST', url: '/blobs', headers: JSON_BODY, body: '{"encoding":"base64"}' });
    // A validation error's body matched the rule violation too (it takes any property), and the mock answered 500.
    expect(refused.status).toBe(422);
    const body = JSON.parse(refused.body ?? '{}') as Record<string, unknown>;
    expect(body).toMatchObject({ message: expect.stringContaining('content') as string, documentation_url: expect.any(String) as string, status: 422 });
    expect(errors).toEqual([]);
  });

  it('answers an error an operation does not declare in the shape the document’s other operations declare for it (Linode’s lists, finding 106)', async () => {
    const errors: string[] = [];
    const engine = await createEngine({ documentPath: ELSEWHERE, validateResponses: true, onError: message => errors.push(message) });
    // `GET /instances/{instanceId}/configs` declares only its 200; every other operation `default: {errors: [{reason, field}]}`.
    const underMissing = await engine.handle({ method: 'GET', url: '/v4/instances/999999/configs', headers: {} });
    expect(underMissing.status).toBe(404);
    const body = JSON.parse(underMissing.body ?? '{}') as { errors?: { reason?: string }[] };
    expect(body.errors?.[0]?.reason).toBe('No instance has id 999999.');
    expect(Object.keys(body)).toEqual(['errors']);
    // The same as the operations that declare it answer.
    const missing = await engine.handle({ method: 'GET', url: '/v4/instances/999999', headers: {} });
    expect(JSON.parse(missing.body ?? '{}')).toEqual({ errors: [expect.objectContaining({ reason: 'No instance has id 999999.' })] });
    expect(errors).toEqual([]);
  });

  it('names the kind of each error in an id whose example is such a name (DigitalOcean’s "not_found"), not the example’s for every status', async () => {
    const errors: string[] = [];
    const engine = await createEngine({ documentPath: ERROR_KIND_ID, validateResponses: true, onError: message => errors.push(message) });
    const anonymous = JSON.parse((await engine.handle({ method: 'GET', url: '/v2/domains', headers: {} })).body ?? '{}') as Record<string, unknown>;
    expect(anonymous).toMatchObject({ id: 'unauthorized', message: expect.stringContaining('Authorization') as string });
    const missing = JSON.parse((await engine.handle({ method: 'GET', url: '/v2/domains/999999', headers: { authorization: 'Bearer test' } })).body ?? '{}') as Record<string, unknown>;
    expect(missing).toMatchObject({ id: 'domain_not_found', message: 'No domain has id 999999.' });
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
