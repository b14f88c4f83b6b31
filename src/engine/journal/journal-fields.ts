import type { MockRequest, MockResponse } from '../types.js';
import { JOURNAL_BODY_LIMIT, journalBody, type JournalEntry, type JournalResponse } from './request-journal.js';

/** What the journal and the HAR export write for a credential's value. */
export const REDACTED = '[redacted]';

/** Headers whose values are credentials: never kept, never exported. */
const SECRET_HEADERS = new Set(['authorization', 'cookie', 'set-cookie', 'proxy-authorization']);

/** A header's value as the journal may show it. */
export function redactedValue(name: string, value: string): string {
  return SECRET_HEADERS.has(name) ? REDACTED : value;
}

/**
 * The request's headers as an entry keeps them: names lower-case, credentials redacted, and no more
 * than `JOURNAL_BODY_LIMIT` characters of names and values (the rest left out, and marked).
 */
export function journalHeaders(headers: MockRequest['headers']): Pick<JournalEntry, 'headers' | 'headersCut'> {
  const kept: Record<string, string> = {};
  let size = 0;
  let headersCut = false;
  for (const name in headers) {
    const value = headers[name];
    if (value === undefined) continue;
    const lower = name.toLowerCase();
    size += lower.length + value.length;
    if (size > JOURNAL_BODY_LIMIT) {
      headersCut = true;
      break;
    }
    kept[lower] = redactedValue(lower, value);
  }
  return { headers: Object.freeze(kept), headersCut };
}

/** The answer as an entry keeps it; `body` is `response.body` unless HEAD dropped it. Its headers are copied: adapters add theirs later. */
export function journalResponse(response: MockResponse): JournalResponse {
  const headers: Record<string, string> = {};
  for (const name in response.headers) headers[name] = redactedValue(name, response.headers[name] ?? '');
  const { body, bodyCut } = journalBody(response.body);
  return Object.freeze({ status: response.status, headers: Object.freeze(headers), body, bodyCut });
}

/** The `message` of an answer's `Error` body outside 2xx: the API's own words for why. Only small bodies are read. */
export function findReason(status: number, body: string | undefined): string | null {
  if ((status >= 200 && status < 300) || body === undefined || body.length > JOURNAL_BODY_LIMIT || !body.startsWith('{')) return null;
  try {
    const message = (JSON.parse(body) as { message?: unknown }).message;
    return typeof message === 'string' ? message : null;
  } catch {
    return null;
  }
}

/** Where the request was sent: an absolute URL's origin, else `http://` and the Host header. */
export function requestOrigin(url: string, host: string | undefined): string | null {
  if (!url.startsWith('/')) {
    const origin = /^[a-z][a-z\d+.-]*:\/\/[^/?#]*/i.exec(url)?.[0];
    if (origin !== undefined) return origin.toLowerCase();
  }
  return host === undefined || host === '' ? null : `http://${host}`;
}

let lastInstant = NaN;
let lastTime = '';

/** The real clock now, as an entry's `time` says it (ISO 8601): made once a millisecond, however many requests arrive in it. */
export function journalTime(): string {
  const instant = Date.now();
  if (instant !== lastInstant) {
    lastInstant = instant;
    lastTime = new Date(instant).toISOString();
  }
  return lastTime;
}
