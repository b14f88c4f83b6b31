import { createMockServer, type EngineOptions } from '../../src/index.js';
import type { Surface } from '../contract/surface.js';
import { createAdminClient } from './admin-client.js';

/** The mock server on a free loopback port, reached with fetch; reset and the journal through the admin endpoints. */
export async function createServerSurface(options: EngineOptions): Promise<Surface> {
  const reportedErrors: string[] = [];
  const server = await createMockServer({ ...options, port: 0, host: '127.0.0.1', onError: message => reportedErrors.push(message) });
  const admin = createAdminClient(server.origin, options.adminToken);
  return {
    name: 'the HTTP server',
    origin: server.origin,
    reportedErrors,
    request: (method, path, init = {}) =>
      fetch(`${server.origin}${path}`, { method, ...(init.headers && { headers: init.headers }), ...(init.body !== undefined && { body: init.body }) }),
    reset: admin.reset,
    requests: admin.requests,
    close: () => server.close(),
  };
}
