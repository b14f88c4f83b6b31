import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/index.js';

// Prism's mocker is loaded by the first request that needs it (a8b review of a64b7e6): each of these
// reached the responder without it once `prepare` stopped loading it for every request, and answered
// 500 "An answer from the document came before Prism's mocker was loaded".

const json = (schema: object): object => ({ 'application/json': { schema } });
const STATUS = { get: { operationId: 'getStatus', responses: { '200': { description: 'Up.', content: json({ type: 'object', required: ['up'], properties: { up: { type: 'boolean' } } }) } } } };

describe("Prism's mocker, loaded by the first request that needs it", () => {
  it('answers an operation under a security scheme Prism does not check (http negotiate) from the document', async () => {
    const engine = await createEngine({
      document: { openapi: '3.1.0', info: { title: 'Negotiated', version: '1' }, components: { securitySchemes: { windows: { type: 'http', scheme: 'negotiate' } } }, paths: { '/status': { get: { ...STATUS.get, security: [{ windows: [] }] } } } },
      onWarning: () => undefined,
    });
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const answer = await engine.handle({ method: 'GET', url: '/status', headers: { authorization: 'Negotiate abc' } });
      expect(answer.status, answer.body).toBe(200);
      expect(typeof (JSON.parse(answer.body ?? '{}') as { up: unknown }).up).toBe('boolean');
    }
  });

  it('answers by an override added while the first request of a collection waited for its records', async () => {
    const item = { type: 'object', properties: { id: { type: 'integer', readOnly: true }, ...Object.fromEntries(Array.from({ length: 300 }, (_, index) => [`p${index}`, { type: 'string', maxLength: 12 }])) } };
    const note = { type: 'object', properties: { id: { type: 'integer', readOnly: true }, text: { type: 'string' } } };
    const collection = (name: string, schema: string): object => ({
      [`/${name}`]: {
        get: { operationId: `list_${name}`, responses: { '200': { description: 'The list.', content: json({ type: 'array', items: { $ref: schema } }) }, '503': { description: 'Down.', content: json({ type: 'object', properties: { m: { type: 'string' } } }) } } },
        post: { operationId: `create_${name}`, requestBody: { content: json({ $ref: schema }) }, responses: { '201': { description: 'Created.', content: json({ $ref: schema }) } } },
      },
      [`/${name}/{id}`]: { get: { operationId: `get_${name}`, parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }], responses: { '200': { description: 'One.', content: json({ $ref: schema }) } } } },
    });
    const engine = await createEngine({
      document: { openapi: '3.1.0', info: { title: 'Items', version: '1' }, components: { schemas: { Note: note, Item: item } }, paths: { ...collection('notes', '#/components/schemas/Note'), ...collection('items', '#/components/schemas/Item') } },
      onWarning: () => undefined,
    });
    expect((await engine.handle({ method: 'GET', url: '/notes', headers: {} })).status).toBe(200);
    // The items' records (300 properties each) are made in slices: the override comes while they are.
    const first = engine.handle({ method: 'GET', url: '/items', headers: {} });
    await new Promise(resolve => setTimeout(resolve, 0));
    engine.overrides.add(undefined, { operationId: 'list_items', status: 503 });
    const answer = await first;
    expect(answer.status, answer.body).toBe(503);
  });
});
