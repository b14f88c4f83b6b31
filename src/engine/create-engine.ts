import { isUnderBasePath, type PetstoreDocument } from '../document/index.js';
import type { SessionRegistry } from '../sessions/index.js';
import type { RecordStore } from '../store/index.js';
import { ADMIN_PREFIX, limitThatRefused } from './admin/index.js';
// By file: the Engine's public declaration must not reach Prism's types through controls/index.js.
import type { OverrideRegistry } from './controls/overrides.js';
import { adoptionInto, holdDocument, readStartingDocument, startingPetsOf } from './document-in-force.js';
import { documentShape, type DocumentChange } from './document-state.js';
import { readEngineSettings, showSettings, type EngineReport, type EngineServices } from './engine-services.js';
import { corsHeaders, isPreflight, lowerCaseHeaders, preflightHeaders, splitUrl } from './http/index.js';
import { findReason, journalTime, type RequestJournal } from './journal/index.js';
import { answerAdminRequest, answerApiRequest, createFailureAnswer, journalAnswer, journalRefusal, withoutBody, type Answer } from './pipeline/index.js';
import { createSharedState } from './shared-state.js';
import type { EngineOptions } from './engine-options.js';
import type { MockRequest, MockResponse, Refusal } from './types.js';

export { DEFAULT_PETS, SESSION_OPENED_HEADER } from '../sessions/index.js';
export { DEFAULT_BODY_LIMIT, DEFAULT_REMEMBERED_VERDICTS } from './engine-services.js';

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
  /**
   * Settles once the checks the engine makes of the document it answers by, once it answers, are done:
   * each response example against its own schema, warned of (`onWarning`) where it breaks it. They run
   * a turn at a time between requests, a big schema's validator compiled in a worker thread, so that a
   * document with many examples answers sooner (GitHub's 645: ready in about 3 s, not 10); a replaced
   * document's are checked after the switch. Never rejects.
   */
  readonly checked: Promise<void>;
}

/**
 * The engine, made in this order: the options and the document checked and read; the state
 * (sessions and their stores, the journal, the overrides), made once; the document adopted into it;
 * the document in force, whose runtime answers. Each request then takes its way through the stages
 * of `./pipeline`: an admin request, a CORS preflight, or an API request read, run through Prism's
 * pipeline and checked; then CORS, HEAD and the journal.
 */
export async function createEngine(options: EngineOptions = {}): Promise<Engine> {
  const document = await readStartingDocument(options);
  const settings = readEngineSettings(options);
  const onWarning = options.onWarning ?? ((message: string) => console.warn(message));
  const onError = options.onError ?? ((message: string, error?: unknown) => console.error(message, error ?? ''));
  const report: EngineReport = { onWarning, onError, failure: createFailureAnswer(onError) };
  const startingPets = startingPetsOf(document, options, settings.seed, onWarning);
  const state = createSharedState(options, onWarning, { initialPets: startingPets, shape: documentShape(document, options.defaultStatus) });
  const adopt = adoptionInto(state, options, { settings, report });
  adopt(document, startingPets);
  const services: EngineServices = { state, settings, shown: showSettings(options, settings, state), report };
  const inForce = holdDocument(document, services, options, adopt);
  const { sessions, journal, overrides, reset } = state;
  const { cors } = settings;

  // At once where nothing is waited for (answerApiRequest): a promise only when the request waits.
  const answer = (request: MockRequest, method: string, path: string, search: string, headers: Record<string, string>): Answer | Promise<Answer> => {
    const { runtime } = inForce;
    if (cors && isPreflight(method, name => headers[name])) {
      return { response: { status: 204, headers: preflightHeaders(headers['origin'], [...runtime.documentMethods], headers['access-control-request-headers']) } };
    }
    const { basePath } = runtime.document;
    if (isUnderBasePath(path, basePath)) return answerApiRequest(runtime, services, request, method, path, search, headers);
    return { response: runtime.notFound(path, request.basePath) };
  };

  return {
    store: sessions.default.store,
    recordRefusal: refusal => journalRefusal(journal, refusal),
    sessions,
    journal,
    overrides,
    get document() {
      return inForce.runtime.document;
    },
    bodyLimit: settings.bodyLimit,
    get checked() {
      return inForce.examplesChecked;
    },
    reset,
    replaceDocument: given => inForce.replace(given),
    replaceDocumentInSteps: given => inForce.replaceInSteps(given),
    warmUp() {
      try {
        inForce.runtime.pipeline.warmUp();
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
          const response = answerAdminRequest(inForce.runtime, settings, request, method, path, search, headers);
          // Admin requests are not journaled, but one a limit refused is: the journal says which limit was hit.
          const limit = limitThatRefused(response);
          if (limit !== undefined) journalRefusal(journal, { method, url: request.url, headers: request.headers, response, limit }, time);
          return response;
        }
        const answering = answer(request, method, path, search, headers);
        // An answer has its response; anything else is a promise of one (of whichever Promise a page uses).
        answered = 'response' in answering ? answering : await answering;
      } catch (error) {
        answered = { response: report.failure(`[petstore-mock] ${method} ${path} failed unexpectedly.`, error) };
      }
      const { response } = answered;
      if (cors) Object.assign(response.headers, corsHeaders(headers['origin']));
      // The reason is read before HEAD drops the body: the GET's answer says why.
      const reason = journal.capacity > 0 ? findReason(response.status, response.body) : null;
      if (method === 'HEAD') withoutBody(response);
      journalAnswer(journal, request, answered, { time, method, path, search, headers, reason, declared: inForce.runtime.credentialNames });
      return response;
    },
  };
}
