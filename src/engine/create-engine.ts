import { checkDocumentPath, DEFAULT_DOCUMENT_LIMITS, documentFromSource, keepingFirstCollection, loadDocument, type DocumentLimits, type PetstoreDocument } from '../document/index.js';
import { DEFAULT_SEED } from '../fixtures/index.js';
import { checkOptions } from '../options/index.js';
import { DEFAULT_MAX_PETS, DEFAULT_PETS, findSessionIdProblem, newSessionId, SESSION_HEADER, type SessionRegistry } from '../sessions/index.js';
import type { RecordStore, StoredRecord } from '../store/index.js';
import { ADMIN_PREFIX, ANY_HOST, createAdminHostCheck, hostOfOrigin, limitThatRefused, type MockSettings } from './admin/index.js';
import { checkFaultRate, createClock, toDelayRange, toInstant } from './controls/index.js';
// By file: the Engine's public declaration must not reach Prism's types through controls/index.js.
import type { OverrideRegistry } from './controls/overrides.js';
import { adoptDocument, collectionsInUse, compileAgainstARecord, documentPets, documentShape, findInvalidExamples, shareDocumentReferences, type DocumentChange } from './document-state.js';
import { corsHeaders, isPreflight, lowerCaseHeaders, preflightHeaders, splitUrl } from './http/index.js';
import { findReason, journalHeaders, redactedPath, journalResponse, journalTime, requestOrigin, sharedText, type JournalEntry, type RequestJournal } from './journal/index.js';
import { answerAdminRequest, answerApiRequest, createDocumentRuntime, createFailureAnswer, withoutBody, type Answer, type DocumentRuntimeServices } from './pipeline/index.js';
import { createSharedState } from './shared-state.js';
import { firstRecordSchemaOf, readFirstRecords, readRecords } from './state/index.js';
import { renewSchemaCompilers } from './schema/index.js';
import type { EngineOptions } from './engine-options.js';
import type { MockRequest, MockResponse, Refusal } from './types.js';

export { DEFAULT_PETS, SESSION_OPENED_HEADER } from '../sessions/index.js';
export const DEFAULT_BODY_LIMIT = 1024 * 1024;
/** Prism's verdicts remembered by default: a suite's lists, and reads of the records it made, under MAX_REMEMBERED_KEY_CHARACTERS. */
export const DEFAULT_REMEMBERED_VERDICTS = 4096;

/** The transport-agnostic mock: every surface (HTTP server, MSW, container) hands requests to one. */
export interface Engine {
  handle(request: MockRequest): Promise<MockResponse>;
  /** The default session's store (requests without `X-Petstore-Session`). */
  readonly store: RecordStore;
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
  /**
   * `replaceDocument` prepared a step at a time, each step yielding to the event loop, so that requests
   * go on being answered by the current document meanwhile (`--watch`): the new document's runtime,
   * its seeded pets, its schemas read and its validators compiled against a record of each collection
   * in use; then the switch, at once, as `replaceDocument` makes it. Rejects, changing nothing, where
   * `replaceDocument` throws.
   */
  replaceDocumentInSteps(document: PetstoreDocument): Promise<DocumentChange>;
  /** One session back to its seeded state, or with no id everything: every store, session and the journal. */
  reset(session?: string): void;
  /**
   * Journals a request refused before the engine saw it (a server's limit such as
   * `maxInflightBytes`, or its stopping), as an entry naming `limit`: what the request was, the
   * answer it got, and why. No body is kept; the entry counts against the journal's bytes as any other.
   */
  recordRefusal(refusal: Refusal): void;
  /** Compiles Prism's validators of every operation now instead of on each operation's first request; changes no state. */
  warmUp(): void;
}

/**
 * The engine: the document read, the state it shapes (sessions and their stores, the journal, the
 * overrides), and for each request the stages of `./pipeline`: an admin request, a CORS preflight,
 * or an API request read, run through Prism's pipeline and checked; then CORS, HEAD and the journal.
 */
