import { describe, expect, it } from 'vitest';
import { shownFills } from '../../src/engine/operations/shown-records.js';
import { createEngine } from '../../src/index.js';
import { findingAt } from '../support/checked-engine.js';

/** An OpenAPI 3.0 document of pets created as `Pet` and answered by the schemas given, and a JSON request to its engine, which checks its answers. */
async function petsAnsweredBy(read: object, listed: object, schemas: Readonly<Record<string, object>> = {}): Promise<{ send: (method: string, url: string, body?: object) => Promise<{ status: number; body: unknown }>; errors: string[] }> {
  const json = (schema: object): object => ({ description: 'ok', content: { 'application/json': { schema } } });
  const pet = { type: 'object', required: ['name'], properties: { id: { type: 'integer', readOnly: true }, name: { type: 'string' }, kind: { type: 'string' }, meow: { type: 'string' }, bark: { type: 'string' }, tag: { type: 'string' }, owner: { type: 'object', properties: { name: { type: 'string' }, email: { type: 'string' } } }, toys: { type: 'array', items: { type: 'object', properties: { name: { type: 'string' }, price: { type: 'number' } } } } } };
  const document = {
    openapi: '3.0.3',
    info: { title: 'Pets', version: '1' },
    paths: {
      '/pets': {
        get: { operationId: 'listPets', responses: { 200: json({ type: 'array', items: listed }) } },
        post: { operationId: 'createPet', requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } } }, responses: { 201: json({ $ref: '#/components/schemas/Pet' }) } },
      },
      '/pets/{id}': {
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
        get: { operationId: 'getPet', responses: { 200: json(read), 404: { description: 'none' } } },
      },
    },
    components: { schemas: { Pet: pet, ...schemas } },
  };
  const errors: string[] = [];
  const engine = await createEngine({ document, validateResponses: true, initialPets: [], onError: message => errors.push(message), onWarning: () => undefined });
  const send = async (method: string, url: string, body?: object): Promise<{ status: number; body: unknown }> => {
    const response = await engine.handle({ method, url, headers: { 'content-type': 'application/json' }, ...(body && { body: JSON.stringify(body) }) });
    return { status: response.status, body: response.body ? (JSON.parse(response.body) as unknown) : undefined };
  };
  return { send, errors };
}

const summary = { type: 'object', required: ['id', 'name'], properties: { id: { type: 'integer' }, name: { type: 'string' } } };

describe('a record answered by another schema than its own, after review (finding 94)', () => {
  /** The engine of a finding's document, checking its answers, and a JSON request to it. */
  async function engineOf(finding: string): Promise<{ send: (method: string, url: string, body?: object) => Promise<{ status: number; body: unknown }>; errors: string[] }> {
    const errors: string[] = [];
    const engine = await createEngine({ documentPath: findingAt(finding), validateResponses: true, initialPets: [], onError: message => errors.push(message), onWarning: () => undefined });
    const send = async (method: string, url: string, body?: object): Promise<{ status: number; body: unknown }> => {
      const response = await engine.handle({ method, url, headers: { 'content-type': 'application/json' }, ...(body && { body: JSON.stringify(body) }) });
      return { status: response.status, body: response.body ? (JSON.parse(response.body) as unknown) : undefined };
    };
    return { send, errors };
  }

  it('is answered exactly as stored where it already fits the shown schema, what an open alternative does not declare kept', async () => {
    const { send, errors } = await engineOf('real-big-shown-fits.yaml');
    const created = await send('POST', '/pets', { name: 'Tom', kind: 'cat', meow: 'loud', tag: 'striped', owner: { name: 'Ann', email: 'ann@example.com' } });
    expect(created.status).toBe(201);
    const read = await send('GET', `/pets/${String((created.body as { id: number }).id)}`);
    expect(read).toEqual({ status: 200, body: created.body });
    expect(errors).toEqual([]);
  });

  it('leaves out what a shown schema does not declare only where it is closed, at any depth, and keeps it where it is open', async () => {
    const { send, errors } = await engineOf('real-big-shown-closed.yaml');
    const created = await send('POST', '/pets', { name: 'Rex', owner: { name: 'Ann', email: 'ann@example.com' }, toys: [{ name: 'ball', price: 2.5 }] });
    expect(created.status).toBe(201);
    const { id } = created.body as { id: number };
    const shown = ((await send('GET', '/pets')).body as Record<string, unknown>[]).find(each => each['id'] === id);
    expect(shown).toMatchObject({ name: 'Rex', toys: [{ name: 'ball', price: 2.5 }] });
    expect(shown?.['owner']).toEqual({ name: 'Ann' });
    expect(shown?.['nick']).toBeTypeOf('string');
    expect(errors).toEqual([]);
  });

  it('is shown as the alternative its discriminator names, where another lacks fewer of what it requires', async () => {
    const { send, errors } = await engineOf('real-big-shown-discriminator.yaml');
    const created = await send('POST', '/pets', { name: 'Rex', kind: 'dog', tag: 'brown' });
    expect(created.status).toBe(201);
    const shown = (await send('GET', `/pets/${String((created.body as { id: number }).id)}`)).body as Record<string, unknown>;
    expect(shown).toMatchObject({ name: 'Rex', kind: 'dog', tag: 'brown' });
    expect(shown['bark']).toBeTypeOf('string');
    expect(errors).toEqual([]);
  });

  it('is filled once and given again on later reads of the unchanged record', async () => {
    const detail = { type: 'object', required: ['id', 'name', 'history'], properties: { id: { type: 'integer' }, name: { type: 'string' }, history: { type: 'array', minItems: 50, items: { type: 'string', minLength: 64, maxLength: 64 } } } };
    const { send, errors } = await petsAnsweredBy({ oneOf: [detail] }, summary);
    expect((await send('POST', '/pets', { name: 'Rex' })).status).toBe(201);
    const before = shownFills.count;
    const first = await send('GET', '/pets/1');
    expect(first.status).toBe(200);
    expect(shownFills.count).toBe(before + 1);
    for (let read = 0; read < 3; read += 1) expect(await send('GET', '/pets/1')).toEqual(first);
    expect(shownFills.count).toBe(before + 1);
    expect(errors).toEqual([]);
  });
});
