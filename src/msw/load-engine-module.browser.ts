// How the MSW handlers load their engine in a page. The engine is part of petstore-mock/msw's own
// chunks, so the page fetches and compiles it with them as it loads (Vite preloads them from the
// HTML), but it is evaluated only when asked for: esbuild defers a module that is `require`d. It is
// asked for once the app's worker has been registered: MSW's `worker.start()`, called in the task
// that created the mock, asks the browser for the worker's registrations before registering it, and
// the browser answers in order, so by our own question's answer MSW has registered. Prism's modules
// are then evaluated while the browser installs the worker, not before it registers. (Measured in
// docs/decisions/0014: the first answer ~15 ms sooner than with the engine as a chunk of its own.)
import { nextTask } from '../scheduling/index.js';

export async function loadEngineModule(): Promise<typeof import('./engine-module.js')> {
  await nextTask();
  await serviceWorkers()?.getRegistrations().catch(() => undefined);
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- deferred evaluation; see above
  const engineModule = require('./engine-module.js') as typeof import('./engine-module.js');
  // In DevTools' performance timeline (and for the tests): when the page evaluated the engine.
  performance.mark(ENGINE_EVALUATED_MARK);
  return engineModule;
}

const ENGINE_EVALUATED_MARK = 'petstore-mock: engine evaluated';

/** The page's service workers; none under jsdom or in an insecure context (an http:// LAN address), where MSW falls back. */
function serviceWorkers(): ServiceWorkerContainer | undefined {
  return (globalThis as { navigator?: { serviceWorker?: ServiceWorkerContainer } }).navigator?.serviceWorker;
}