export async function createEngine(options: EngineOptions = {}): Promise<Engine> {
  checkOptions(options);
  checkDocumentPath(options.documentPath);
  if (options.document !== undefined && options.documentPath !== undefined) throw new TypeError('[petstore-mock] Pass documentPath or document, not both.');
  if (options.sessions && options.store) throw new Error('[petstore-mock] Pass the engine a store or sessions, not both: the sessions hold the default store.');
  const limits = Object.fromEntries(Object.keys(DEFAULT_DOCUMENT_LIMITS).flatMap(key => (options[key as keyof DocumentLimits] === undefined ? [] : [[key, options[key as keyof DocumentLimits]]]))) as Partial<DocumentLimits>;
  const document = options.document === undefined ? await loadDocument(options.documentPath, limits) : await documentFromSource(options.document, limits);
  const seed = options.seed ?? DEFAULT_SEED;
  if (options.initialPets !== undefined) {
    // Checked against the document's Pet by Prism's validator, as PUT /__admin/state is.
    const read = readFirstRecords(options.initialPets, firstRecordSchemaOf(document), options.maxPets ?? DEFAULT_MAX_PETS);
    if ('problem' in read) throw new RangeError(`[petstore-mock] initialPets ${read.problem}.`);
  }
  for (const [name, records] of Object.entries(options.initialRecords ?? {})) {
    const resource = document.resources.byName.get(name);
    if (!resource || resource === document.firstCollection.resource) {
      const others = document.resources.resources.filter(other => other !== document.firstCollection.resource).map(other => other.name);
      throw new RangeError(`[petstore-mock] initialRecords names ${JSON.stringify(name)}, which is not another collection of the document (${others.join(', ') || 'it has none'}).`);
    }
    const read = readRecords(records, resource, options.maxPets ?? DEFAULT_MAX_PETS);
    if ('problem' in read) throw new RangeError(`[petstore-mock] initialRecords ${name} ${read.problem}.`);
  }
  const onWarning = options.onWarning ?? ((message: string) => console.warn(message));
  const onError = options.onError ?? ((message: string, error?: unknown) => console.error(message, error ?? ''));
  const clock = createClock(options.now);
  const seededPets = (from: PetstoreDocument): readonly StoredRecord[] => documentPets(from, { seed, count: options.pets ?? DEFAULT_PETS, initialPets: options.initialPets });
  const adopt = (next: PetstoreDocument, startingPets: readonly StoredRecord[], previous?: PetstoreDocument, invalidExamples = findInvalidExamples(next)): DocumentChange => {
    const change = adoptDocument(sessions, next, {
      defaultStatus: options.defaultStatus,
      initialPets: startingPets,
      initialPetsGiven: options.initialPets !== undefined,
      initialRecords: options.initialRecords,
      sessionsMadeBefore: options.sessions !== undefined,
      seed,
      now: clock(),
      ...(previous && { previous }),
    });
    for (const repair of next.repairs ?? []) onWarning(`[petstore-mock] The document is read as its authors meant it: ${repair}.`);
    for (const problem of invalidExamples) onWarning(`[petstore-mock] The document is served as written, but ${problem}; a forced or scripted answer of it breaks the document.`);
    return change;
  };

  const startingPets = seededPets(document);
  const { sessions, journal, overrides, reset } = createSharedState(options, onWarning, { initialPets: startingPets, shape: documentShape(document, options.defaultStatus) });
  adopt(document, startingPets);
  const latency = options.delay === undefined ? undefined : toDelayRange(options.delay);
  const cors = options.cors ?? true;
  const bodyLimit = options.bodyLimit ?? DEFAULT_BODY_LIMIT;
  const failure = createFailureAnswer(onError);
  const runtimeServices: DocumentRuntimeServices = {
    responder: { apiKeys: new Set(options.apiKeys ?? []), bodyLimit, faultRate: checkFaultRate(options.faultRate ?? 0), latency, overrides, clock, seed },
    admin: { sessions, journal, overrides, reset, adminToken: options.adminToken, bodyLimit, settings: describeSettings(options, sessions, journal, latency) },
    validateResponses: options.validateResponses ?? false,
    rememberedVerdicts: options.rememberedVerdicts ?? DEFAULT_REMEMBERED_VERDICTS,
  };
  const apiServices = { sessions, overrides, latency, onError, failure };
  // Checked by checkOptions; compared without regard to case, as origins are.
  const adminServices = {
    cors,
    adminOrigins: new Set((options.adminOrigins ?? []).map(origin => origin.toLowerCase())),
    // A trusted origin's pages reach the mock by its host (`http://*` names no host: only --admin-host * means any).
    isAdminHost:
      options.adminHosts === undefined
        ? undefined
        : createAdminHostCheck([...options.adminHosts, ...(options.adminOrigins ?? []).map(hostOfOrigin).filter(host => host !== ANY_HOST)]),
    dashboardScript: options.dashboardScript,
  };
  let runtime = createDocumentRuntime(document, runtimeServices);

  const answer = async (request: MockRequest, method: string, path: string, search: string, headers: Record<string, string>): Promise<Answer> => {
    if (cors && isPreflight(method, name => headers[name])) {
      return { response: { status: 204, headers: preflightHeaders(headers['origin'], [...runtime.documentMethods], headers['access-control-request-headers']) } };
    }
    const { basePath } = runtime.document;
    if (path === basePath || path.startsWith(`${basePath}/`)) return answerApiRequest(runtime, apiServices, request, method, path, search, headers);
    return { response: runtime.notFound(path, request.basePath) };
  };

  const recordRefusal = (refusal: Refusal, time = journalTime()): void => {
    if (journal.capacity === 0) return;
    const headers = lowerCaseHeaders(refusal.headers);
    const { path, search } = splitUrl(refusal.url);
    const { response } = refusal;
    journal.record(journalEntry(refusal, response, { response, limit: refusal.limit }, { time, method: refusal.method.toUpperCase(), path, search, headers, reason: findReason(response.status, response.body) }));
  };

  const replaceDocument = (given: PetstoreDocument): DocumentChange => {
    // The collection the stores' first place holds stays the same one while the new document has it.
    const next = keepingFirstCollection(given, runtime.document);
    // The new document's schemas are compiled afresh: what was compiled for the old one goes with it.
    renewSchemaCompilers();
    // Everything that can refuse the document runs before anything it implies touches the stores:
    // its runtime (operations, deprecations, successors), then its seeded pets and the adoption itself.
    const nextRuntime = createDocumentRuntime(next, runtimeServices);
    const starting = seededPets(next);
    const change = adopt(next, starting, runtime.document);
    runtime = nextRuntime;
    return change;
  };
  const replaceDocumentInSteps = async (given: PetstoreDocument): Promise<DocumentChange> => {
    const previous = runtime.document;
    const next = keepingFirstCollection(given, previous);
    // The new document's schemas are compiled afresh from here on, what was compiled for the old one
    // going with it (what the old one compiles meanwhile goes at the next reload).
    renewSchemaCompilers();
    await nextTurn();
    const nextRuntime = createDocumentRuntime(next, runtimeServices);
    await nextTurn();
    shareDocumentReferences(next);
    await nextTurn();
    const starting = seededPets(next);
    await nextTurn();
    const invalidExamples = findInvalidExamples(next);
    for (const name of collectionsInUse(sessions, next)) {
      await nextTurn();
      compileAgainstARecord(sessions, next, name, { seed, now: clock() });
    }
    await nextTurn();
    // Another replacement came first: this one is made against the document that now answers.
    if (runtime.document !== previous) return replaceDocument(given);
    // The switch, in one turn: every record checked (by validators now compiled), the stores changed, the runtime swapped.
    const change = adopt(next, starting, previous, invalidExamples);
    runtime = nextRuntime;
    return change;
  };

  return {
    store: sessions.default.store,
    recordRefusal: refusal => recordRefusal(refusal),
    sessions,
    journal,
    overrides,
    get document() {
      return runtime.document;
    },
    bodyLimit,
    reset,
    replaceDocument,
    replaceDocumentInSteps,
    warmUp() {
      try {
        runtime.pipeline.warmUp();
      } catch {
        // Where validators cannot be compiled (a CSP without 'unsafe-eval'), the first request says why.
      }
    },
    async handle(request) {
      const time = journalTime();
      const method = request.method.toUpperCase();
      const headers = lowerCaseHeaders(request.headers);
      const { path, search } = splitUrl(request.url);
      let answered: Answer;
      try {
        if (path.startsWith(ADMIN_PREFIX)) {
          const response = answerAdminRequest(runtime, adminServices, request, method, path, search, headers);
          // Admin requests are not journaled, but one a limit refused is: the journal says which limit was hit.
          const limit = limitThatRefused(response);
          if (limit !== undefined) recordRefusal({ method, url: request.url, headers: request.headers, response, limit }, time);
          return response;
        }
        answered = await answer(request, method, path, search, headers);
      } catch (error) {
        answered = { response: failure(`[petstore-mock] ${method} ${path} failed unexpectedly.`, error) };
      }
      const { response } = answered;
      if (cors) Object.assign(response.headers, corsHeaders(headers['origin']));
      // The reason is read before HEAD drops the body: the GET's answer says why.
      const reason = journal.capacity > 0 ? findReason(response.status, response.body) : null;
      if (method === 'HEAD') withoutBody(response);
      if (journal.capacity > 0) journal.record(journalEntry(request, response, answered, { time, method, path, search, headers, reason, declared: runtime.credentialNames }));
      return response;
    },
  };
}

