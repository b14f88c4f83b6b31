import { STATUS_CODES } from 'node:http';
// Internal helpers, imported by path: their types name Prism's, which the public declarations must not.
import { FAULT_RETRY_AFTER_SECONDS } from '../engine/controls/index.js';
import type { MockResponse } from '../engine/index.js';
import { errorResponse, toMockResponse } from '../engine/responses/index.js';

/** `503 service_unavailable` with `Retry-After`, saying which of the server's limits refused the request. */
export function busy(why: string): MockResponse {
  return toMockResponse(errorResponse('service_unavailable', `${why} Nothing of this request was carried out; retry later.`, { 'retry-after': String(FAULT_RETRY_AFTER_SECONDS) }));
}

export function shuttingDown(why: string): MockResponse {
  return toMockResponse(
    errorResponse('service_unavailable', `The mock is shutting down: this request ${why}, and nothing of it was stored.`, { 'retry-after': String(FAULT_RETRY_AFTER_SECONDS) }),
  );
}

/** An answer as raw HTTP/1.1 that closes the connection, for a socket no request object owns. */
export function rawAnswer(answer: MockResponse): string {
  const body = answer.body ?? '';
  const headers = Object.entries({ ...answer.headers, 'content-length': String(Buffer.byteLength(body)), connection: 'close' })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return `HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status] ?? ''}\r\n${headers}\r\n${body}`;
}
