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

describe('answers the engine remembers: from the second identical request on', () => {
  it('keeps no answer of a read asked once, keeps it when the same read comes again, and keeps one per request asked twice', async () => {
    const engine = await createEngine({ onWarning: () => undefined });
    const answers = made.at(-1);
    if (answers === undefined) throw new Error('The engine made no remembered answers.');
    const read = async (url: string): Promise<string | undefined> => (await engine.handle({ method: 'GET', url, headers: { ...headers } })).body;

    const first = await read('/v1/pets/3');
    expect(answers.size).toBe(0);
    // Reads of other ids, each asked once, take no place either.
    for (const id of [4, 5, 6, 7]) await read(`/v1/pets/${id}`);
    expect(answers.size).toBe(0);
    expect(await read('/v1/pets/3')).toBe(first);
    expect(answers.size).toBe(1);
    // The third is given from memory, as the second made it.
    expect(await read('/v1/pets/3')).toBe(first);
    expect(answers.size).toBe(1);
    await read('/v1/pets?limit=2');
    await read('/v1/pets?limit=2');
    expect(answers.size).toBe(2);
  });
});
