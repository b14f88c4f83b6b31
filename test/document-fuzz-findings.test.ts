import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../src/index.js';

const corpus = (name: string): string => fileURLToPath(new URL(`documents/corpus/${name}`, import.meta.url));
const SWAGGER_V3 = corpus('swagger-petstore-v3.yaml');

/** What the document fuzzer (test/fuzz-documents.test.ts) found, each as the request that found it. */
describe('answers the document fuzzer found wrong', () => {
  it('refuses with 400 a create of a record whose key the client gives (a username) when the body lacks it, storing nothing', async () => {
    const errors: string[] = [];
    const engine = await createEngine({ documentPath: SWAGGER_V3, validateResponses: true, onError: message => errors.push(message) });
    const before = engine.sessions.default.storeOf('user')?.size;
    for (const body of [undefined, '{}', '{"firstName":"Ana"}', '{"username":""}']) {
      const response = await engine.handle({ method: 'POST', url: '/api/v3/user', headers: body === undefined ? {} : { 'content-type': 'application/json' }, ...(body !== undefined && { body }) });
      expect(response.status, body).toBe(400);
      expect(JSON.parse(response.body ?? '{}')).toMatchObject({ code: 'invalid_request', message: expect.stringContaining('username') as string });
    }
    expect(engine.sessions.default.storeOf('user')?.size).toBe(before);
    expect(errors).toEqual([]);
  });
});
