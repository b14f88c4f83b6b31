import { readBody } from './read-body.js';
import type { MockRequest, MockResponse } from '../types.js';

/** A Fetch `Request` as the engine takes it, its body read up to the engine's limit. */
export async function fromFetchRequest(request: Request, bodyLimit: number): Promise<MockRequest> {
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const mockRequest: MockRequest = { method: request.method, url: request.url, headers };
  if (request.body) {
    const { body, tooLarge } = await readBody(request.body, bodyLimit, { declaredLength: request.headers.get('content-length'), drain: true });
    if (tooLarge) mockRequest.bodyTooLarge = true;
    else mockRequest.body = body;
  }
  return mockRequest;
}

/** Statuses whose answer has no body (RFC 9110): Fetch's `Response` refuses one with a body. */
export const NULL_BODY_STATUSES: ReadonlySet<number> = new Set([101, 204, 205, 304]);

export function toFetchResponse(response: MockResponse, method: string): Response {
  const withoutBody = NULL_BODY_STATUSES.has(response.status) || method.toUpperCase() === 'HEAD';
  return new Response(withoutBody ? null : response.body ?? null, { status: response.status, headers: response.headers });
}

/** What a Fetch handler needs of the engine: its answer to a request, and how much of a body it reads. */
export interface FetchHandling {
  handle(request: MockRequest): Promise<MockResponse>;
  readonly bodyLimit: number;
}

/** The engine as a Fetch handler: `Request` in, `Response` out, after the answer's delay. */
export async function handleFetch(engine: FetchHandling, request: Request): Promise<Response> {
  const response = await engine.handle(await fromFetchRequest(request, engine.bodyLimit));
  if (response.delay !== undefined && response.delay > 0) await new Promise(resolve => setTimeout(resolve, response.delay));
  return toFetchResponse(response, request.method);
}
