import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RememberedAnswers } from '../../src/engine/pipeline/remembered-answers.js';
import { createEngine } from '../../src/index.js';

// The engine's remembered answers, as it makes them, watched: what each request left in them.
const made: RememberedAnswers[] = [];
vi.mock('../../src/engine/pipeline/remembered-answers.js', async importOriginal => {
  const original = await importOriginal<typeof import('../../src/engine/pipeline/remembered-answers.js')>();
  return {
    ...original,
    rememberAnswers: (...args: Parameters<typeof original.rememberAnswers>) => {
      const answers = original.rememberAnswers(...args);
      made.push(answers);
      return answers;
    },
  };
});

afterEach(() => {
  made.length = 0;
});

const headers = { host: '127.0.0.1', authorization: 'Bearer key' };

async function engineWatched(options: { rememberedVerdicts?: number } = {}): Promise<{ get: (url: string) => Promise<string | undefined>; create: () => Promise<number>; answers: RememberedAnswers }> {
  const engine = await createEngine({ onWarning: () => undefined, ...options });
  const answers = made.at(-1);
  if (answers === undefined) throw new Error('The engine made no remembered answers.');
  return {
    get: async url => (await engine.handle({ method: 'GET', url, headers: { ...headers } })).body,
    create: async () => (await engine.handle({ method: 'POST', url: '/v1/pets', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Rex', categoryId: 1 }) })).status,
    answers,
  };
}

describe('answers the engine remembers: from the second identical request on', () => {
  it('holds only the key of a read asked once, keeps its answer when the same read comes again, and gives it to the third', async () => {
    const { get, answers } = await engineWatched();
    const first = await get('/v1/pets/3');
    const keyOnly = answers.bytes;
    expect(answers.size).toBe(1);
    // Reads of other ids, each asked once, hold their keys alone.
    for (const id of [4, 5, 6, 7]) await get(`/v1/pets/${id}`);
    expect(answers.bytes).toBe(5 * keyOnly);
    expect(await get('/v1/pets/3')).toBe(first);
    const kept = answers.bytes;
    expect(kept).toBeGreaterThan(5 * keyOnly);
    // The third is given from memory, as the second made it.
    expect(await get('/v1/pets/3')).toBe(first);
    expect(answers.bytes).toBe(kept);
  });

  it('keeps the answer of a page asked again after a create made it out of date, however long ago its verdicts were taken', async () => {
    const { get, create, answers } = await engineWatched({ rememberedVerdicts: 16 });
    const page = '/v1/pets?limit=100';
    for (let ask = 0; ask < 3; ask++) await get(page);
    // Prism's verdicts of the page, given from memory since, are pushed out of its 16 by reads asked twice.
    for (let id = 1; id <= 20; id++) {
      await get(`/v1/pets/${id}`);
      await get(`/v1/pets/${id}`);
      await get(page);
    }
    const before = answers.bytes;
    expect(await create()).toBe(201);
    // Out of date: made afresh and kept again (the page has one more pet).
    await get(page);
    expect(answers.bytes).toBeGreaterThan(before);
    const again = answers.bytes;
    await get(page);
    expect(answers.bytes).toBe(again);
  });

  it('keeps answers whatever the number of Prism verdicts remembered (one)', async () => {
    const { get, answers } = await engineWatched({ rememberedVerdicts: 1 });
    await get('/v1/pets/3');
    const keyOnly = answers.bytes;
    for (let ask = 0; ask < 4; ask++) await get('/v1/pets/3');
    expect(answers.size).toBe(1);
    expect(answers.bytes).toBeGreaterThan(keyOnly);
  });
});
