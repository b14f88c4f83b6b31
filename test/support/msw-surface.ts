import { setupServer } from 'msw/node';
import { createPetstoreMock, type PetstoreMockOptions } from '../../src/msw/index.js';
import type { Surface } from '../contract/surface.js';

/** The MSW handlers in this process: `fetch` to either deployment is answered by them; reset and the journal in-process. */
export async function createMswSurface(options: PetstoreMockOptions, origin = 'https://api.animal-store.example'): Promise<Surface> {
  const reportedErrors: string[] = [];
  const mock = createPetstoreMock({ ...options, onError: message => reportedErrors.push(message) });
  const server = setupServer(...mock.handlers);
  server.listen({ onUnhandledRequest: 'error' });
  await mock.engine();
  return {
    name: 'the MSW handlers',
    reportedErrors,
    request: (method, path, init = {}) =>
      fetch(`${origin}${path}`, { method, ...(init.headers && { headers: init.headers }), ...(init.body !== undefined && { body: init.body }) }),
    reset: session => {
      mock.reset(session);
      return Promise.resolve();
    },
    requests: session => Promise.resolve(mock.requests(session)),
    close: () => {
      server.close();
      return Promise.resolve();
    },
  };
}
