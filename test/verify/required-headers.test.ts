import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { verifyMockOf } from './run-verify.js';
import { createEngine } from '../../src/index.js';

// Discourse's shape: header parameters every operation requires, where no security scheme is declared.
const DOCUMENT = fileURLToPath(new URL('../documents/findings/required-header-parameters.yaml', import.meta.url));

describe('verify against the mock of a document whose operations require header parameters', () => {
  it('sends each at its example, else a value of its schema, and passes, a redirect the document declares taken as its answer', async () => {
    const { code, results, requests } = await verifyMockOf(DOCUMENT);
    expect(results.filter(result => result.outcome === 'error')).toEqual([]);
    expect(code).toBe(0);
    expect(results.filter(result => result.operationId === 'getTopicByExternalId' && result.outcome === 'passed').length).toBeGreaterThan(0);
    expect(requests.length).toBeGreaterThan(5);
    expect(requests.every(request => typeof request.headers['api-key'] === 'string' && request.headers['api-username'] === 'system')).toBe(true);
  });
});

describe('a list wrapped two levels deep, beside what its wrapper requires (Discourse’s category_list)', () => {
  it('is answered with the wrapper’s required properties at every level, valid under --validate-responses', async () => {
    const engine = await createEngine({ documentPath: DOCUMENT, validateResponses: true });
    const answer = await engine.handle({ method: 'GET', url: 'http://localhost/categories.json', headers: { 'api-key': 'k', 'api-username': 'system' } });
    expect(answer.status).toBe(200);
    const body = JSON.parse(answer.body ?? '') as { category_list: Record<string, unknown> };
    expect(typeof body.category_list['can_create_category']).toBe('boolean');
    expect(Array.isArray(body.category_list['categories'])).toBe(true);
  });
});
