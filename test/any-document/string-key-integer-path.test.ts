import { describe, expect, it } from 'vitest';
import { checkedEngine, findingAt } from '../support/checked-engine.js';

const json = { 'content-type': 'application/json' };

describe('a string key whose item path takes a whole number (HubSpot’s webhook subscriptions)', () => {
  it('makes keys as the text of whole numbers, so that each listed and created record is read by its path', async () => {
    const { engine, errors } = await checkedEngine(findingAt('string-key-integer-path.yaml'));
    const { results } = JSON.parse((await engine.handle({ method: 'GET', url: '/subscriptions', headers: {} })).body ?? '{}') as { results: { id: string }[] };
    expect(results).toHaveLength(20);
    const created = JSON.parse((await engine.handle({ method: 'POST', url: '/subscriptions', headers: json, body: JSON.stringify({ eventType: 'contact.creation' }) })).body ?? '{}') as { id: string };
    for (const { id } of [...results, created]) {
      expect(id).toMatch(/^[1-9][0-9]*$/);
      const read = await engine.handle({ method: 'GET', url: `/subscriptions/${id}`, headers: {} });
      expect([read.status, (JSON.parse(read.body ?? '{}') as { id?: string }).id]).toEqual([200, id]);
    }
    expect(errors).toEqual([]);
  });
});
