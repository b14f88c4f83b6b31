import { delay, http, type HttpHandler } from 'msw';
// By file, not through the engine's index: what Prism's validator needs comes with the engine, later.
import type { Engine } from '../engine/create-engine.js';
import type { Override } from '../engine/controls/overrides.js';
import { fromFetchRequest, toFetchResponse } from '../engine/http/fetch-adapter.js';
import type { JournalEntry, JournalFilter } from '../engine/journal/request-journal.js';
import { journalToHar } from '../engine/journal/journal-har.js';
import type { Har } from '../engine/journal/har-types.js';
import { createSharedState } from '../engine/shared-state.js';
import { removeOverrides } from '../engine/test-controls/remove-overrides.js';
import type { ControlOutcome } from '../engine/test-controls/test-controls.js';
import type { EngineOptions } from '../engine/engine-options.js';
// The file, not the folder's index, which loads Node's modules: the browser build has this module too.
import { firstAnswerGiven } from '../code-cache/first-answer.js';
import { checkDocumentPath } from '../document/index.js';
import { isUnderBasePath, readBasePath } from '../document/base-path.js';
import { createPathIndex } from '../document/path-index.js';
import { PACKAGE_BASE_PATH } from '../document/package-base-path.generated.js';
import { checkOptions, findDefaultStatusProblem } from '../options/index.js';
import { PET_STATUSES } from '../types/index.js';
import { newSessionId, SESSION_HEADER } from '../sessions/index.js';
import { checkPersistOptions, createPersistedStoreKeeper, type PersistOption } from './persisted-stores.js';
import { loadAjvCompiler } from './ajv-compiler.js';
import { loadEngineModule } from './load-engine-module.js';
import { refusal } from './refusal.js';
import { asPetStore, type PetStore, type RecordStore } from '../store/index.js';
import type { Call, DeclaredStatus, OverrideOptions, StoreState } from '../admin-client/index.js';
import type { OperationId } from '../types/index.js';

export interface PetstoreMockOptions extends Omit<EngineOptions, 'store' | 'sessions' | 'journal' | 'overrides'> {
  /**
   * The API's base URL, e.g. `https://api.animal-store.example/v1`.
   * Default: any origin whose path starts with the document's base path (`/v1`), so both deployments and localhost match.
   */
  baseUrl?: string;
  /**
   * Keep the pets (every store's) in the page's `sessionStorage` or `localStorage`, so that they
   * survive a reload while a developer clicks through the app. Off by default; `reset()` clears them.
   * A stored value that is corrupt, from other starting pets or refused by the document is discarded
   * with a console warning. Overrides and the journal are not kept.
   */
  persist?: PersistOption;
  /** The Web Storage key `persist` uses. Default `petstore-mock:` and the base URL (or `/v1`). */
  persistKey?: string;
}

/**
 * The test controls. On the mock itself, state and overrides are the default session's and
 * `calls` covers every session (as the journal does); on a session, everything is that session's.
 */
export interface PetstoreMockControls {
  /** Every pet of the store, in id order: a snapshot. */
  getState(): StoreState;
  /** The store holds exactly these pets (ids kept), each checked against the document's `Pet`; a bad one rejects with an `AdminError` (`invalid_request`), naming it and its field, and nothing changes. */
  setState(state: StoreState | readonly StoreState['pets'][number][]): Promise<void>;
  /** Answers `operationId`'s next `times` calls (or all, until cleared) with `status`: typed by what the document declares; what it does not declare rejects with an `AdminError` (`invalid_request`). */
  override<Op extends OperationId, Status extends DeclaredStatus<Op>>(operationId: Op, options: OverrideOptions<Op, Status>): Promise<Override>;
  /** The overrides set, with what remains of each. */
  overrides(): Override[];
  /** Clears the overrides, or the one `id` names (throwing an `AdminError`, `override_not_found`, when there is none). */
  clearOverrides(id?: string): void;
  /** The journal's entries of `operationId`, oldest first, bodies typed: `expect(mock.calls('createPet')).toHaveLength(1)`. */
  calls<Op extends OperationId>(operationId: Op): Call<Op>[];
}

