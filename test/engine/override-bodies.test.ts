import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/index.js';
import { createPetstoreMock } from '../../src/msw/index.js';

/** A value JSON.parse reads (it does not recurse) but JSON.stringify cannot write back (it does). */
const DEPTH = 100_000;
const NESTED = `${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`;

describe('override bodies that JSON cannot write back', () => {
  it('refuses a body nested too deeply to answer, sets nothing, and the operation and the overrides list keep answering', async () => {
    const engine = await createEngine({ pets: 2 });
    const post = await engine.handle({
      method: 'POST',
      url: '/__admin/overrides',
      headers: { 'content-type': 'application/json' },
      body: `{"operationId":"getPet","status":200,"body":{"id":1,"name":"Deep","categoryId":1,"extra":${NESTED}}}`,
    });
    expect(post.status, String(post.body)).toBe(400);
    expect(JSON.parse(String(post.body))).toMatchObject({ message: expect.stringMatching(/^body cannot be written as JSON \(.*\)\. Nothing was set\.$/) as string });
    const list = await engine.handle({ method: 'GET', url: '/__admin/overrides', headers: {} });
    expect([list.status, JSON.parse(String(list.body))]).toEqual([200, { overrides: [] }]);
    const pet = await engine.handle({ method: 'GET', url: '/v1/pets/1', headers: { authorization: 'Bearer t' } });
    expect(pet.status, String(pet.body)).toBe(200);
  });

  it('refuses a body given in code that refers to itself, naming why', async () => {
    const mock = createPetstoreMock();
    const body: Record<string, unknown> = { id: 1, name: 'Loop', categoryId: 1 };
    body['self'] = body;
    await expect(mock.override('getPet', { status: 200, body } as never)).rejects.toThrow(/body cannot be written as JSON \(.*circular/);
    expect(mock.overrides()).toEqual([]);
  });
});
