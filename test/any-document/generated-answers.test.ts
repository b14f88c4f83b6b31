import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/index.js';
import { oneCollectionDocument } from '../support/one-collection-document.js';

const ARRAY_WITHOUT_ITEMS = fileURLToPath(new URL('../documents/findings/array-without-items.yaml', import.meta.url));

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
});