/** One session of a mock: send `headers` with a request and it sees only this session's pets. */
export interface PetstoreMockSession extends PetstoreMockControls {
  readonly id: string;
  /** `{ 'x-petstore-session': id }`, to merge into a client's headers. */
  readonly headers: Readonly<Record<string, string>>;
  /** This session's pets. */
  readonly store: PetStore;
  /** Back to the starting pets; forgets this session's overrides and journal entries. */
  reset(): void;
  /** This session's requests, oldest first. */
  requests(filter?: JournalFilter): JournalEntry[];
  /** This session's requests as a HAR 1.2 log, as `GET /__admin/requests.har` gives them. */
  har(filter?: JournalFilter): Har;
}

/** One isolated Animal Store for a test: its handlers and its store. */
export interface PetstoreMock extends PetstoreMockControls {
  /** For `setupServer(...mock.handlers)` or `server.use(...mock.handlers)`. */
  readonly handlers: HttpHandler[];
  /** Read, seed or change the pets directly (those of requests without a session). */
  readonly store: PetStore;
  /** Back to the starting pets, with no sessions, no overrides and an empty journal; or only the session `id` names. */
  reset(session?: string): void;
  /** The requests the handlers answered, oldest first (those of one session when given, and those `filter` keeps). */
  requests(session?: string, filter?: JournalFilter): JournalEntry[];
  /** The same requests as a HAR 1.2 log (what `GET /__admin/requests.har` gives): for DevTools, Playwright's `routeFromHAR` and other HAR readers. */
  har(session?: string, filter?: JournalFilter): Har;
  /** Forgets the journal's entries (those of one session when given). */
  clearRequests(session?: string): void;
  /** A session of its own, opened now: `id` or a random UUID (also on an `http://` LAN page, where `crypto.randomUUID` is missing). */
  openSession(id?: string): PetstoreMockSession;
  /** The engine behind the handlers, created on the first request. */
  engine(): Promise<Engine>;
}

/** The engine and the functions that came with it. */
interface StartedEngine {
  engine: Engine;
  tools: typeof import('./engine-module.js');
}

const ANY_ORIGIN = '[a-z][a-z\\d+.-]*://[^/]+';

/**
 * An Animal Store for MSW: the same engine as the server (Prism validation, errors, deprecation
 * headers, store rules, controls) with fresh stores per call, so each test file or test can start clean.
 */
export function createPetstoreMock(options: PetstoreMockOptions = {}): PetstoreMock {
  return createMock(options, true);
}

