import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/index.js';
import { findRoundedNumber } from '../../src/engine/http/index.js';

/** `1.000…01` with this many zeros: JavaScript reads 1, and the body still fits the default 1 MiB limit. */
const ZEROS = 1_000_000;
const NEAR_ONE = `1.${'0'.repeat(ZEROS)}1`;

describe('numbers JSON would round, in long literals', () => {
  it('finds a long fraction that reads as an integer without going over its digits again for each zero', () => {
    expect(findRoundedNumber(`{"id":${NEAR_ONE}}`)).toMatchObject({ path: 'id', value: 1 });
  });

  it('refuses such a body with a 400 naming the field, and an answer that does not repeat the megabyte', async () => {
    const engine = await createEngine({ pets: 0 });
    const response = await engine.handle({
      method: 'POST',
      url: '/v1/pets',
      headers: { 'content-type': 'application/json', authorization: 'Bearer t' },
      body: `{"name":"Rex","categoryId":${NEAR_ONE}}`,
    });
    expect(response.status).toBe(400);
    const { message } = JSON.parse(String(response.body)) as { message: string };
    expect(message).toMatch(/^Request body property categoryId is 1\.0+…/);
    expect(message.length).toBeLessThan(1000);
  });
});
