import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JournalEntry, Pet } from '../../src/index.js';
import type { CreateSurface, Surface } from './surface.js';

const AUTH = { authorization: 'Bearer test-key' };
const ADMIN_TOKEN = 'admin-secret';
const ADMIN = { authorization: `Bearer ${ADMIN_TOKEN}` };
const TRUSTED_ORIGIN = 'http://localhost:5173';
const FOREIGN_ORIGIN = 'https://evil.example';

/** The admin endpoints outside `/v1`, on the surfaces that serve HTTP (server, container). */
export function describeAdminContract(surfaceName: string, createSurface: CreateSurface): void {
  describe(`the admin endpoints through ${surfaceName}`, () => {
    let surface: Surface;
    beforeAll(async () => {
      surface = await createSurface({ seed: 5, pets: 4, adminOrigins: [TRUSTED_ORIGIN] });
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

    it('lists the journal on GET /__admin/requests with its capacity, and empties it on DELETE', async () => {
      await surface.request('GET', '/v1/pets?limit=1', { headers: AUTH });
      const listed = await surface.request('GET', '/__admin/requests');
      expect(listed.status).toBe(200);
      const { requests, capacity } = (await listed.json()) as { requests: JournalEntry[]; capacity: number };
      expect(capacity).toBe(1000);
      expect(requests.at(-1)).toMatchObject({ method: 'GET', path: '/v1/pets?limit=1', status: 200 });
      expect((await surface.request('DELETE', '/__admin/requests')).status).toBe(204);
      expect(((await (await surface.request('GET', '/__admin/requests')).json()) as { requests: JournalEntry[] }).requests).toEqual([]);
    });

    it('answers a trusted origin’s preflight to an admin endpoint, allowing its methods and the session header', async () => {
      const response = await surface.request('OPTIONS', '/__admin/requests', {
        headers: { origin: TRUSTED_ORIGIN, 'access-control-request-method': 'DELETE', 'access-control-request-headers': 'x-petstore-session' },
      });
      expect(response.status).toBe(204);
      expect(response.headers.get('access-control-allow-origin')).toBe(TRUSTED_ORIGIN);
      expect(response.headers.get('access-control-allow-methods')).toBe('GET, POST, DELETE');
      expect(response.headers.get('access-control-allow-headers')).toContain('x-petstore-session');
    });

    it('refuses another site’s page: no journal read, no reset, no preflight, its origin never echoed', async () => {
      await surface.request('POST', '/v1/pets', { headers: { ...AUTH, 'content-type': 'application/json' }, body: '{"name":"Kept","categoryId":1}' });
      const attempts = [
        surface.request('GET', '/__admin/requests', { headers: { origin: FOREIGN_ORIGIN } }),
        surface.request('POST', '/__admin/reset', { headers: { origin: FOREIGN_ORIGIN, 'content-type': 'text/plain' }, body: 'x' }),
        surface.request('DELETE', '/__admin/requests', { headers: { origin: 'null' } }),
        surface.request('OPTIONS', '/__admin/reset', { headers: { origin: FOREIGN_ORIGIN, 'access-control-request-method': 'POST' } }),
        // A cross-site <img> or <script> sends no Origin, but Sec-Fetch-Site.
        surface.request('GET', '/__admin/requests', { headers: { 'sec-fetch-site': 'cross-site' } }),
      ];
      for (const response of await Promise.all(attempts)) {
        expect(response.status).toBe(403);
        expect(response.headers.get('access-control-allow-origin')).toBeNull();
        expect(await response.json()).toMatchObject({ code: 'origin_not_allowed', status: 403, message: expect.stringMatching(/--admin-origin/) as string });
      }
      const pets = (await (await surface.request('GET', '/v1/pets', { headers: AUTH })).json()) as Pet[];
      expect(pets.map(pet => pet.name)).toContain('Kept');
    });

    it('answers the mock’s own pages, and a trusted origin with CORS headers', async () => {
      const own = await surface.request('GET', '/__admin/requests', { headers: { origin: surface.origin ?? '', 'sec-fetch-site': 'same-origin' } });
      expect(own.status).toBe(200);
      const trusted = await surface.request('GET', '/__admin/requests', { headers: { origin: TRUSTED_ORIGIN } });
      expect(trusted.status).toBe(200);
      expect(trusted.headers.get('access-control-allow-origin')).toBe(TRUSTED_ORIGIN);
      expect((await surface.request('GET', '/__admin/health', { headers: { origin: FOREIGN_ORIGIN } })).status).toBe(200);
    });

    it('answers HEAD on health as GET, without a body', async () => {
      const response = await surface.request('HEAD', '/__admin/health');
      expect(response.status).toBe(200);
      expect(await response.text()).toBe('');
    });

    it('answers 405 to a wrong method on an admin endpoint', async () => {
      const response = await surface.request('GET', '/__admin/reset');
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('POST');
      expect((await surface.request('PUT', '/__admin/requests')).headers.get('allow')).toBe('GET, DELETE');
    });

    it('answers 404 route_not_found outside /v1 and /__admin', async () => {
      const response = await surface.request('GET', '/pets', { headers: AUTH });
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ code: 'route_not_found', status: 404 });
    });
  });

  describe(`the admin endpoints through ${surfaceName}, with an admin token`, () => {
    let surface: Surface;
    beforeAll(async () => {
      surface = await createSurface({ seed: 5, pets: 4, adminToken: ADMIN_TOKEN });
    });
    afterAll(async () => {
      await surface.close();
    });

    it('answers 401 without the token, or with another, naming what to send', async () => {
      for (const headers of [{}, AUTH, { authorization: `Bearer ${ADMIN_TOKEN}x` }]) {
        for (const [method, path] of [['POST', '/__admin/reset'], ['GET', '/__admin/requests'], ['DELETE', '/__admin/requests']] as const) {
          const response = await surface.request(method, path, { headers });
          expect(response.status).toBe(401);
          expect(response.headers.get('www-authenticate')).toBe('Bearer realm="petstore-mock admin"');
          expect(await response.json()).toMatchObject({ code: 'unauthorized', status: 401, message: expect.stringMatching(/admin token/) as string });
        }
      }
    });

    it('does what it is asked with the token', async () => {
      expect((await surface.request('POST', '/__admin/reset', { headers: ADMIN })).status).toBe(204);
      expect((await surface.request('GET', '/__admin/requests', { headers: ADMIN })).status).toBe(200);
      expect((await surface.request('DELETE', '/__admin/requests', { headers: ADMIN })).status).toBe(204);
    });

    it('keeps health open, for probes', async () => {
      expect((await surface.request('GET', '/__admin/health')).status).toBe(200);
    });
  });
}
