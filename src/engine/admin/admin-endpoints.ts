import type { PetstoreDocument } from '../../document/index.js';
import type { DocumentSummary } from '../document-state.js';
import type { OperationSummary } from './describe-operations.js';
import { findSessionIdProblem, SESSION_HEADER, type Session, type SessionRegistry } from '../../sessions/index.js';
import { loadPrismMocker } from '../prism/index.js';
import { bodyTooLarge, invalidJson, notJson, roundedNumber } from '../checks/index.js';
import type { OverrideRegistry } from '../controls/index.js';
import { decodeBody, decodePathSegment, parseQuery } from '../http/index.js';
import { journalToHar, readJournalFilter, type RequestJournal } from '../journal/index.js';
import { errorResponse, jsonResponse, toMockResponse } from '../responses/index.js';
import { scopedName } from '../state/index.js';
import { createTestControls, overrideNotFound, removeOverrides, type ControlOutcome } from '../test-controls/index.js';
import type { MockResponse } from '../types.js';

export const ADMIN_PREFIX = '/__admin/';
/** Every method some admin endpoint takes, for CORS preflights. */
export const ADMIN_METHODS = ['GET', 'POST', 'PUT', 'DELETE'] as const;
/** The name `GET /__admin/requests.har` suggests for the download. */
const HAR_FILE_NAME = 'petstore-mock.har';

export interface AdminFacts {
  document: PetstoreDocument;
  sessions: SessionRegistry;
  journal: RequestJournal;
  overrides: OverrideRegistry;
  /** Resets one session, or everything (stores, sessions, overrides, journal). */
  reset(session?: string): void;
  /** When set, every admin endpoint but health wants `Authorization: Bearer <adminToken>`. */
  adminToken: string | undefined;
  bodyLimit: number;
  /** What `GET /__admin/settings` shows; `limits` is read at each request. */
  settings: Omit<MockSettings, 'limits'>;
}

/** One limit of what clients can make the mock hold: how much is held now, and the most. */
export interface LimitUsage {
  used: number;
  max: number;
}

/** Every limit on what clients can make the mock hold, with its use now, as `GET /__admin/settings` shows them. */
export interface MockLimits {
  /** Bytes (estimated heap) the pets written to every session's store hold (`--max-stored-bytes`). */
  storedBytes: LimitUsage;
  /** Named sessions alive (`--max-sessions`). */
  sessions: LimitUsage;
  /** Entries the journal keeps (`--journal-size`). */
  journalEntries: LimitUsage;
  /** Bytes (estimated heap) the journal's entries hold (`--journal-bytes`). */
  journalBytes: LimitUsage;
  /** Overrides of the fullest session (`--max-overrides`, per session). */
  overridesPerSession: LimitUsage;
  /** Bytes of the fullest session's overrides (`--max-override-bytes`, per session). */
  overrideBytesPerSession: LimitUsage;
  /** Pets of the fullest store (`--max-pets`, per store). */
  petsPerStore: LimitUsage;
}

/** The options that shape answers, as `GET /__admin/settings` (and the dashboard) shows them: counts and flags, never a key or the token. */
export interface MockSettings {
  seed: number;
  startingPets: number;
  /** `seed`: seeded pets; `data`: `--data` or `initialPets`. */
  startingFrom: 'seed' | 'data';
  /** How many API keys are accepted; 0: any bearer token. */
  apiKeys: number;
  adminToken: boolean;
  delay: { min: number; max: number } | null;
  faultRate: number;
  /** The fixed clock, or null for the real one. */
  now: string | null;
  maxSessions: number;
  maxPets: number;
  journalSize: number;
  /** What clients can make the mock hold, now and at most: past a limit the mock answers 507 (stores, overrides) or forgets the oldest entries (journal). */
  limits: MockLimits;
  /** The OpenAPI document answered by: title, version, a short hash of its text, its file. */
  document: DocumentSummary;
  /** Its operations and the statuses each declares, for the dashboard's override form. */
  operations: OperationSummary[];
  /** A random id made when the engine was: another one means the mock restarted (its journal and stores started over). */
  instance: string;
}

export interface AdminRequest {
  method: string;
  path: string;
  search: string;
  headers: Readonly<Record<string, string>>;
  body: Uint8Array | string | undefined;
  bodyTooLarge: boolean;
}

/** The limit that refused an admin request, by its answer: the engine journals those refusals (and no other admin request). */
const refusedAtLimit = new WeakMap<MockResponse, string>();

/** The option whose limit refused this admin answer (`maxOverrides`, `maxStoredBytes`, …), or undefined when none did. */
export function limitThatRefused(response: MockResponse): string | undefined {
  return refusedAtLimit.get(response);
}

