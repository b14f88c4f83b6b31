import { createAdminClient, createMockServer, type EngineOptions } from '../../src/index.js';
import type { Surface } from '../contract/surface.js';

/** The mock server on a free loopback port, reached with fetch; the admin API through the package's own admin client. */
export async function createServerSurface(options: EngineOptions): Promise<Surface> {
  const reportedErrors: string[] = [];
  const server = await createMockServer({ ...options, port: 0, host: '127.0.0.1', onError: message => reportedErrors.push(message) });
  const admin = createAdminClient(server.origin, { adminToken: options.adminToken });
  return {
    name: 'the HTTP server',
    origin: server.origin,
    reportedErrors,
    request: (method, path, init = {}) =>
      fetch(`${server.origin}${path}`, { method, ...(init.headers && { headers: init.headers }), ...(init.body !== undefined && { body: init.body }) }),
    reset: session => (session === undefined ? admin.reset() : admin.session(session).reset()),
    requests: session => (session === undefined ? admin.requests() : admin.session(session).requests()),
    controls: session => (session === undefined ? admin : admin.session(session)),
    close: () => server.close(),
  };
}
