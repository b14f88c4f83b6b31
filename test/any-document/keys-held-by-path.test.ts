import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { describeResources } from '../../src/cli/describe-document.js';
import { createEngine, type Engine } from '../../src/index.js';

const HELD_KEYS = fileURLToPath(new URL('../documents/held-keys.yaml', import.meta.url));

interface Answer {
  status: number;
  location: string | undefined;
  json: unknown;
}

async function checkedEngine(seed = 1): Promise<{ engine: Engine; errors: string[] }> {
  const errors: string[] = [];
  const engine = await createEngine({ documentPath: HELD_KEYS, validateResponses: true, seed, onError: message => errors.push(message) });
  return { engine, errors };
}

async function call(engine: Engine, method: string, url: string, body?: unknown): Promise<Answer> {
  const response = await engine.handle({ method, url: `/v1${url}`, headers: { 'content-type': 'application/json' }, ...(body !== undefined && { body: JSON.stringify(body) }) });
  return { status: response.status, location: response.headers['location'], json: response.body ? (JSON.parse(response.body) as unknown) : undefined };
}

async function stateOf(engine: Engine): Promise<Record<string, Record<string, unknown>[]>> {
  const response = await engine.handle({ method: 'GET', url: '/__admin/state', headers: {} });
  return JSON.parse(response.body ?? '{}') as Record<string, Record<string, unknown>[]>;
}

