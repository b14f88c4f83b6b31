import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/index.js';

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
});
