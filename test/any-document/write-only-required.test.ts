import { describe, expect, it } from 'vitest';
import { checkedEngine, findingAt } from '../support/checked-engine.js';

const json = { 'content-type': 'application/json' };

describe('a record whose schema requires a writeOnly property (bunq’s devices and their secret)', () => {
  it('is created, and seeded, and answered without it', async () => {
    // "Request body cannot be stored: must have required property 'secret'": every create was refused, and no seed fitted.
    const { engine, errors, warnings } = await checkedEngine(findingAt('write-only-required.yaml'));
    const created = await engine.handle({ method: 'POST', url: '/devices', headers: json, body: JSON.stringify({ description: 'laptop', secret: 's3cret' }) });
    expect(created.status, created.body).toBe(201);
    expect(JSON.parse(created.body ?? '{}')).toEqual({ id: 21, description: 'laptop' });
    const listed = JSON.parse((await engine.handle({ method: 'GET', url: '/devices', headers: {} })).body ?? '[]') as Record<string, unknown>[];
    expect(listed).toHaveLength(21);
    for (const device of listed) expect(device).not.toHaveProperty('secret');
    expect(warnings).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('still refuses a create without it, as a request must send it', async () => {
    const { engine } = await checkedEngine(findingAt('write-only-required.yaml'));
    const refused = await engine.handle({ method: 'POST', url: '/devices', headers: json, body: JSON.stringify({ description: 'laptop' }) });
    expect([refused.status, refused.body]).toEqual([400, expect.stringContaining('secret')]);
  });
});