describe('records whose item path names them by a parameter no property holds (AWS GuardDuty’s threat intel sets, Bitbucket’s branch restrictions)', () => {
  it('says at start which collections are keyed by their path alone, and leaves one without a create to the document, saying why', async () => {
    const { engine } = await checkedEngine();
    const lines = describeResources(engine.document);
    expect(lines).toContain("records keyed by their path alone (no property holds the key; a create's Location names it, or a PUT of the path makes it): threatintelsets by {threatIntelSetId}, restrictions by {id}");
    expect(lines).toContain('not inferred: getTemplate: no property of its records matches {templateName}');
    expect(lines.join('\n')).not.toMatch(/not inferred: \w*(ThreatIntelSet|Restriction)/);
  });

  it('makes each key as the path parameter’s schema says (whole numbers after the seeds, strings of its length), and answers it only where the create’s answer names it and in Location', async () => {
    const { engine, errors } = await checkedEngine();
    const restriction = await call(engine, 'POST', '/restrictions', { kind: 'push', pattern: 'main' });
    expect(restriction).toEqual({ status: 201, location: '/v1/restrictions/21', json: { kind: 'push', pattern: 'main' } });
    expect((await call(engine, 'POST', '/restrictions', { kind: 'force' })).location).toBe('/v1/restrictions/22');
    const set = await call(engine, 'POST', '/detectors/d-1/threatintelsets', { Name: 'bad', Format: 'TXT', Location: 's3://lists/bad.txt' });
    expect(set.status).toBe(200);
    const key = (set.json as { ThreatIntelSetId: string }).ThreatIntelSetId;
    expect(key).toMatch(/^.{1,300}$/);
    expect(set.location).toBe(`/v1/detectors/d-1/threatintelsets/${encodeURIComponent(key)}`);
    expect(Object.keys(set.json as object)).toEqual(['ThreatIntelSetId']);
    expect((await call(engine, 'GET', `/detectors/d-1/threatintelsets/${encodeURIComponent(key)}`)).json).toEqual({ Name: 'bad', Format: 'TXT', Location: 's3://lists/bad.txt', Status: expect.any(String) as string });
    expect(errors).toEqual([]);
  });

  it('shows the key in no record it answers (a list, a read, an update, a delete), so answers fit schemas that allow no other property', async () => {
    const { engine, errors } = await checkedEngine();
    const lists = [(await call(engine, 'GET', '/detectors/d-1/threatintelsets')).json, ((await call(engine, 'GET', '/restrictions')).json as { values: unknown[] }).values] as Record<string, unknown>[][];
    expect(lists.map(list => list.length)).toEqual([expect.any(Number), 20]);
    for (const record of lists.flat()) expect(Object.keys(record).filter(name => name === 'threatIntelSetId' || name === 'id')).toEqual([]);
    const updated = await call(engine, 'PUT', '/restrictions/3', { kind: 'delete' });
    expect(updated).toMatchObject({ status: 200, json: { kind: 'delete' } });
    expect(updated.json).not.toHaveProperty('id');
    expect((await call(engine, 'DELETE', '/restrictions/3')).status).toBe(204);
    expect((await call(engine, 'GET', '/restrictions/3')).status).toBe(404);
    expect(errors).toEqual([]);
  });

  it('keeps the key with each record in the state, where a seeded record is found by it, and draws the same keys for the same seed', async () => {
    const { engine, errors } = await checkedEngine(7);
    const state = await stateOf(engine);
    const [seeded] = state['threatintelsets'] ?? [];
    const { threatIntelSetId, ...shown } = seeded ?? {};
    expect(threatIntelSetId).toEqual(expect.any(String));
    // Seeded records stand under every value of the segment that keeps records apart (`{detectorId}`); created ones under their own.
    const read = await call(engine, 'GET', `/detectors/any-detector/threatintelsets/${encodeURIComponent(String(threatIntelSetId))}`);
    expect(read).toMatchObject({ status: 200, json: shown });
    expect((state['restrictions'] ?? []).map(record => record['id'])).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
    const again = await stateOf((await checkedEngine(7)).engine);
    expect(again['threatintelsets']?.map(record => record['threatIntelSetId'])).toEqual(state['threatintelsets']?.map(record => record['threatIntelSetId']));
    expect(errors).toEqual([]);
  });

  it('stores nothing on a refused create, and answers a key never made with 404 in the document’s shape, adding nothing it does not describe', async () => {
    const { engine, errors } = await checkedEngine();
    expect((await call(engine, 'POST', '/restrictions', { kind: 'sideways' })).status).toBe(400);
    expect(((await call(engine, 'GET', '/restrictions')).json as { values: unknown[] }).values).toHaveLength(20);
    expect((await call(engine, 'POST', '/restrictions', { kind: 'push' })).location).toBe('/v1/restrictions/21');
    const missing = await call(engine, 'GET', '/detectors/d-1/threatintelsets/never-made');
    expect(missing.status).toBe(404);
    // The document's error holds only `message`: the mock's `code` and `status` are left out, as nothing it does not describe is added.
    expect(missing.json).toEqual({ message: expect.stringContaining('never-made') as string });
    expect(errors).toEqual([]);
  });

  it('never makes such a collection the first (whose seeds are held to the document at start), though it comes first in the document', async () => {
    const record = (properties: Record<string, unknown>): object => ({ type: 'object', properties });
    const answer = (schema: object): object => ({ '200': { description: 'ok', content: { 'application/json': { schema } } } });
    const document = {
      openapi: '3.0.3',
      info: { title: 'Sets before labels', version: '1' },
      paths: {
        '/sets': { get: { responses: answer({ type: 'array', items: { $ref: '#/components/schemas/Set' } }) }, post: { requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Set' } } } }, responses: answer({ $ref: '#/components/schemas/Set' }) } },
        '/sets/{setId}': { parameters: [{ name: 'setId', in: 'path', required: true, schema: { type: 'string' } }], get: { responses: answer({ $ref: '#/components/schemas/Set' }) } },
        '/labels': { get: { responses: answer({ type: 'array', items: { $ref: '#/components/schemas/Label' } }) } },
        '/labels/{name}': { parameters: [{ name: 'name', in: 'path', required: true, schema: { type: 'string' } }], get: { responses: answer({ $ref: '#/components/schemas/Label' }) } },
      },
      components: { schemas: { Set: record({ title: { type: 'string' } }), Label: record({ name: { type: 'string' }, color: { type: 'string' } }) } },
    };
    const engine = await createEngine({ document });
    expect(engine.document.firstCollection.resource.name).toBe('labels');
    expect(engine.document.resources.resources.map(resource => `${resource.name}${resource.key.heldByPath === true ? ' (path)' : ''}`)).toEqual(['sets (path)', 'labels']);
  });
});
