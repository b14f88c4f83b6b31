import { utf8Length } from '../http/utf8-length.js';
import type { Har, HarEntry, HarNameValue } from './har-types.js';
import { redactedPath, redactedValue } from './credential-names.js';
import { PACKAGE_VERSION } from './package-version.generated.js';
import { harQueryString } from './har-query.js';
import type { JournalEntry } from './request-journal.js';

/** Reason phrases (RFC 9110) of the statuses the mock answers; another gets an empty one, as HTTP/2 sends none. */
const STATUS_TEXT: Readonly<Record<number, string>> = {
  200: 'OK', 201: 'Created', 202: 'Accepted', 204: 'No Content', 301: 'Moved Permanently', 302: 'Found', 304: 'Not Modified',
  400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 405: 'Method Not Allowed', 408: 'Request Timeout',
  409: 'Conflict', 410: 'Gone', 413: 'Content Too Large', 415: 'Unsupported Media Type', 422: 'Unprocessable Content', 429: 'Too Many Requests',
  431: 'Request Header Fields Too Large', 500: 'Internal Server Error', 501: 'Not Implemented', 502: 'Bad Gateway', 503: 'Service Unavailable',
  504: 'Gateway Timeout', 507: 'Insufficient Storage',
};

/**
 * Journal entries as a HAR 1.2 log. A URL is absolute: the entry's origin, else `fallbackOrigin`
 * (the mock's). Credentials (`Authorization`, `Cookie`, `Set-Cookie`, `X-Api-Key`, a query's
 * `api_key` or `access_token`, … see `isCredentialName`) read `[redacted]`.
 */
export function journalToHar(entries: readonly JournalEntry[], fallbackOrigin: string): Har {
  return { log: { version: '1.2', creator: { name: 'petstore-mock', version: PACKAGE_VERSION }, entries: entries.map(entry => toHarEntry(entry, fallbackOrigin)) } };
}

function toHarEntry(entry: JournalEntry, fallbackOrigin: string): HarEntry {
  const { response } = entry;
  const comment = harComment(entry);
  const requestText = entry.body === null ? undefined : typeof entry.body === 'string' ? entry.body : JSON.stringify(entry.body);
  const responseSize = response.bodyCut ? -1 : response.body === null ? 0 : utf8Length(response.body);
  return {
    startedDateTime: entry.time,
    time: entry.delay,
    request: {
      method: entry.method,
      url: `${entry.origin ?? fallbackOrigin}${redactedPath(entry.path)}`,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: nameValues(entry.headers),
      queryString: harQueryString(entry.path),
      ...((requestText !== undefined || entry.bodyCut) && { postData: { mimeType: entry.headers['content-type'] ?? '', text: requestText ?? '' } }),
      headersSize: -1,
      bodySize: entry.bodyCut ? -1 : requestText === undefined ? 0 : utf8Length(requestText),
    },
    response: {
      status: response.status,
      statusText: STATUS_TEXT[response.status] ?? '',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: nameValues(response.headers),
      content: { size: responseSize, mimeType: response.headers['content-type'] ?? 'x-unknown', ...(response.body !== null && { text: response.body }) },
      redirectURL: '',
      headersSize: -1,
      bodySize: responseSize,
    },
    cache: {},
    timings: { send: 0, wait: entry.delay, receive: 0 },
    _operationId: entry.operationId,
    _session: entry.session,
    _reason: entry.reason,
    _control: entry.control,
    _bodyCut: { request: entry.bodyCut, response: response.bodyCut },
    _limit: entry.limit,
    _pathCut: entry.pathCut,
    ...(comment !== undefined && { comment }),
  };
}

/** What a HAR reader shows of an entry's limits: the one that refused it, and what the journal cut to keep it. */
function harComment(entry: JournalEntry): string | undefined {
  const cut = [entry.bodyCut && 'request body', entry.response.bodyCut && 'response body', entry.headersCut && 'request headers', entry.pathCut && 'path'].filter(Boolean);
  const parts = [
    ...(entry.limit === null ? [] : [entry.limit === 'shutdown' ? 'Refused: the mock was stopping.' : `Refused at the limit ${entry.limit}.`]),
    ...(cut.length === 0 ? [] : [`The journal cut this entry's ${cut.join(', ')}.`]),
  ];
  return parts.length === 0 ? undefined : parts.join(' ');
}

/** Headers as HAR lists them, credentials redacted (again: an entry may come from a journal of the caller's own). */
function nameValues(headers: Readonly<Record<string, string>>): HarNameValue[] {
  return Object.entries(headers).map(([name, value]) => ({ name, value: redactedValue(name.toLowerCase(), value) }));
}
