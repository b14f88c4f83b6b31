import { delay, http, type HttpHandler } from 'msw';
import { createEngine, createRequestJournal, DEFAULT_JOURNAL_SIZE, fromFetchRequest, resetState, toFetchResponse, warnOfEviction, type Engine, type EngineOptions, type JournalEntry } from '../engine/index.js';
import { checkOptions } from '../options/index.js';
import { createSessionRegistry, SESSION_HEADER } from '../sessions/index.js';
import type { PetStore } from '../store/index.js';

export interface PetstoreMockOptions extends Omit<EngineOptions, 'store' | 'sessions' | 'journal'> {
  /**
   * The API's base URL, ending in `/v1`, e.g. `https://api.animal-store.example/v1`.
   * Default: any origin whose path starts with `/v1`, so both deployments and localhost match.
   */
  baseUrl?: string;
}

/** One session of a mock: send `headers` with a request and it sees only this session's pets. */
export interface PetstoreMockSession {
  readonly id: string;
  /** `{ 'x-petstore-session': id }`, to merge into a client's headers. */
  readonly headers: Readonly<Record<string, string>>;
  /** This session's pets. */
  readonly store: PetStore;
  /** Back to the seeded pets; forgets this session's journal entries. */
  reset(): void;
  /** This session's requests, oldest first. */
  requests(): JournalEntry[];
}

/** One isolated Animal Store for a test: its handlers and its store. */
export interface PetstoreMock {
  /** For `setupServer(...mock.handlers)` or `server.use(...mock.handlers)`. */
  readonly handlers: HttpHandler[];
  /** Read, seed or change the pets directly (those of requests without a session). */
  readonly store: PetStore;
  /** Back to the seeded pets, with no sessions and an empty journal; or only the session `id` names. */
  reset(session?: string): void;
  /** The requests the handlers answered, oldest first (those of one session when given). */
  requests(session?: string): JournalEntry[];
  /** Forgets the journal's entries (those of one session when given). */
  clearRequests(session?: string): void;
  /** A session of its own, opened now: `id` or a random UUID. */
  openSession(id?: string): PetstoreMockSession;
  /** The engine behind the handlers, created on the first request. */
  engine(): Promise<Engine>;
}

const ANY_ORIGIN = '[a-z][a-z\\d+.-]*://[^/]+';

/**
 * An Animal Store for MSW: the same engine as the server (Prism validation, errors, deprecation
 * headers, store rules, controls) with fresh stores per call, so each test file or test can start clean.
 */
export function createPetstoreMock(options: PetstoreMockOptions = {}): PetstoreMock {
  const { baseUrl, ...engineOptions } = options;
  // Checked now, not on the first request: a bad option is a programmer's mistake to see at once.
  checkOptions(engineOptions);
  const onWarning = engineOptions.onWarning ?? ((message: string) => console.warn(message));
  const sessions = createSessionRegistry({ ...engineOptions, onEvict: warnOfEviction(onWarning, engineOptions.maxSessions) });
  const journal = createRequestJournal(engineOptions.journalSize ?? DEFAULT_JOURNAL_SIZE);
  let engine: Promise<Engine> | undefined;
  const getEngine = (): Promise<Engine> => (engine ??= createEngine({ ...engineOptions, sessions, journal }));
  const basePrefix = baseUrl === undefined ? undefined : baseUrl.replace(/\/+$/, '');
  const pattern = new RegExp(`^${basePrefix === undefined ? `${ANY_ORIGIN}/v1` : escapeRegExp(basePrefix)}(?:/.*)?$`, 'i');

  const handler = http.all(pattern, async ({ request }) => {
    const ready = await getEngine();
    const mockRequest = await fromFetchRequest(request, ready.bodyLimit);
    if (basePrefix !== undefined) mockRequest.url = ready.document.basePath + request.url.slice(basePrefix.length);
    const response = await ready.handle(mockRequest);
    if (response.delay !== undefined && response.delay > 0) await delay(response.delay);
    return toFetchResponse(response, request.method);
  });

  // The engine may not exist yet; the sessions and journal it will use do.
  const reset = (session?: string): void => resetState(sessions, journal, session);

  return {
    handlers: [handler],
    store: sessions.default.store,
    reset,
    requests: session => journal.list(session),
    clearRequests: session => journal.clear(session),
    openSession(id = crypto.randomUUID()) {
      const session = sessions.open(id);
      return {
        id,
        headers: { [SESSION_HEADER]: id },
        store: session.store,
        reset: () => reset(id),
        requests: () => journal.list(id),
      };
    },
    engine: getEngine,
  };
}

/** A fresh Animal Store's handlers, for `setupServer(...createHandlers())`. */
export function createHandlers(options: PetstoreMockOptions = {}): HttpHandler[] {
  return createPetstoreMock(options).handlers;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
