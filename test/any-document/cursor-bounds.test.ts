import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/index.js';

const GOTIFY_MESSAGES = fileURLToPath(new URL('../documents/findings/cursor-since.yaml', import.meta.url));

describe('a cursor that names no record, where the keys are ids given out in order (Gotify’s since)', () => {
  it('is a bound: since=0 pages from the start, and a message deleted since the last page still pages on past it', async () => {
    const errors: string[] = [];
    const engine = await createEngine({ documentPath: GOTIFY_MESSAGES, validateResponses: true, onError: message => errors.push(message) });
    const page = async (query: string): Promise<{ status: number; ids: number[] }> => {
      const response = await engine.handle({ method: 'GET', url: `/message?${query}`, headers: { host: 'gotify.test' } });
      const body = JSON.parse(response.body ?? '{}') as { messages?: { id: number }[] };
      return { status: response.status, ids: (body.messages ?? []).map(message => message.id) };
    };
    expect(await page('limit=3&since=0')).toEqual({ status: 200, ids: [1, 2, 3] });
    expect((await engine.handle({ method: 'DELETE', url: '/message/4', headers: {} })).status).toBe(200);
    expect(await page('limit=2&since=4')).toEqual({ status: 200, ids: [5, 6] });
    expect(await page('limit=2&since=3')).toEqual({ status: 200, ids: [5, 6] });
    expect(await page('limit=2&since=1000')).toEqual({ status: 200, ids: [] });
    expect(errors).toEqual([]);
  });
});
