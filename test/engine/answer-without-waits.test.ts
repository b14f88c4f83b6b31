import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/index.js';

/** The turns of the microtask queue before `answering` settles. */
async function turnsUntilSettled(answering: Promise<unknown>): Promise<number> {
  let settled = false;
  void answering.then(() => (settled = true));
  let turns = 0;
  while (!settled) {
    await Promise.resolve();
    turns += 1;
  }
  return turns;
}

const headers = { host: '127.0.0.1', authorization: 'Bearer key', 'content-type': 'application/json' };

describe('an answer that waits for nothing', () => {
  it('settles on the next turn of the microtask queue: a list, a read, a create, a remembered page and a 404', async () => {
    const engine = await createEngine({ onWarning: () => undefined });
    // Each operation's first request prepares it (and may wait): not what is counted here.
    const requests: { method: string; url: string; body?: string }[] = [
      { method: 'GET', url: '/v1/pets?limit=3' },
      { method: 'GET', url: '/v1/pets/2' },
      { method: 'POST', url: '/v1/pets', body: JSON.stringify({ name: 'Rex', categoryId: 1 }) },
      { method: 'GET', url: '/v1/pets/999999' },
    ];
    for (const request of requests) await engine.handle({ ...request, headers: { ...headers } });
    const page = requests[0] as (typeof requests)[number];
    for (const request of [...requests, page, page]) {
      const turns = await turnsUntilSettled(engine.handle({ ...request, headers: { ...headers } }));
      expect({ request: `${request.method} ${request.url}`, turns }).toEqual({ request: `${request.method} ${request.url}`, turns: 1 });
    }
  });
});
