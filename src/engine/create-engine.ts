import type { IHttpRequest } from '@stoplight/prism-http';
import { matchPath } from '@stoplight/prism-http/dist/router/matchPath.js';
import { MatchType } from '@stoplight/prism-http/dist/router/types.js';
import type { HttpMethod } from '@stoplight/types';
import { checkDocumentPath, documentFromSource, loadDocument, type PetstoreDocument } from '../document/index.js';
import { adoptDocument, describeDocument, documentPets, documentShape, findInvalidExamples, type DocumentChange } from './document-state.js';
import type { PetShape } from '../store/index.js';
import { checkOptions } from '../options/index.js';
import { DEFAULT_SEED } from '../fixtures/index.js';
import { createSessionRegistry, DEFAULT_MAX_PETS, DEFAULT_PETS, findSessionIdProblem, SESSION_HEADER, type SessionEntry, type SessionRegistry } from '../sessions/index.js';
import type { PetStore } from '../store/index.js';
import { ADMIN_METHODS, ADMIN_PREFIX, answerDashboard, createAdminEndpoints, foreignOriginResponse, judgeAdminOrigin, type MockSettings } from './admin/index.js';
import { checkFaultRate, createClock, createOverrideRegistry, isForced, readControls, toDelayRange, toInstant } from './controls/index.js';
// By file: the Engine's public declaration must not reach Prism's types through controls/index.js.
import type { OverrideRegistry } from './controls/overrides.js';
import { corsHeaders, decodeBody, isPreflight, lowerCaseHeaders, parseQuery, preflightHeaders, splitUrl, utf8Length, type DecodedBody } from './http/index.js';
import { EVAL_BLOCKED_MESSAGE, isError, isEvalBlocked } from './checks/index.js';
import { createPrismPipeline, escapeUndecodableSegments, loadPrismMocker, parsableContentType, verdictKey } from './prism/index.js';
import { resetState, warnOfEviction } from './shared-state.js';
import { createOperationResponder, type AnswerControl, type RequestContext } from './operations/index.js';
import { createRequestJournal, DEFAULT_JOURNAL_SIZE, journalBody, NO_BODY, type JournalEntry, type JournalProblem, type RequestJournal } from './journal/index.js';
import { errorResponse, toMockResponse } from './responses/index.js';
import { petSchemaOf, readPets } from './state/index.js';
import type { EngineOptions, MockRequest, MockResponse } from './types.js';
import type { Pet } from '../types/index.js';

export { DEFAULT_PETS } from '../sessions/index.js';
export { resetState, warnOfEviction } from './shared-state.js';
export const DEFAULT_BODY_LIMIT = 1024 * 1024;
export const DEFAULT_REMEMBERED_VERDICTS = 1024;

/** The transport-agnostic mock: every surface (HTTP server, MSW, container) hands requests to one. */
export interface Engine {
  handle(request: MockRequest): Promise<MockResponse>;
  /** The default session's store (requests without `X-Petstore-Session`). */
  readonly store: PetStore;
  readonly sessions: SessionRegistry;
  readonly journal: RequestJournal;
  /** Scripted answers, by session (`/__admin/overrides`). */
  readonly overrides: OverrideRegistry;
  /** The OpenAPI document the engine answers by (the latest good one, with `--watch`). */
  readonly document: PetstoreDocument;
  readonly bodyLimit: number;
  /**
   * Answers by `document` from the next request on, keeping every store: pets the new `Pet` refuses
   * are removed and listed in the result. Throws, changing nothing, when the options do not fit it.
   */
  replaceDocument(document: PetstoreDocument): DocumentChange;
  /** One session back to its seeded state, or with no id everything: every store, session and the journal. */
  reset(session?: string): void;
  /** Compiles Prism's validators of every operation now instead of on each operation's first request; changes no state. */
  warmUp(): void;
}

/** A request's answer before CORS and the journal: the response, and what the journal records of it. */
interface Answer {
  response: MockResponse;
  /** The session the request entered; only requests with acceptable credentials enter one. */
  session?: SessionEntry;
  problems?: JournalProblem[];
  control?: AnswerControl;
  /** The request's body as the journal keeps it. */
  body?: Pick<JournalEntry, 'body' | 'bodyCut'>;
}

