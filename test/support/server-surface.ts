import { createMockServer, type EngineOptions } from '../../src/index.js';
import type { Surface } from '../contract/surface.js';

/** The mock server on a free loopback port, reached with fetch. */
export async function createServerSurface(options: EngineOptions): Promise<Surface> {
  const reportedErrors: string[] = [];
  const server = await createMockServer({ ...options, port: 0, host: '127.0.0.1', onError: message => reportedErrors.push(message) });
  return {
    name: 'the HTTP server',
    reportedErrors,
    request: (method, path, init = {}) =>
      fetch(`${server.origin}${path}`, { method, ...(init.headers && { headers: init.headers }), ...(init.body !== undefined && { body: init.body }) }),
    reset: async () => {
      await fetch(`${server.origin}/__admin/reset`, { method: 'POST' });
    },
    close: () => server.close(),
  };
}
