import { http, type HttpHandler } from 'msw';
import { createEngine, createSeededStore, fromFetchRequest, toFetchResponse, type Engine, type EngineOptions } from '../engine/index.js';
import type { PetStore } from '../store/index.js';

export interface PetstoreMockOptions extends Omit<EngineOptions, 'store'> {
  /**
   * The API's base URL, ending in `/v1`, e.g. `https://api.animal-store.example/v1`.
   * Default: any origin whose path starts with `/v1`, so both deployments and localhost match.
   */
  baseUrl?: string;
  /** Milliseconds to wait before each answer. Default none. */
  delay?: number;
}

/** One isolated Animal Store for a test: its handlers and its store. */
export interface PetstoreMock {
  /** For `setupServer(...mock.handlers)` or `server.use(...mock.handlers)`. */
  readonly handlers: HttpHandler[];
  /** Read, seed or change the pets directly. */
  readonly store: PetStore;
  /** Back to the seeded pets. */
  reset(): void;
  /** The engine behind the handlers, created on the first request. */
  engine(): Promise<Engine>;
}

const ANY_ORIGIN = '[a-z][a-z\\d+.-]*://[^/]+';

/**
 * An Animal Store for MSW: the same engine as the server (Prism validation, errors, deprecation
 * headers, store rules) with a fresh store per call, so each test file or test can start clean.
 */
export function createPetstoreMock(options: PetstoreMockOptions = {}): PetstoreMock {
  const { baseUrl, delay, ...engineOptions } = options;
  const store = createSeededStore(engineOptions);
  let engine: Promise<Engine> | undefined;
  const getEngine = (): Promise<Engine> => (engine ??= createEngine({ ...engineOptions, store }));
  const basePrefix = baseUrl === undefined ? undefined : baseUrl.replace(/\/+$/, '');
  const pattern = new RegExp(`^${basePrefix === undefined ? `${ANY_ORIGIN}/v1` : escapeRegExp(basePrefix)}(?:/.*)?$`, 'i');

  const handler = http.all(pattern, async ({ request }) => {
    const ready = await getEngine();
    const mockRequest = await fromFetchRequest(request, ready.bodyLimit);
    if (basePrefix !== undefined) mockRequest.url = ready.document.basePath + request.url.slice(basePrefix.length);
    const response = await ready.handle(mockRequest);
    if (delay !== undefined && delay > 0) await new Promise(resolve => setTimeout(resolve, delay));
    return toFetchResponse(response, request.method);
  });

  return { handlers: [handler], store, reset: () => store.reset(), engine: getEngine };
}

/** A fresh Animal Store's handlers, for `setupServer(...createHandlers())`. */
export function createHandlers(options: PetstoreMockOptions = {}): HttpHandler[] {
  return createPetstoreMock(options).handlers;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
