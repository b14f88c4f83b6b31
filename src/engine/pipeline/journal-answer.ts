import { findSessionIdProblem, SESSION_HEADER } from '../../sessions/index.js';
import { lowerCaseHeaders, splitUrl } from '../http/index.js';
import { findReason, journalHeaders, journalResponse, journalTime, redactedPath, requestOrigin, sharedText, type JournalEntry, type RequestJournal } from '../journal/index.js';
import type { MockRequest, MockResponse, Refusal } from '../types.js';
import type { Answer } from './answer.js';

/** A request as the engine read it, for its journal entry. */
export interface JournaledRequest {
  time: string;
  method: string;
  path: string;
  search: string;
  headers: Record<string, string>;
  /** Why the answer is an error, read before HEAD dropped its body. */
  reason: string | null;
  /** The credentials the document declares, redacted as `Authorization` is. */
  declared?: ReadonlySet<string>;
}

/** The last stage: the journal's entry of an answered request (nothing where the journal keeps none). */
export function journalAnswer(journal: RequestJournal, request: Pick<MockRequest, 'url' | 'headers'>, answered: Answer, read: JournaledRequest): void {
  if (journal.capacity === 0) return;
  journal.record(journalEntry(request, answered.response, answered, read));
}

/**
 * The journal's entry of a request refused before the engine saw it (a server's limit, or its
 * stopping): what the request was, the answer it got, and the limit; its body, never read, is not kept.
 */
export function journalRefusal(journal: RequestJournal, refusal: Refusal, time = journalTime()): void {
  if (journal.capacity === 0) return;
  const headers = lowerCaseHeaders(refusal.headers);
  const { path, search } = splitUrl(refusal.url);
  const { response } = refusal;
  const read = { time, method: refusal.method.toUpperCase(), path, search, headers, reason: findReason(response.status, response.body) };
  journal.record(journalEntry(refusal, response, { response, limit: refusal.limit }, read));
}

/** Shared by every entry without problems (entries are never changed in place). */
const NO_PROBLEMS = Object.freeze([]) as unknown as JournalEntry['problems'];

/** What the journal keeps of one answered request. */
function journalEntry(request: Pick<MockRequest, 'url' | 'headers'>, response: MockResponse, answered: Answer, read: JournaledRequest): Omit<JournalEntry, 'seq'> {
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