/** Resolves on the event loop's next turn: what is waiting (requests, timers) runs first. */
function nextTurn(): Promise<void> {
  return new Promise(resolve => (typeof setImmediate === 'function' ? setImmediate(resolve) : setTimeout(resolve, 0)));
}

/** Shared by every entry without problems (entries are never changed in place). */
const NO_PROBLEMS = Object.freeze([]) as unknown as JournalEntry['problems'];

/** What the journal keeps of one answered request. */
function journalEntry(
  request: Pick<MockRequest, 'url' | 'headers'>,
  response: MockResponse,
  answered: Answer,
  read: { time: string; method: string; path: string; search: string; headers: Record<string, string>; reason: string | null; declared?: ReadonlySet<string> },
): Omit<JournalEntry, 'seq'> {
  const { path, search, headers } = read;
  const sessionId = headers[SESSION_HEADER];
  return {
    time: read.time,
    method: read.method,
    path: sharedText(search === '' ? path : redactedPath(`${path}?${search}`, read.declared)),
    operationId: response.operationId ?? null,
    status: response.status,
    session: sessionId !== undefined && findSessionIdProblem(sessionId) === undefined ? sessionId : null,
    problems: answered.problems !== undefined && answered.problems.length > 0 ? answered.problems : NO_PROBLEMS,
    delay: response.delay ?? 0,
    control: answered.control ?? null,
    sessionOpened: answered.session?.opened ?? null,
    evictedSession: answered.session?.evicted ?? null,
    body: answered.body?.body ?? null,
    bodyCut: answered.body?.bodyCut ?? false,
    origin: requestOrigin(request.url, headers['host']),
    ...journalHeaders(request.headers, answered.identity, read.declared),
    response: journalResponse(response),
    reason: read.reason,
    pathCut: false,
    limit: answered.limit ?? null,
  };
}

/** The options that shape answers, for `GET /__admin/settings` and the dashboard: counts and flags, never a key or the token. */
function describeSettings(options: EngineOptions, sessions: SessionRegistry, journal: RequestJournal, latency: { min: number; max: number } | undefined): Omit<MockSettings, 'document' | 'operations' | 'limits'> {
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
    instance: newSessionId(),
  };
}
