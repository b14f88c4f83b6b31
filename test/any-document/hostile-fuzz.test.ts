import { describe, expect, it } from 'vitest';
import { runHostileFuzz } from '../support/hostile-fuzz.js';

describe('hostile requests against hostile documents (a seeded fuzzer)', () => {
  it('answers every hostile request without a 500 or a dropped connection, refuses every anonymous one, and loses none of a second client’s pets', async () => {
    const result = await runHostileFuzz({ seed: 31, requests: 40 });
    expect(result.problems).toEqual([]);
    expect(result.hostileRequests).toBeGreaterThanOrEqual(6 * 40);
    // Timings are the bench's (npm run bench): here only that the second client was answered throughout.
    expect(result.latencies.length).toBeGreaterThan(6 * 3);
    expect(result.firstUses).toHaveLength(6 * 3);
    // The same timings by document, every document's own (the bench names the document that held clients longest).
    expect([...result.latenciesByDocument.values()].flat()).toEqual(result.latencies);
    expect([...result.latenciesByDocument.values()].every(values => values.length > 0)).toBe(true);
  }, 60_000);
});