/** Response header on the answer of a request whose session was opened afresh: `new`, or `reopened` after it was dropped. */
export const SESSION_OPENED_HEADER = 'x-petstore-session-opened';

export async function createEngine(options: EngineOptions = {}): Promise<Engine> {
  checkOptions(options);
  checkDocumentPath(options.documentPath);
  if (options.document !== undefined && options.documentPath !== undefined) throw new TypeError('[petstore-mock] Pass documentPath or document, not both.');
  const document = options.document === undefined ? await loadDocument(options.documentPath) : await documentFromSource(options.document);
  const seed = options.seed ?? DEFAULT_SEED;
  const maxPets = options.maxPets ?? DEFAULT_MAX_PETS;
  if (options.initialPets !== undefined) {
    // Checked against the document's Pet by Prism's validator, as PUT /__admin/state is.
    const read = readPets(options.initialPets, petSchemaOf(document), maxPets);
    if ('problem' in read) throw new RangeError(`[petstore-mock] initialPets ${read.problem}.`);
  }
  if (options.sessions && options.store) throw new Error('[petstore-mock] Pass the engine a store or sessions, not both: the sessions hold the default store.');
  const onWarning = options.onWarning ?? ((message: string) => console.warn(message));
  const seededPets = (from: PetstoreDocument) => documentPets(from, { seed, count: options.pets ?? DEFAULT_PETS, initialPets: options.initialPets });
  const sessions = options.sessions ?? createEngineSessions(options, onWarning, seededPets(document), documentShape(document, options.defaultStatus));
  const clock = createClock(options.now);
  adoptDocument(sessions, document, { defaultStatus: options.defaultStatus, initialPets: seededPets(document), seed, now: clock() });
  const warnOfInvalidExamples = (checked: PetstoreDocument): void => {
    for (const problem of findInvalidExamples(checked)) onWarning(`[petstore-mock] The document is served as written, but ${problem}; a forced or scripted answer of it breaks the document.`);
  };
  warnOfInvalidExamples(document);
  const journal = options.journal ?? createRequestJournal(options.journalSize ?? DEFAULT_JOURNAL_SIZE);
  const overrides = options.overrides ?? createOverrideRegistry();
  const latency = options.delay === undefined ? undefined : toDelayRange(options.delay);
  const cors = options.cors ?? true;
  // Checked by checkOptions; compared without regard to case, as origins are.
  const adminOrigins = new Set((options.adminOrigins ?? []).map(origin => origin.toLowerCase()));
  const bodyLimit = options.bodyLimit ?? DEFAULT_BODY_LIMIT;
  const onError = options.onError ?? ((message: string, error?: unknown) => console.error(message, error ?? ''));
  const contexts = new WeakMap<IHttpRequest, RequestContext>();
  const responderOptions = {
    apiKeys: new Set(options.apiKeys ?? []),
    bodyLimit,
    faultRate: checkFaultRate(options.faultRate ?? 0),
    latency,
    overrides,
    clock,
    seed,
  };
  const reset = (session?: string): void => resetState({ sessions, journal, overrides }, session);
  const settings = describeSettings(options, sessions, journal, latency);

  /** Everything the engine derives from its document; a new document (`--watch`) makes a new one. */
  const derive = (document: PetstoreDocument) => {
    const responder = createOperationResponder({ document, ...responderOptions });
    const pipeline = createPrismPipeline(
      document.prismOperations,
      (operation, request, diagnostics) => {
        const context = contexts.get(request);
        if (!context) throw new Error('[petstore-mock] Prism answered a request the engine did not hand it.');
        return responder.respond(operation, request, diagnostics, context);
      },
      { validateResponses: options.validateResponses ?? false, rememberedVerdicts: options.rememberedVerdicts ?? DEFAULT_REMEMBERED_VERDICTS },
    );
    const admin = createAdminEndpoints({ document, sessions, journal, overrides, reset, adminToken: options.adminToken, bodyLimit, settings: { ...settings, document: describeDocument(document) } });
    const operationList = [...document.operations.values()].map(operation => `${operation.method.toUpperCase()} ${document.basePath}${operation.path}`).join(', ');
    return {
      document,
      pipeline,
      admin,
      documentMethods: withHead([...new Set([...document.operations.values()].map(operation => operation.method.toUpperCase()))]),
      /** Operations Prism's mocker answers from the document: with one, every request has the mocker at hand. */
      answersFromDocument: [...document.pets.roles.values()].includes('document'),
      notFound: (path: string): MockResponse =>
        toMockResponse(errorResponse('route_not_found', `No operation of ${document.source.info.title} is at ${path}; it has ${operationList}.`)),
      allowedMethods: (path: string): string[] =>
        withHead([
          ...new Set(
            document.prismOperations
              .filter(operation => {
                const match = matchPath(path, operation.path);
                return match._tag === 'Right' && match.right !== MatchType.NOMATCH;
              })
              .map(operation => operation.method.toUpperCase()),
          ),
        ]),
    };
  };
  let current = derive(document);

  /**
   * A request under the base path: its controls read, then Prism and the responder decide. The
   * session is entered by the responder, once the credentials passed; until then the delay is the
   * one the request names, or the lower bound of `--delay` (nothing is drawn from a session's stream).
   */
  const answerApiRequest = async (method: string, typedPath: string, search: string, headers: Record<string, string>, request: MockRequest): Promise<Answer> => {
    const { document, pipeline } = current;
    const path = typedPath.slice(document.basePath.length) || '/';
    const sessionId = headers[SESSION_HEADER];
    const sessionProblem = findSessionIdProblem(sessionId);
    if (sessionProblem) return { response: toMockResponse(errorResponse('invalid_request', sessionProblem)) };
    const query = parseQuery(search);
    const read = readControls(headers['prefer'], query);
    if ('problem' in read) return { response: toMockResponse(errorResponse('invalid_request', read.problem)) };
    const { controls } = read;
    const decoded = decodeBody(request.body, headers['content-type'], request.bodyTooLarge === true);
    if (parsableContentType(headers['content-type']) === undefined) delete headers['content-type'];
    // Prism routes no HEAD: it is answered as the GET it stands for, without the body.
    const prismMethod = method === 'HEAD' ? 'GET' : method;
    const prismRequest: IHttpRequest = {
      method: prismMethod.toLowerCase() as HttpMethod,
      url: { path: escapeUndecodableSegments(path), query },
      headers,
      ...(decoded.kind === 'json' && { body: decoded.value }),
      ...((decoded.kind === 'invalid-json' || decoded.kind === 'not-json') && { body: decoded.text }),
    };
    if (decoded.kind !== 'none' && headers['content-length'] === undefined) {
      // Prism looks at Content-Length to tell whether a body came; MSW requests may lack it.
      headers['content-length'] = String(typeof request.body === 'string' ? utf8Length(request.body) : request.body?.byteLength ?? 1);
    }
    const context: RequestContext = {
      body: decoded,
      sessionId,
      enterSession: () => (sessionId === undefined ? { session: sessions.default } : sessions.enter(sessionId)),
      controls,
      delay: controls.delay ?? latency?.min ?? 0,
      control: null,
      problems: [],
    };
    // Prism's mocker answers forced and scripted responses; with no override set this costs nothing.
    if (isForced(controls) || overrides.size > 0 || current.answersFromDocument) context.mocker = await loadPrismMocker();
    contexts.set(prismRequest, context);
    const result = await pipeline.run(prismRequest, verdictKey(prismMethod, `${path}?${search}`, headers, decoded.kind !== 'none'));
    const finish = (response: MockResponse, problems: JournalProblem[] = context.problems): Answer => {
      response.delay = context.delay;
      const opened = context.session?.opened;
      if (opened) response.headers[SESSION_OPENED_HEADER] = opened;
      return { response, problems, control: context.control, body: bodyForJournal(decoded), ...(context.session && { session: context.session }) };
    };
    if (result._tag === 'Left') return finish(routeError(result.left, path, method, typedPath));
    const { output, validations } = result.right;
    const violations = validations.output.filter(isError);
    if (violations.length > 0) {
      const message = `${method} ${path} answered ${output.statusCode}, which the document does not allow: ${violations.map(v => `${(v.path ?? []).join('.')} ${v.message}`).join('; ')}.`;
      onError(`[petstore-mock] ${message}`);
      const problems = [...context.problems, ...violations.map(v => ({ path: ['response', ...(v.path ?? [])].join('.'), message: v.message }))];
      return finish(toMockResponse(errorResponse('invalid_response', message), context.operationId), problems);
    }
    return finish(toMockResponse(output, context.operationId));
  };

  const routeError = (error: Error, path: string, method: string, typedPath: string): MockResponse => {
    const status = (error as { status?: number }).status;
    if (status === 405) {
      const allow = current.allowedMethods(path);
      return toMockResponse(errorResponse('method_not_allowed', `${method} is not allowed on ${current.document.basePath}${path}; use ${allow.join(' or ')}.`, { allow: allow.join(', ') }));
    }
    if (status === 404) return current.notFound(typedPath);
    return unexpectedFailure(`[petstore-mock] Prism could not route ${method} ${path}.`, error);
  };

  let evalBlockedReported = false;
  /** A 500 for a failure the mock did not expect; one that a missing 'unsafe-eval' causes says so, in the body and (once) in the log. */
  const unexpectedFailure = (message: string, error: unknown): MockResponse => {
    if (isEvalBlocked(error)) {
      if (!evalBlockedReported) onError(`[petstore-mock] ${EVAL_BLOCKED_MESSAGE}`, error);
      evalBlockedReported = true;
      return toMockResponse(errorResponse('eval_not_allowed', EVAL_BLOCKED_MESSAGE));
    }
    onError(message, error);
    return toMockResponse(errorResponse('internal_error', 'The mock failed unexpectedly; see its log.'));
  };

  const answer = async (method: string, path: string, search: string, headers: Record<string, string>, request: MockRequest): Promise<Answer> => {
    if (cors && isPreflight(method, name => headers[name])) {
      return { response: { status: 204, headers: preflightHeaders(headers['origin'], current.documentMethods, headers['access-control-request-headers']) } };
    }
    const { basePath } = current.document;
    if (path === basePath || path.startsWith(`${basePath}/`)) {
      return answerApiRequest(method, path, search, headers, request);
    }
    return { response: current.notFound(path) };
  };

  /**
   * WireMock's admin paths. Health is open to all, for probes; the others answer only the mock's own
   * pages, trusted origins and clients that are no browser, so that no web page can read the
   * journal or reset the stores; CORS headers go only to a trusted origin.
   */
  const answerAdmin = (method: string, path: string, search: string, headers: Record<string, string>, request: MockRequest): MockResponse => {
    const origin = headers['origin'];
    // The page and its assets hold no data: a browser navigates to them, and their script then asks the endpoints below.
    const page = options.dashboardScript !== undefined && (method === 'GET' || method === 'HEAD') ? answerDashboard(path, options.dashboardScript) : undefined;
    if (page) return method === 'HEAD' ? (withoutBody(page), page) : page;
    const verdict = path === '/__admin/health' ? 'trusted' : judgeAdminOrigin(headers, adminOrigins);
    if (verdict === 'foreign') return foreignOriginResponse(path, headers);
    const addCors = cors && verdict === 'trusted';
    if (addCors && isPreflight(method, name => headers[name])) {
      return { status: 204, headers: preflightHeaders(origin, ADMIN_METHODS, headers['access-control-request-headers']) };
    }
    const response =
      current.admin.answer({ method: method === 'HEAD' ? 'GET' : method, path, search, headers, body: request.body, bodyTooLarge: request.bodyTooLarge === true }) ??
      current.notFound(path);
    if (addCors) Object.assign(response.headers, corsHeaders(origin));
    if (method === 'HEAD') withoutBody(response);
    return response;
  };

  return {
    store: sessions.default.store,
    sessions,
    journal,
    overrides,
    get document() {
      return current.document;
    },
    bodyLimit,
    reset,
    replaceDocument(next) {
      const change = adoptDocument(sessions, next, { defaultStatus: options.defaultStatus, initialPets: seededPets(next), seed, now: clock(), previous: current.document });
      current = derive(next);
      warnOfInvalidExamples(next);
      return change;
    },
    warmUp() {
      try {
        current.pipeline.warmUp();
      } catch {
        // Where validators cannot be compiled (a CSP without 'unsafe-eval'), the first request says why.
      }
    },
    async handle(request) {
      const time = new Date().toISOString();
      const method = request.method.toUpperCase();
      const headers = lowerCaseHeaders(request.headers);
      const { path, search } = splitUrl(request.url);
      let answered: Answer;
      try {
        if (path.startsWith(ADMIN_PREFIX)) return answerAdmin(method, path, search, headers, request);
        answered = await answer(method, path, search, headers, request);
      } catch (error) {
        answered = { response: unexpectedFailure(`[petstore-mock] ${method} ${path} failed unexpectedly.`, error) };
      }
      const { response } = answered;
      if (cors) Object.assign(response.headers, corsHeaders(headers['origin']));
      if (method === 'HEAD') withoutBody(response);
      const sessionId = headers[SESSION_HEADER];
      journal.record({
        time,
        method,
        path: search === '' ? path : `${path}?${search}`,
        operationId: response.operationId ?? null,
        status: response.status,
        session: sessionId !== undefined && findSessionIdProblem(sessionId) === undefined ? sessionId : null,
        problems: answered.problems ?? [],
        delay: response.delay ?? 0,
        control: answered.control ?? null,
        sessionOpened: answered.session?.opened ?? null,
        evictedSession: answered.session?.evicted ?? null,
        body: answered.body?.body ?? null,
        bodyCut: answered.body?.bodyCut ?? false,
      });
      return response;
    },
  };
}