function refusedBy(limit: string, response: MockResponse): MockResponse {
  refusedAtLimit.set(response, limit);
  return response;
}

/** One admin endpoint: given the request and its session (the header's, if any), the answer. */
type Endpoint = (request: AdminRequest, session: string | undefined) => MockResponse;

/**
 * WireMock's admin paths, outside the API's base path: health, reset, the journal (also as HAR), and the test
 * controls: state out and in (`/__admin/state`) and scripted answers (`/__admin/overrides`); the
 * sessions alive (most recently used first after the default one) and the settings, for the dashboard.
 * `X-Petstore-Session` narrows each to one session; without it, state and overrides are the
 * default session's, reset and the journal everything.
 */
export function createAdminEndpoints(facts: AdminFacts) {
  const { document, sessions, journal, overrides } = facts;
  const controls = createTestControls(facts);
  /** How many records each collection of the session holds, the first collection's (the pets) first. */
  const recordCounts = (session: Session | undefined): Record<string, number> =>
    Object.fromEntries([
      [document.firstCollection.resource.name, session?.store.size ?? 0] as const,
      ...document.resources.resources.filter(resource => resource !== document.firstCollection.resource).map(resource => [resource.name, session?.storeOf(resource.name)?.size ?? 0] as const),
      ...(session?.scopes() ?? []).map(({ name, scope, store }) => [scopedName(name, scope), store.size] as const),
    ]);
  const limits = (): MockLimits => {
    const named = sessions.ids();
    const fullest = (count: (session: string | undefined) => number): number => Math.max(count(undefined), ...named.map(count));
    const overrideBytes = (session: string | undefined): number => overrides.bytesOf(session);
    return {
      storedBytes: { used: sessions.storage.used, max: sessions.storage.max },
      sessions: { used: named.length, max: sessions.maxSessions },
      journalEntries: { used: journal.size, max: journal.capacity },
      journalBytes: { used: journal.bytes, max: journal.maxBytes },
      overridesPerSession: { used: fullest(session => overrides.list(session).length), max: overrides.maxOverrides },
      overrideBytesPerSession: { used: fullest(overrideBytes), max: overrides.maxOverrideBytes },
      petsPerStore: { used: Math.max(...sessions.stores().map(store => store.size)), max: sessions.maxPets },
    };
  };

  const readJson = (request: AdminRequest): { value: unknown } | { response: MockResponse } => {
    const decoded = decodeBody(request.body, request.headers['content-type'], request.bodyTooLarge);
    if (decoded.kind === 'too-large') return { response: toMockResponse(bodyTooLarge(facts.bodyLimit)) };
    if (decoded.kind === 'none') return { response: toMockResponse(errorResponse('invalid_request', `${request.method} ${request.path} needs a JSON body.`)) };
    if (decoded.kind === 'not-json' || decoded.kind === 'form' || decoded.kind === 'invalid-multipart') return { response: toMockResponse(notJson(decoded.contentType)) };
    if (decoded.kind === 'invalid-json') return { response: toMockResponse(invalidJson(decoded.reason)) };
    // Read as another number, it would be stored (a state) or answered (an override) as one the client never sent.
    if (decoded.rounded) return { response: toMockResponse(roundedNumber(decoded.rounded)) };
    return { value: decoded.value };
  };

  const endpoints: Readonly<Record<string, Readonly<Record<string, Endpoint>>>> = {
    '/__admin/reset': {
      POST: (_, session) => {
        facts.reset(session);
        return noContent();
      },
    },
    '/__admin/requests': {
      GET: (request, session) => {
        const filter = readJournalFilter(parseQuery(request.search));
        if ('problem' in filter) return toMockResponse(errorResponse('invalid_request', filter.problem));
        return toMockResponse(jsonResponse(200, { requests: journal.list(session, filter.filter), capacity: journal.capacity, instance: facts.settings.instance }));
      },
      DELETE: (_, session) => {
        journal.clear(session);
        return noContent();
      },
    },
    '/__admin/requests.har': {
      GET: (request, session) => {
        const filter = readJournalFilter(parseQuery(request.search));
        if ('problem' in filter) return toMockResponse(errorResponse('invalid_request', filter.problem));
        // An entry that names no origin (no Host header) is put at the one this request was sent to.
        const har = journalToHar(journal.list(session, filter.filter), `http://${request.headers['host'] ?? 'localhost'}`);
        return toMockResponse(jsonResponse(200, har, { 'content-disposition': `attachment; filename="${HAR_FILE_NAME}"` }));
      },
    },
    '/__admin/sessions': {
      GET: () => {
        const summary = (id: string | null, session: Session | undefined) => ({ id, pets: session?.store.size ?? 0, records: recordCounts(session) });
        const named = sessions.ids().reverse().map(id => summary(id, sessions.find(id)));
        return toMockResponse(jsonResponse(200, { sessions: [summary(null, sessions.default), ...named], max: sessions.maxSessions, limits: limits() }));
      },
    },
    '/__admin/settings': {
      GET: () => toMockResponse(jsonResponse(200, { ...facts.settings, limits: limits() })),
    },
    '/__admin/state': {
      // A session not alive is not opened: its state is the records it would start from.
      GET: (_, session) => toMockResponse(jsonResponse(200, controls.readState(document, session))),
      PUT: (request, session) => {
        const body = readJson(request);
        return 'response' in body ? body.response : controlAnswer(controls.writeState(document, session, body.value), state => jsonResponse(200, state));
      },
    },
    '/__admin/overrides': {
      GET: (_, session) => toMockResponse(jsonResponse(200, { overrides: overrides.list(session) })),
      POST: (request, session) => {
        const body = readJson(request);
        if ('response' in body) return body.response;
        const added = controls.addOverride(document, session, body.value);
        // An override without a body is answered by Prism's mocker: it loads now, not on the overridden request.
        if ('value' in added && added.value.body === undefined) void loadPrismMocker();
        return controlAnswer(added, override => jsonResponse(201, override, { location: `/__admin/overrides/${override.id}` }));
      },
      DELETE: (_, session) => controlAnswer(removeOverrides(overrides, session), () => undefined),
    },
  };

  /** `/__admin/overrides/{id}`. */
  const oneOverride = (id: string): Readonly<Record<string, Endpoint>> => ({
    GET: (_, session) => {
      const found = overrides.list(session).find(override => override.id === id);
      return controlAnswer(found ? { value: found } : { refusal: overrideNotFound(id, session) }, override => jsonResponse(200, override));
    },
    DELETE: (_, session) => controlAnswer(removeOverrides(overrides, session, id), () => undefined),
  });

  return {
    /** The answer, or undefined for a path that is no admin endpoint. */
    answer(request: AdminRequest): MockResponse | undefined {
      const { method, path, headers } = request;
      if (path === '/__admin/health') return method === 'GET' ? toMockResponse(jsonResponse(200, { status: 'ok' })) : methodNotAllowed(method, path, ['GET']);
      const overrideId = /^\/__admin\/overrides\/([^/]+)$/.exec(path)?.[1];
      const methods = overrideId === undefined ? endpoints[path] : oneOverride(decodePathSegment(overrideId));
      if (!methods) return undefined;
      const endpoint = methods[method];
      if (!endpoint) return methodNotAllowed(method, path, Object.keys(methods));
      if (facts.adminToken !== undefined && !sameText(headers['authorization'] ?? '', `Bearer ${facts.adminToken}`)) {
        return toMockResponse(
          errorResponse('unauthorized', `${path} needs the admin token: send "Authorization: Bearer <admin token>" (--admin-token).`, {
            'www-authenticate': 'Bearer realm="petstore-mock admin"',
          }),
        );
      }
      const session = headers[SESSION_HEADER];
      const sessionProblem = findSessionIdProblem(session);
      if (sessionProblem) return toMockResponse(errorResponse('invalid_request', sessionProblem));
      return endpoint(request, session);
    },
  };
}

function noContent(): MockResponse {
  return { status: 204, headers: {} };
}

/** A control's answer: `answer(value)` (none: 204), or its refusal as an `Error`, marked with the limit that refused it. */
function controlAnswer<T>(outcome: ControlOutcome<T>, answer: (value: T) => ReturnType<typeof jsonResponse> | undefined): MockResponse {
  if ('value' in outcome) {
    const answered = answer(outcome.value);
    return answered === undefined ? noContent() : toMockResponse(answered);
  }
  const { code, message, limit } = outcome.refusal;
  const response = toMockResponse(errorResponse(code, message));
  return limit === undefined ? response : refusedBy(limit, response);
}

function methodNotAllowed(method: string, path: string, allowed: readonly string[]): MockResponse {
  return toMockResponse(errorResponse('method_not_allowed', `${method} is not allowed on ${path}; use ${allowed.join(' or ')}.`, { allow: allowed.join(', ') }));
}

/** Compares in time independent of where the texts differ, so the token cannot be guessed by timing. */
function sameText(received: string, expected: string): boolean {
  let difference = received.length ^ expected.length;
  for (let index = 0; index < expected.length; index++) difference |= (received.charCodeAt(index) || 0) ^ expected.charCodeAt(index);
  return difference === 0;
}
