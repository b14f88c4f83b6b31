import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/index.js';
import { parseInstant } from '../../src/engine/index.js';

const AUTH = { authorization: 'Bearer k' };

async function statusOfGetPetAt(now: string | undefined): Promise<number> {
  const engine = await createEngine(now === undefined ? {} : { now });
  return (await engine.handle({ method: 'GET', url: '/v1/pets/1', headers: AUTH })).status;
}

describe('the mock’s clock', () => {
  it('answers getPet until the last millisecond before its sunset, and 410 from the sunset on', async () => {
    expect(await statusOfGetPetAt('2030-12-04T23:59:59.999Z')).toBe(200);
    expect(await statusOfGetPetAt('2030-12-05T00:00:00Z')).toBe(410);
  });

  it('follows the real clock by default', async () => {
    expect(await statusOfGetPetAt(undefined)).toBe(Date.now() < Date.UTC(2030, 11, 5) ? 200 : 410);
  });

  it('answers 410 after the sunset even without credentials: the operation is gone', async () => {
    const engine = await createEngine({ now: new Date(Date.UTC(2031, 0, 1)) });
    expect((await engine.handle({ method: 'GET', url: '/v1/pets/1', headers: {} })).status).toBe(410);
  });

  it('takes a date or an ISO date-time, and names the rule otherwise', () => {
    expect(parseInstant('2031-01-01').toISOString()).toBe('2031-01-01T00:00:00.000Z');
    expect(parseInstant('2031-01-01T12:30:00+02:00').toISOString()).toBe('2031-01-01T10:30:00.000Z');
    expect(() => parseInstant('01/01/2031')).toThrow(/--now must be a date such as 2031-01-01/);
    expect(() => parseInstant('2031-13-45')).toThrow(/--now must be a date/);
  });

  it('refuses an invalid now option when the engine is created', async () => {
    await expect(createEngine({ now: 'not a date' })).rejects.toThrow(/^\[petstore-mock\] now must be a date such as 2031-01-01 or 2031-01-01T12:00:00Z, got "not a date"\.$/);
  });
});