/** The options that shape answers, for `GET /__admin/settings` and the dashboard: counts and flags, never a key or the token. */
function describeSettings(options: EngineOptions, sessions: SessionRegistry, journal: RequestJournal, latency: { min: number; max: number } | undefined): Omit<MockSettings, 'document'> {
  const now = options.now === undefined ? undefined : toInstant(options.now);
  return {
    seed: options.seed ?? DEFAULT_SEED,
    startingPets: sessions.default.store.size,
    startingFrom: options.initialPets === undefined ? 'seed' : 'data',
    apiKeys: options.apiKeys?.length ?? 0,
    adminToken: options.adminToken !== undefined,
    delay: latency ?? null,
    faultRate: options.faultRate ?? 0,
    now: now ? now.toISOString() : null,
    maxSessions: sessions.maxSessions,
    maxPets: sessions.maxPets,
    journalSize: journal.capacity,
  };
}

/** GET, and HEAD beside it: HEAD is answered wherever GET is (RFC 9110). */
function withHead(methods: string[]): string[] {
  return methods.includes('HEAD') ? methods : methods.flatMap(method => (method === 'GET' ? ['GET', 'HEAD'] : [method]));
}

/** A HEAD answer: the GET's status and headers, its length, no body. */
function withoutBody(response: MockResponse): void {
  if (response.body === undefined) return;
  response.headers['content-length'] = String(utf8Length(response.body));
  delete response.body;
}

/** The body as the journal keeps it: parsed JSON, or the text of another kind. */
function bodyForJournal(decoded: DecodedBody): Pick<JournalEntry, 'body' | 'bodyCut'> {
  switch (decoded.kind) {
    case 'json':
      return journalBody(decoded.text, { value: decoded.value });
    case 'invalid-json':
    case 'not-json':
      return journalBody(decoded.text, undefined);
    case 'too-large':
      return { body: null, bodyCut: true };
    case 'none':
      return NO_BODY;
  }
}

function createEngineSessions(options: EngineOptions, onWarning: (message: string) => void, initialPets: readonly Pet[], shape: PetShape): SessionRegistry {
  return createSessionRegistry({
    shape,
    onEvict: warnOfEviction(onWarning, options.maxSessions),
    ...(options.seed !== undefined && { seed: options.seed }),
    initialPets,
    ...(options.defaultStatus !== undefined && { defaultStatus: options.defaultStatus }),
    ...(options.maxPets !== undefined && { maxPets: options.maxPets }),
    ...(options.maxSessions !== undefined && { maxSessions: options.maxSessions }),
    ...(options.store !== undefined && { defaultStore: options.store }),
  });
}
