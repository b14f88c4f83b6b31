import type { SessionEntry } from '../../sessions/index.js';
import { utf8Length } from '../http/index.js';
import type { JournalEntry, JournalProblem } from '../journal/index.js';
import type { AnswerControl } from '../operations/index.js';
import type { MockResponse } from '../types.js';

/** A request's answer before CORS and the journal: the response, and what the journal records of it. */
export interface Answer {
  response: MockResponse;
  /** The session the request entered; only requests with acceptable credentials enter one. */
  session?: SessionEntry;
  problems?: JournalProblem[];
  control?: AnswerControl;
  /** The request's body as the journal keeps it. */
  body?: Pick<JournalEntry, 'body' | 'bodyCut'>;
  /** The limit that refused the request, for the journal. */
  limit?: string;
  /** The request's identity (method, URL, headers) when it has no body: the journal shares what it keeps of identical requests. */
  identity?: string;
}

/** GET, and HEAD beside it: HEAD is answered wherever GET is (RFC 9110). */
export function withHead(methods: string[]): string[] {
  return methods.includes('HEAD') ? methods : methods.flatMap(method => (method === 'GET' ? ['GET', 'HEAD'] : [method]));
}

/** A HEAD answer: the GET's status and headers, its length, no body. */
export function withoutBody(response: MockResponse): void {
  if (response.body === undefined) return;
  response.headers['content-length'] = String(utf8Length(response.body));
  delete response.body;
}