/** The mock; `startNow` false leaves the engine to the first request (the module's default `handlers`, which many never use). */
export function createMock(options: PetstoreMockOptions, startNow: boolean): PetstoreMock {
  const { baseUrl, persist, persistKey, ...engineOptions } = options;
  // Checked now, not on the first request: a bad option is a programmer's mistake to see at once.
  checkOptions(engineOptions);
  checkDocumentPath(engineOptions.documentPath);
  checkPersistOptions(persist, persistKey);
  // The package's statuses are known now (generated from its document); another document's once it is read.
  const statusProblem = engineOptions.documentPath === undefined && engineOptions.document === undefined ? findDefaultStatusProblem(engineOptions.defaultStatus, PET_STATUSES) : undefined;
  if (statusProblem) throw new RangeError(`[petstore-mock] ${statusProblem}`);
  const onWarning = engineOptions.onWarning ?? ((message: string) => console.warn(message));
  // The state is made now, the engine later: the controls and the store work before the first request.
  const state = createSharedState(engineOptions, onWarning);
  const { sessions, journal, overrides } = state;
  const keeper = persist === undefined ? undefined : createPersistedStoreKeeper({ persist, key: persistKey ?? `petstore-mock:${baseUrl ?? '/v1'}`, sessions, onWarning });
  let started: Promise<StartedEngine> | undefined;
  // Once started, the state covers every collection of the document; before, the first one's starting records.
  let running: StartedEngine | undefined;
  // Another document's schemas are compiled by Ajv as the engine starts; the package's validators
  // are all precompiled, and its first answer does not wait for Ajv's compiler (loaded after it).
  const ajvCompilerNeeded = engineOptions.document !== undefined || engineOptions.documentPath !== undefined;
  const start = (): Promise<StartedEngine> =>
    (started ??= Promise.all([loadEngineModule(), ajvCompilerNeeded ? loadAjvCompiler() : undefined]).then(async ([tools]) => {
      const engine = await tools.createEngine({ ...engineOptions, sessions, journal, overrides });
      keeper?.restore(pets => tools.readFirstRecords(pets, tools.firstRecordSchemaOf(engine.document), sessions.maxPets));
      running = { engine, tools };
      return running;
    }));
  const getEngine = async (): Promise<Engine> => (await start()).engine;
  // The engine starts before any request (in a page, evaluated once the app's worker is registered:
  // load-engine-module.browser.ts): the first request does not wait for all of it, and kept pets are
  // back before it is answered. A failure to start surfaces on the first request, as it would have without this.
  if (startNow) void getEngine().catch(() => undefined);
  const basePrefix = baseUrl === undefined ? undefined : baseUrl.replace(/\/+$/, '');
  // Without a base URL, any origin under the document's base path. It is known before the document
  // loads (in a page the engine's own chunk is fetched through these handlers, so waiting for it
  // here would never end), except for a documentPath, which only Node reads.
  const basePath = engineOptions.documentPath === undefined ? (engineOptions.document === undefined ? PACKAGE_BASE_PATH : readBasePath(engineOptions.document)) : undefined;
  const pattern = new RegExp(`^${basePrefix === undefined ? `${ANY_ORIGIN}${escapeRegExp(basePath ?? '')}` : escapeRegExp(basePrefix)}(?:[/?#].*)?$`, 'i');
  let documentBasePath = basePath;
  // A document served at the root of its origin (`servers: [{url: https://api.example.com}]`) claims
  // no path of its own: there the handlers take only paths of its operations, not every request of
  // every origin (in a page that was the engine's own chunk, whose load then waited for itself).
  let operationPaths = engineOptions.document === undefined ? undefined : createPathIndex(documentPathsOf(engineOptions.document));
  const underBasePath = (url: string): boolean => {
    if (basePrefix !== undefined || documentBasePath === undefined) return true;
    const path = new URL(url).pathname;
    if (documentBasePath === '') return operationPaths === undefined || operationPaths(path).length > 0;
    return isUnderBasePath(path, documentBasePath);
  };

  // Every request the handlers see has an absolute URL; this is for entries of a journal that has none.
  // Read without URL(), which would throw here for a base URL that is no absolute URL.
  const harOrigin = (basePrefix === undefined ? undefined : /^[a-z][a-z\d+.-]*:\/\/[^/?#]*/i.exec(basePrefix)?.[0]) ?? 'http://localhost';

  let warmedUp = false;
  const handler = http.all(pattern, async ({ request }) => {
    if (!underBasePath(request.url)) return undefined;
    const ready = await getEngine();
    documentBasePath = ready.document.basePath;
    operationPaths ??= createPathIndex([...ready.document.operations.values()]);
    if (!underBasePath(request.url)) return undefined;
    const mockRequest = await fromFetchRequest(request, ready.bodyLimit);
    // The origin stays, for the journal; the engine reads the path, and names it in messages under the base path as requested.
    if (basePrefix !== undefined) {
      const { origin, pathname } = new URL(request.url);
      const rest = request.url.slice(basePrefix.length);
      mockRequest.url = origin + ready.document.basePath + rest;
      mockRequest.basePath = pathname.slice(0, pathname.length - rest.replace(/[?#][\s\S]*$/, '').length);
    }
    const response = await ready.handle(mockRequest);
    if (!warmedUp) {
      // Once the first answer is out (not before: that would hold up the worker's start or the
      // answer), Prism compiles the other operations' validators; and in a page, should Prism meet a
      // schema the build did not foresee, Ajv's compiler will be there.
      warmedUp = true;
      afterFirstAnswer(() => {
        ready.warmUp();
        loadAjvCompiler().catch(() => undefined);
      });
      firstAnswerGiven();
    }
    keeper?.save();
    if (response.delay !== undefined && response.delay > 0) await delay(response.delay);
    return toFetchResponse(response, request.method);
  });

  // The engine may not exist yet; the sessions, journal and overrides it will use do.
  const reset = (session?: string): void => {
    state.reset(session);
    if (session === undefined) keeper?.clear();
    else keeper?.save();
  };

  /** The test controls of one session (`undefined`: the default one), as the admin endpoints give them over HTTP. */
  const controlsOf = (session: string | undefined): PetstoreMockControls => {
    // A write opens the session; a read does not (a session not alive reads as the pets it would start from).
    const liveStore = (): RecordStore | undefined => (session === undefined ? sessions.default.store : sessions.find(session)?.store);
    const controls = (tools: StartedEngine['tools']) => tools.createTestControls({ sessions, overrides });
    return {
      getState: () =>
        running
          ? (controls(running.tools).readState(running.engine.document, session) as unknown as StoreState)
          : ({ pets: liveStore()?.list({ limit: Number.POSITIVE_INFINITY }) ?? structuredClone([...sessions.initialPets]) } as unknown as StoreState),
      async setState(state) {
        const { engine, tools } = await start();
        valueOf(controls(tools).writeState(engine.document, session, state));
        keeper?.save();
      },
      async override(operationId, overrideOptions) {
        const { engine, tools } = await start();
        return valueOf(controls(tools).addOverride(engine.document, session, { operationId, ...overrideOptions }));
      },
      overrides: () => overrides.list(session),
      clearOverrides: id => valueOf(removeOverrides(overrides, session, id)),
      calls: <Op extends OperationId>(operationId: Op) => journal.list(session, { operationId }) as Call<Op>[],
    };
  };

  return {
    handlers: [handler],
    store: asPetStore(sessions.default.store),
    reset,
    requests: (session, filter) => journal.list(session, filter),
    har: (session, filter) => journalToHar(journal.list(session, filter), harOrigin),
    clearRequests: session => journal.clear(session),
    ...controlsOf(undefined),
    openSession(id = newSessionId()) {
      const session = sessions.open(id);
      return {
        id,
        headers: { [SESSION_HEADER]: id },
        store: asPetStore(session.store),
        reset: () => reset(id),
        requests: filter => journal.list(id, filter),
        har: filter => journalToHar(journal.list(id, filter), harOrigin),
        ...controlsOf(id),
      };
    },
    engine: getEngine,
  };
}

/** A fresh Animal Store's handlers, for `setupServer(...createHandlers())`. */
export function createHandlers(options: PetstoreMockOptions = {}): HttpHandler[] {
  return createPetstoreMock(options).handlers;
}

/** How long a page waits after its first answer before the work that comes after it: the answer is still travelling back through the service worker (measured 5–40 ms), and work in an idle moment then held it up. */
const FIRST_ANSWER_WAY_BACK_MS = 1_000;

/** In a page, a second after the first answer, once idle; in Node (no service worker between), at the next turn of the event loop. */
function afterFirstAnswer(work: () => void): void {
  if (typeof document === 'undefined') {
    setTimeout(work, 0);
    return;
  }
  // Safari has no requestIdleCallback. Under a DOM in Node (jsdom), the timer does not keep the process alive.
  const timer: unknown = setTimeout(() => (typeof globalThis.requestIdleCallback === 'function' ? globalThis.requestIdleCallback(work, { timeout: 1_000 }) : work()), FIRST_ANSWER_WAY_BACK_MS);
  (timer as { unref?: () => void }).unref?.();
}

/** A control's value, or its refusal thrown as the `AdminError` the admin endpoint's answer would carry. */
function valueOf<T>(outcome: ControlOutcome<T>): T {
  if ('refusal' in outcome) throw refusal(outcome.refusal.code, outcome.refusal.message);
  return outcome.value;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The paths of a document's operations, as templates (`/planets/{planetId}`), read without loading it. */
function documentPathsOf(document: object): { path: string }[] {
  const { paths } = document as { paths?: unknown };
  return typeof paths === 'object' && paths !== null ? Object.keys(paths).map(path => ({ path })) : [];
}
