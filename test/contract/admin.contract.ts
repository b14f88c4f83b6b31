import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Pet } from '../../src/index.js';
import type { CreateSurface, Surface } from './surface.js';

const AUTH = { authorization: 'Bearer test-key' };

/** The admin endpoints outside `/v1`, on the surfaces that serve HTTP (server, container). */
export function describeAdminContract(surfaceName: string, createSurface: CreateSurface): void {
  describe(`the admin endpoints through ${surfaceName}`, () => {
    let surface: Surface;
    beforeAll(async () => {
      surface = await createSurface({ seed: 5, pets: 4 });
    });
    afterAll(async () => {
      await surface.close();
    });

    it('answers GET /__admin/health with 200, without a bearer token', async () => {
      const response = await surface.request('GET', '/__admin/health');
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ status: 'ok' });
    });

    it('puts the store back to its seeded pets on POST /__admin/reset', async () => {
      const seeded = (await (await surface.request('GET', '/v1/pets', { headers: AUTH })).json()) as Pet[];
      await surface.request('POST', '/v1/pets', { headers: { ...AUTH, 'content-type': 'application/json' }, body: '{"name":"Temp","categoryId":1}' });
      expect((await (await surface.request('GET', '/v1/pets', { headers: AUTH })).json()) as Pet[]).toHaveLength(5);
      const reset = await surface.request('POST', '/__admin/reset');
      expect(reset.status).toBe(204);
      expect(await (await surface.request('GET', '/v1/pets', { headers: AUTH })).json()).toEqual(seeded);
    });

    it('answers 405 to a wrong method on an admin endpoint', async () => {
      const response = await surface.request('GET', '/__admin/reset');
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('POST');
    });

    it('answers 404 route_not_found outside /v1 and /__admin', async () => {
      const response = await surface.request('GET', '/pets', { headers: AUTH });
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ code: 'route_not_found', status: 404 });
    });
  });
}
