import { setupServer } from 'msw/node';
import { createPetstoreMock, type PetstoreMockControls, type PetstoreMockOptions } from '../../src/msw/index.js';
import type { Surface, SurfaceControls } from '../contract/surface.js';

/** The in-process controls, as promises like the HTTP ones. */
function asyncControls(controls: PetstoreMockControls): SurfaceControls {
  const loose = controls as unknown as { override(operationId: string, options: object): Promise<never> };
  return {
    getState: () => Promise.resolve(controls.getState()),
    setState: state => controls.setState(state),
    override: (operationId, options) => loose.override(operationId, options),
    overrides: () => Promise.resolve(controls.overrides()),
    // A refusal rejects, as it does over HTTP.
    clearOverrides: id =>
      new Promise<void>(resolve => {
        controls.clearOverrides(id);
        resolve();
      }),
    calls: operationId => Promise.resolve(controls.calls(operationId)),
  };
}

/** The MSW handlers in this process: `fetch` to either deployment is answered by them; reset, the journal and the controls in-process. */
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
    controls: session => asyncControls(session === undefined ? mock : mock.openSession(session)),
    close: () => {
      server.close();
      return Promise.resolve();
    },
  };
}
