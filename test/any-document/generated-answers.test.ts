import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/index.js';
import { GENERATED_ITEMS } from '../../src/engine/prism/forced-response.js';
import { MOST_GENERATED_VALUES } from '../../src/engine/prism/generated-size.js';
import { oneCollectionDocument } from '../support/one-collection-document.js';

const ARRAY_WITHOUT_ITEMS = fileURLToPath(new URL('../documents/findings/array-without-items.yaml', import.meta.url));
const AWS_TAGS = fileURLToPath(new URL('../documents/findings/aws-tags.yaml', import.meta.url));

describe('answers made from the document’s schemas', () => {
  it('makes an array the schema gives no items (any values) instead of failing with a 500 (Keycloak’s example access token)', async () => {
    const errors: string[] = [];
    const engine = await createEngine({ documentPath: ARRAY_WITHOUT_ITEMS, validateResponses: true, onError: message => errors.push(message) });
    for (const dynamic of [false, true]) {
      const response = await engine.handle({ method: 'GET', url: '/tokens/example', headers: dynamic ? { prefer: 'dynamic=true' } : {} });
      expect(response.status).toBe(200);
      const body = JSON.parse(response.body ?? '{}') as { audiences?: unknown; claims?: Record<string, unknown> };
      if (body.audiences !== undefined) expect(Array.isArray(body.audiences)).toBe(true);
      for (const value of Object.values(body.claims ?? {})) expect(Array.isArray(value)).toBe(true);
    }
    expect(errors).toEqual([]);
  });

  it('makes a time of format dateTime (go-swagger’s spelling, Netlify’s document) and date_time an ISO date-time, as date-time, not a word', async () => {
    const document = oneCollectionDocument({
      title: 'Sites',
      collection: 'sites',
      record: 'Site',
      schema: { type: 'object', properties: { id: { type: 'string' }, created_at: { type: 'string', format: 'dateTime' }, updated_at: { type: 'string', format: 'date_time' }, day: { type: 'string', format: 'date' } } },
    });
    const engine = await createEngine({ document, seed: 4 });
    const sites = JSON.parse((await engine.handle({ method: 'GET', url: '/sites', headers: {} })).body ?? '[]') as Record<string, unknown>[];
    expect(sites.length).toBeGreaterThan(0);
    for (const site of sites) {
      expect(site['created_at']).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z$/);
      expect(site['updated_at']).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z$/);
      expect(site['day']).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });

  it('seeds an enum beside null with the members its type allows, so a document whose states list null beside strings starts and keeps them', async () => {
    // `{type: string, enum: [approved, changes_requested, null]}` (Bitbucket's participant's state): the seeds drew
    // null, and the start refused the document ("the seeded reviews do not fit … state must be string").
    const document = oneCollectionDocument({
      title: 'Reviews',
      collection: 'reviews',
      record: 'Review',
      schema: {
        type: 'object',
        required: ['id', 'state'],
        properties: { id: { type: 'integer', readOnly: true }, state: { type: 'string', enum: ['approved', 'changes_requested', null] }, verdict: { type: 'string', enum: [null, 'final'] } },
      },
    });
    for (const seed of [1, 2, 3]) {
      const engine = await createEngine({ document, seed, validateResponses: true });
      const reviews = JSON.parse((await engine.handle({ method: 'GET', url: '/reviews?limit=100', headers: {} })).body ?? '[]') as Record<string, unknown>[];
      expect(reviews.length).toBeGreaterThan(0);
      for (const review of reviews) {
        expect(['approved', 'changes_requested']).toContain(review['state']);
        if ('verdict' in review) expect(review['verdict']).toBe('final');
      }
    }
  });

  it('draws a lazy pattern’s strings and an enum’s members that its type allows, so Bitbucket’s commits answer 200, not 500', async () => {
    // Bitbucket's commit hash is `[0-9a-f]{7,}?`: the generator read the lazy `?` as "maybe" and drew '' one time
    // in two; its participant's state, `{type: string, enum: [approved, changes_requested, null]}`, drew null.
    const document = {
      openapi: '3.0.3',
      info: { title: 'Commits', version: '1' },
      paths: {
        '/summary': {
          get: {
            operationId: 'getSummary',
            responses: {
              '200': {
                description: 'A summary',
                content: {
                  'application/json': {
                    schema: {
                      type: 'object',
                      required: ['hashes', 'names', 'states'],
                      properties: {
                        hashes: { type: 'array', minItems: 30, maxItems: 30, items: { type: 'string', pattern: '[0-9a-f]{7,}?' } },
                        names: { type: 'array', minItems: 30, maxItems: 30, items: { type: 'string', pattern: '^a+?b\\+?$' } },
                        states: { type: 'array', minItems: 30, maxItems: 30, items: { type: 'string', enum: ['approved', 'changes_requested', null] } },
                      },
                    },
                  },
                },
              },
            },
          },
        },
      },
    };
    const errors: string[] = [];
    const engine = await createEngine({ document, validateResponses: true, onError: message => errors.push(message) });
    for (const dynamic of [false, true, true, true]) {
      const response = await engine.handle({ method: 'GET', url: '/summary', headers: dynamic ? { prefer: 'dynamic=true' } : {} });
      expect(response.status, response.body).toBe(200);
      const body = JSON.parse(response.body ?? '{}') as { hashes: string[]; names: string[]; states: unknown[] };
      for (const hash of body.hashes) expect(hash).toMatch(/[0-9a-f]{7,}?/u);
      for (const name of body.names) expect(name).toMatch(/^a+?b\+?$/u);
      for (const state of body.states) expect(['approved', 'changes_requested']).toContain(state);
    }
    expect(errors).toEqual([]);
  });

  it('keeps a generated map within its maxProperties (AWS’s tags of 50 at most), where the generator drew up to twice as many and --validate-responses answered 500', async () => {
    const map = (bounds: { minProperties?: number; maxProperties: number }): Record<string, unknown> => ({ type: 'object', ...bounds, additionalProperties: { type: 'string', maxLength: 8 } });
    const maps: Record<string, Record<string, unknown>> = {
      tags: map({ minProperties: 1, maxProperties: 50 }),
      fewTags: map({ maxProperties: 3 }),
      oneTag: map({ maxProperties: 1 }),
      exactlyTwo: map({ minProperties: 2, maxProperties: 2 }),
      fourOrFive: map({ minProperties: 4, maxProperties: 5 }),
      anything: { type: 'object', maxProperties: 2, additionalProperties: true },
      namedAndOthers: { type: 'object', required: ['a', 'b'], properties: { a: { type: 'string' }, b: { type: 'string' } }, maxProperties: 3, additionalProperties: { type: 'integer' } },
    };
    const document = {
      openapi: '3.0.3',
      info: { title: 'Maps', version: '1' },
      paths: {
        '/summary': {
          get: {
            operationId: 'getSummary',
            responses: { '200': { description: 'A summary', content: { 'application/json': { schema: { type: 'object', required: Object.keys(maps), properties: maps } } } } },
          },
        },
      },
    };
    const errors: string[] = [];
    const engine = await createEngine({ document, validateResponses: true, onError: message => errors.push(message) });
    const counts = new Map<string, Set<number>>();
    for (let seed = 1; seed <= 40; seed += 1) {
      const response = await engine.handle({ method: 'GET', url: '/summary', headers: { prefer: `dynamic=true, seed=${seed}` } });
      expect(response.status, response.body).toBe(200);
      const body = JSON.parse(response.body ?? '{}') as Record<string, Record<string, unknown>>;
      for (const [name, schema] of Object.entries(maps)) {
        const count = Object.keys(body[name] ?? {}).length;
        expect(count, name).toBeLessThanOrEqual(schema['maxProperties'] as number);
        expect(count, name).toBeGreaterThanOrEqual(Math.max((schema['minProperties'] as number | undefined) ?? 0, (schema['required'] as unknown[] | undefined)?.length ?? 0));
        counts.set(name, (counts.get(name) ?? new Set()).add(count));
      }
      expect(typeof body['namedAndOthers']?.['b']).toBe('string');
    }
    // Still drawn as maps of several sizes, not one fixed answer.
    expect(counts.get('tags')?.size).toBeGreaterThan(3);
    expect(errors).toEqual([]);
  });

  it('seeds records that require a map of at least one entry (AWS’s TagMap), where its collection started empty', async () => {
    const document = oneCollectionDocument({
      title: 'Queues',
      collection: 'queues',
      record: 'Queue',
      schema: {
        type: 'object',
        required: ['id', 'tags'],
        properties: {
          id: { type: 'string', readOnly: true },
          tags: { type: 'object', minProperties: 2, maxProperties: 50, additionalProperties: { type: 'string', maxLength: 256 } },
          labels: { type: 'object', maxProperties: 1, additionalProperties: { type: 'string' } },
        },
      },
    });
    const warnings: string[] = [];
    const engine = await createEngine({ document, validateResponses: true, onWarning: message => warnings.push(message) });
    const queues = JSON.parse((await engine.handle({ method: 'GET', url: '/queues?limit=100', headers: {} })).body ?? '[]') as { tags: Record<string, unknown> }[];
    expect(warnings).toEqual([]);
    expect(queues).toHaveLength(20);
    for (const queue of queues) expect(Object.keys(queue.tags)).toEqual(['entry1', 'entry2']);
  });

  it('answers strings of patterns with Unicode separators, punctuation and symbols (`\\p{Z}`, `\\p{P}`, `\\p{S}`: AWS’s tag keys), a backslash written by its code (WorkMail’s, a 500), a lookbehind and a named group (FSx’s, a 500) and an alternative that allows the empty string below a minLength (RoboMaker’s versions) that those patterns and lengths take', async () => {
    const errors: string[] = [];
    const engine = await createEngine({ documentPath: AWS_TAGS, validateResponses: true, onError: message => errors.push(message) });
    let labels = 0;
    for (let seed = 1; seed <= 30; seed += 1) {
      const response = await engine.handle({ method: 'GET', url: '/v1/labels', headers: { prefer: `dynamic=true, seed=${seed}` } });
      expect(response.status, response.body).toBe(200);
      for (const label of (JSON.parse(response.body ?? '{}') as { labels?: { labelKey?: string; mark?: string; caption?: string; displayName?: string; version?: string; region?: string }[] }).labels ?? []) {
        labels += 1;
        if (label.labelKey !== undefined) expect(label.labelKey).toMatch(/^([\p{L}\p{Z}\p{N}_.:/=+\-@]*)$/u);
        if (label.mark !== undefined) expect(label.mark).toMatch(/^\p{P}\p{S}+$/u);
        if (label.caption !== undefined) expect(label.caption).toMatch(/^[\p{L}\p{Zs}]+$/u);
        if (label.displayName !== undefined) {
          expect(label.displayName.length).toBeGreaterThan(0);
          expect(label.displayName.length).toBeLessThanOrEqual(64);
          expect(Array.from(label.displayName, character => character.charCodeAt(0) < 0x20 || '\u007F<>\\'.includes(character))).not.toContain(true);
        }
        if (label.version !== undefined) expect(label.version).toMatch(/^(?:\$LATEST|[0-9]{1,255})$/u);
        if (label.region !== undefined) expect(label.region).toMatch(/^[a-z]{2}-[a-z]{4,9}-[0-9]$/u);
      }
    }
    expect(labels).toBeGreaterThan(10);
    expect(errors).toEqual([]);
  });

  it('answers strings whose pattern alone allows longer ones than their maxLength (AWS’s ARNs of 70 to 75 characters) within both', async () => {
    const errors: string[] = [];
    const engine = await createEngine({ documentPath: AWS_TAGS, validateResponses: true, onError: message => errors.push(message) });
    const arn = /^arn:aws:appsync:[A-Za-z0-9_/.-]{0,63}:\d{12}:apis\/[0-9A-Za-z_-]{26}$/u;
    for (let seed = 1; seed <= 8; seed += 1) {
      const response = await engine.handle({ method: 'GET', url: '/v1/apis', headers: { prefer: `dynamic=true, seed=${seed}` } });
      expect(response.status, response.body).toBe(200);
      for (const api of (JSON.parse(response.body ?? '{}') as { graphqlApis: { arn: string }[] }).graphqlApis) {
        expect(api.arn).toMatch(arn);
        expect(api.arn.length).toBeGreaterThanOrEqual(70);
        expect(api.arn.length).toBeLessThanOrEqual(75);
      }
    }
    expect(errors).toEqual([]);
  });

  it('generates a few items of a list that allows up to 1,000 (RoboMaker’s batch answer held every client for minutes), and as many as a minItems asks', async () => {
    const key = { type: 'string', minLength: 1, maxLength: 1024 };
    const source = { type: 'object', properties: { name: { type: 'string' }, keys: { type: 'array', minItems: 1, maxItems: 100, items: key } } };
    const request = { type: 'object', properties: { sources: { type: 'array', minItems: 1, maxItems: 6, items: source } } };
    const document = {
      openapi: '3.0.3',
      info: { title: 'Batches', version: '1' },
      paths: {
        '/batch': {
          get: {
            operationId: 'describeBatch',
            responses: {
              '200': {
                description: 'A batch',
                content: {
                  'application/json': {
                    schema: {
                      type: 'object',
                      required: ['pending', 'failed', 'fixed'],
                      properties: {
                        pending: { type: 'array', minItems: 1, maxItems: 1000, items: request },
                        failed: { type: 'array', maxItems: 100, items: request },
                        fixed: { type: 'array', minItems: 5, maxItems: 1000, items: { type: 'integer' } },
                      },
                    },
                  },
                },
              },
            },
          },
        },
      },
    };
    const errors: string[] = [];
    const engine = await createEngine({ document, validateResponses: true, onError: message => errors.push(message) });
    const response = await engine.handle({ method: 'GET', url: '/batch', headers: { prefer: 'dynamic=true' } });
    expect(response.status, response.body).toBe(200);
    const body = JSON.parse(response.body ?? '{}') as { pending: { sources: { keys: string[] }[] }[]; failed: unknown[]; fixed: unknown[] };
    expect(body.pending.length).toBeGreaterThanOrEqual(1);
    expect(body.pending.length).toBeLessThanOrEqual(GENERATED_ITEMS);
    expect(body.failed.length).toBeLessThanOrEqual(GENERATED_ITEMS);
    expect(body.fixed).toHaveLength(5);
    for (const pending of body.pending) for (const source of pending.sources) expect(source.keys.length).toBeLessThanOrEqual(GENERATED_ITEMS);
    expect(errors).toEqual([]);
  });

  it('generates the `properties` of an Azure resource whose schema writes no type as an object of its properties, not of the schema’s own words', async () => {
    // json-schema-faker infers an object from `properties`, but not for a property named `properties` (or `items`):
    // Scheduler's job histories answered `"properties": {"properties": {…}, "additionalProperties": false}`.
    const document = {
      openapi: '3.0.3',
      info: { title: 'Job histories', version: '1' },
      paths: {
        '/histories/{id}': {
          get: {
            operationId: 'getHistory',
            parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
            responses: {
              '200': {
                description: 'A job history',
                content: {
                  'application/json': {
                    schema: {
                      required: ['id', 'properties', 'items'],
                      properties: {
                        id: { type: 'string' },
                        properties: { required: ['message'], properties: { message: { type: 'string' }, retryCount: { type: 'integer' } } },
                        items: { minItems: 1, items: { type: 'string' } },
                      },
                    },
                  },
                },
              },
            },
          },
        },
      },
    };
    const errors: string[] = [];
    const engine = await createEngine({ document, validateResponses: true, onError: message => errors.push(message) });
    for (let seed = 1; seed <= 3; seed += 1) {
      const response = await engine.handle({ method: 'GET', url: '/histories/1', headers: { prefer: `dynamic=true, seed=${seed}` } });
      expect(response.status, response.body).toBe(200);
      const body = JSON.parse(response.body ?? '{}') as { properties: Record<string, unknown>; items: unknown };
      expect(Object.keys(body.properties).sort()).toEqual(['message', 'retryCount']);
      expect(typeof body.properties['message']).toBe('string');
      expect(Array.isArray(body.items)).toBe(true);
    }
    expect(errors).toEqual([]);
  });

  it('answers 501 at once, naming the limit, where the lists a body requires hold more values than the mock generates (three lists of 100 items in each other)', async () => {
    const grid = (items: number): Record<string, unknown> => {
      const list = (of: unknown): Record<string, unknown> => ({ type: 'array', minItems: items, maxItems: items, items: of });
      return list(list(list({ type: 'string' })));
    };
    let unbounded: Record<string, unknown> = { type: 'string' };
    for (let depth = 0; depth < 8; depth += 1) unbounded = { type: 'object', properties: { senses: { type: 'array', items: unbounded } } };
    const document = {
      openapi: '3.0.3',
      info: { title: 'Grids', version: '1' },
      paths: {
        '/grid': { get: { operationId: 'getGrid', responses: { '200': { description: 'A grid', content: { 'application/json': { schema: grid(100) } } } } } },
        '/small-grid': { get: { operationId: 'getSmallGrid', responses: { '200': { description: 'A grid', content: { 'application/json': { schema: grid(10) } } } } } },
        // Oxford Dictionaries' entries: lists in lists eight deep, none bounded, which the generator fills with 0 to 5 items each.
        '/entries': { get: { operationId: 'getEntries', responses: { '200': { description: 'Entries', content: { 'application/json': { schema: unbounded } } } } } },
      },
    };
    const errors: string[] = [];
    const engine = await createEngine({ document, validateResponses: true, onError: message => errors.push(message) });
    const refused = await engine.handle({ method: 'GET', url: '/grid', headers: {} });
    expect(refused.status).toBe(501);
    expect(JSON.parse(refused.body ?? '{}')).toMatchObject({ code: 'not_implemented', message: expect.stringContaining(`more than ${MOST_GENERATED_VALUES.toLocaleString('en-US')} values`) as string });
    expect((await engine.handle({ method: 'GET', url: '/entries', headers: {} })).status).toBe(200);
    const small = await engine.handle({ method: 'GET', url: '/small-grid', headers: {} });
    expect(small.status).toBe(200);
    expect((JSON.parse(small.body ?? '[]') as unknown[][][]).flat(2)).toHaveLength(1000);
    expect(errors).toEqual([]);
  });
});
