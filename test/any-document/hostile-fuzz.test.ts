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
  }, 60_000);
});
