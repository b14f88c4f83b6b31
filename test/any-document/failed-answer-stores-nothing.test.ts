import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createEngine, type Engine, type Pet } from '../../src/index.js';

const DOCUMENT = fileURLToPath(new URL('../documents/findings/answer-breaks-document.yaml', import.meta.url));

async function call(engine: Engine, method: string, url: string, body?: unknown): Promise<{ status: number; json: unknown }> {
  const response = await engine.handle({ method, url, headers: { 'content-type': 'application/json' }, ...(body !== undefined && { body: JSON.stringify(body) }) });
  return { status: response.status, json: response.body ? (JSON.parse(response.body) as unknown) : undefined };
}

const things = async (engine: Engine): Promise<unknown> => ((await call(engine, 'GET', '/__admin/state')).json as { things: unknown }).things;

describe('a write whose answer the document forbids (--validate-responses) stores nothing', () => {
  it('answers 500 for a create, an update and a delete whose answers break the document, and leaves every record as it was, in its place', async () => {
    const errors: string[] = [];
    const starting = [{ id: 1, a: 'p', b: 'q' }, { id: 2, b: 'q' }, { id: 3, a: 'r', b: 's' }, { id: 4, a: 't' }];
    const engine = await createEngine({ documentPath: DOCUMENT, validateResponses: true, onError: message => errors.push(message), initialPets: starting as unknown as Pet[] });
    expect(await things(engine)).toEqual(starting);
    expect((await call(engine, 'POST', '/things', { a: 'x', b: 'y' })).status).toBe(500);
    expect(await things(engine)).toEqual(starting);
    expect((await call(engine, 'PUT', '/things/2', { a: 'changed', b: 'too' })).status).toBe(500);
    expect(await things(engine)).toEqual(starting);
    expect((await call(engine, 'DELETE', '/things/3')).status).toBe(500);
    expect(await things(engine)).toEqual(starting);
    expect(await call(engine, 'GET', '/things/3')).toMatchObject({ status: 200, json: starting[2] });
    // What the document allows is stored as ever, under the next id (a failed create used one).
    expect((await call(engine, 'POST', '/things', { a: 'only a' }))).toMatchObject({ status: 201, json: { id: 6, a: 'only a' } });
    expect((await call(engine, 'PUT', '/things/2', { b: 'only b' })).status).toBe(200);
    expect((await call(engine, 'DELETE', '/things/4')).status).toBe(200);
    expect(await things(engine)).toEqual([starting[0], { id: 2, b: 'only b' }, starting[2], { id: 6, a: 'only a' }]);
    expect(errors.filter(message => message.includes('must NOT have more than 2 properties'))).toHaveLength(3);
  });
});
