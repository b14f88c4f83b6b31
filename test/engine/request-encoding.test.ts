import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/index.js';

/** `{"name":"José",…}` as Latin-1 would write it: é is the byte 0xE9, which starts no UTF-8 character there. */
const LATIN1_PET = Uint8Array.from(Buffer.from('{"name":"Jos\xe9","categoryId":1}', 'latin1'));

describe('a JSON body that is not UTF-8', () => {
  it('is refused by the API with 400 invalid_json saying where, and no pet is stored with U+FFFD in place of the byte', async () => {
    const engine = await createEngine({ pets: 0 });
    const response = await engine.handle({ method: 'POST', url: '/v1/pets', headers: { 'content-type': 'application/json', authorization: 'Bearer t' }, body: LATIN1_PET });
    expect(response.status, String(response.body)).toBe(400);
    expect(JSON.parse(String(response.body))).toMatchObject({ code: 'invalid_json', message: 'Request body is not valid JSON: it is not UTF-8 (at byte 12).' });
    expect(engine.store.list({ limit: 100 })).toEqual([]);
  });

  it('is refused by PUT /__admin/state, which keeps the pets it had', async () => {
    const engine = await createEngine({ pets: 2 });
    const before = engine.store.list({ limit: 100 });
    const body = Uint8Array.from(Buffer.from('{"pets":[{"id":1,"name":"Jos\xe9","categoryId":1}]}', 'latin1'));
    const response = await engine.handle({ method: 'PUT', url: '/__admin/state', headers: { 'content-type': 'application/json' }, body });
    expect(response.status, String(response.body)).toBe(400);
    expect(JSON.parse(String(response.body))).toMatchObject({ code: 'invalid_json' });
    expect(engine.store.list({ limit: 100 })).toEqual(before);
  });

  it('is still taken when it is UTF-8, é included', async () => {
    const engine = await createEngine({ pets: 0 });
    const body = new TextEncoder().encode('{"name":"José","categoryId":1}');
    const response = await engine.handle({ method: 'POST', url: '/v1/pets', headers: { 'content-type': 'application/json', authorization: 'Bearer t' }, body });
    expect(response.status, String(response.body)).toBe(201);
    expect(engine.store.list({ limit: 100 })).toMatchObject([{ name: 'José' }]);
  });
});
