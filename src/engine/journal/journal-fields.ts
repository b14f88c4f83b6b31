import { createByteBudget } from '../../budget/index.js';
import type { MockRequest, MockResponse } from '../types.js';
import { redactedValue } from './credential-names.js';
import { JOURNAL_BODY_LIMIT, journalBody, type JournalEntry, type JournalResponse } from './request-journal.js';

/**
 * The request's headers as an entry keeps them: names lower-case, credentials redacted (with the
 * names the document's security schemes declare, `declared`), and no more
 * than `JOURNAL_BODY_LIMIT` characters of names and values (the rest left out, and marked).
 */
export function journalHeaders(headers: MockRequest['headers'], identity?: string, declared?: ReadonlySet<string>): Pick<JournalEntry, 'headers' | 'headersCut'> {
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
    kept[lower] = redactedValue(lower, value, declared);
  }
  return { headers: sharedRequestHeaders(kept, identity), headersCut };
}

/** Sets of request headers kept for sharing, at most; and the characters of their identities and headers together. */
export const SHARED_HEADER_SETS = 256;
export const SHARED_HEADER_CHARACTERS = 512 * 1024;
const sharedHeaderSets = new Map<string, { headers: Readonly<Record<string, string>>; bytes: number }>();
/** Two bytes a character, as if no text were Latin-1. */
const sharedHeaderBudget = createByteBudget('sharedHeaderBytes', 2 * SHARED_HEADER_CHARACTERS);

/**
 * The headers an earlier entry kept, when they are the same as `kept` (the last entry's, or the
 * last of the request's identity: method, URL and headers, as Prism's verdicts are remembered);
 * else `kept`, frozen, kept for the next. Requests repeated in turn (a test's sessions, a page's
 * polls) then share one object each instead of a copy per entry.
 */
function sharedRequestHeaders(kept: Record<string, string>, identity: string | undefined): Readonly<Record<string, string>> {
  const earlier = identity === undefined ? lastRequestHeaders : (sharedHeaderSets.get(identity)?.headers ?? lastRequestHeaders);
  const headers = (lastRequestHeaders = sameOrNew(earlier, kept));
  if (identity !== undefined && headers !== earlier) {
    const previous = sharedHeaderSets.get(identity);
    if (previous) sharedHeaderBudget.give(previous.bytes);
    let characters = identity.length;
    for (const name in headers) characters += name.length + (headers[name]?.length ?? 0);
    sharedHeaderSets.delete(identity);
    sharedHeaderSets.set(identity, { headers, bytes: 2 * characters });
    sharedHeaderBudget.add(2 * characters);
    for (const [oldest, set] of sharedHeaderSets) {
      if (sharedHeaderSets.size <= SHARED_HEADER_SETS && sharedHeaderBudget.used <= sharedHeaderBudget.max) break;
      sharedHeaderSets.delete(oldest);
      sharedHeaderBudget.give(set.bytes);
    }
  }
  return headers;
}

/** The answer as an entry keeps it; `body` is `response.body` unless HEAD dropped it. Its headers are copied: adapters add theirs later. */
export function journalResponse(response: MockResponse): JournalResponse {
  const headers: Record<string, string> = {};
  for (const name in response.headers) headers[name] = redactedValue(name, response.headers[name] ?? '');
  const { body, bodyCut } = journalBody(response.body);
  const last = lastResponse;
  const kept = sameOrNew(last?.headers, headers);
  if (last !== undefined && last.status === response.status && last.headers === kept && last.body === body && last.bodyCut === bodyCut) return last;
  return (lastResponse = Object.freeze({ status: response.status, headers: kept, body, bodyCut }));
}

// The last headers and answer an entry kept: the next entry shares them when they are the same (a
// repeated request), so that the journal does not keep a copy of each, nor copy one per request
// through V8's young generation. Entries are frozen: sharing is safe.
let lastRequestHeaders: Readonly<Record<string, string>> | undefined;
let lastResponse: JournalResponse | undefined;

/** `earlier` when `next` has the same names and values (in the same order), else `next`, frozen. */
function sameOrNew(earlier: Readonly<Record<string, string>> | undefined, next: Record<string, string>): Readonly<Record<string, string>> {
  if (earlier !== undefined && sameNamesAndValues(earlier, next)) return earlier;
  return Object.freeze(next);
}

/** The names of each set of headers kept, in their order: read once, not listed anew (an array each) at every comparison. */
const namesOfKept = new WeakMap<Readonly<Record<string, string>>, readonly string[]>();

function sameNamesAndValues(earlier: Readonly<Record<string, string>>, next: Record<string, string>): boolean {
  let names = namesOfKept.get(earlier);
  if (names === undefined) namesOfKept.set(earlier, (names = Object.keys(earlier)));
  let index = 0;
  for (const name in next) {
    if (names[index] !== name || earlier[name] !== next[name]) return false;
    index += 1;
  }
  return index === names.length;
}

/** The `message` of an answer's `Error` body outside 2xx: the API's own words for why. Only small bodies are read. */
export function findReason(status: number, body: string | undefined): string | null {
  if ((status >= 200 && status < 300) || body === undefined || body.length > JOURNAL_BODY_LIMIT || !body.startsWith('{')) return null;
  try {
    // The mock's `Error` says it in `message`; an error in the document's own shape (RFC 7807) may say it in `detail`.
    const { message, detail } = JSON.parse(body) as { message?: unknown; detail?: unknown };
    return typeof message === 'string' ? message : typeof detail === 'string' ? detail : null;
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
  if (host === undefined || host === '') return null;
  // The same host as the last request's: the same string, not another one kept per entry.
  if (host !== lastHost) {
    lastHost = host;
    lastHostOrigin = `http://${host}`;
  }
  return lastHostOrigin;
}

let lastHost = '';
let lastHostOrigin = '';

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

let lastText = '';

/** `text`, or the equal string the last entry kept: a path repeated request after request is kept once. */
export function sharedText(text: string): string {
  if (text === lastText) return lastText;
  lastText = text;
  return text;
}
