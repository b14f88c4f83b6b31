import type { IHttpResponse } from '@stoplight/prism-http';
import type { ApiError } from '../../types/index.js';
import { statusOfCode, type ErrorCode, type NotFoundCode } from './errors.js';
import { jsonText } from './json-text.js';
import { NULL_BODY_STATUSES } from '../http/index.js';
import type { MockResponse } from '../types.js';

export const JSON_CONTENT_TYPE = 'application/json';

/** Responses `errorResponse` made: the errors the mock decided, which take the shape the document declares for them. */
const mockErrors = new WeakSet<IHttpResponse>();

/** A response carrying the API's `Error` body. */
export function errorResponse(code: ErrorCode | NotFoundCode, message: string, headers: Record<string, string> = {}): IHttpResponse {
  const status = statusOfCode(code);
  const body: ApiError = { code, message, status };
  const response: IHttpResponse = { statusCode: status, headers: { 'content-type': JSON_CONTENT_TYPE, ...headers }, body };
  mockErrors.add(response);
  return response;
}

/** True for an error the mock made (`errorResponse`), not a body of the document's or an override's. */
export function isMockError(response: IHttpResponse): boolean {
  return mockErrors.has(response);
}

export function jsonResponse(statusCode: number, body: unknown, headers: Record<string, string> = {}): IHttpResponse {
  return { statusCode, headers: { 'content-type': JSON_CONTENT_TYPE, ...headers }, body };
}

/** Prism's response shape as the engine answers it: lower-case headers, a serialized body. */
export function toMockResponse(output: IHttpResponse, operationId?: string): MockResponse {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(output.headers ?? {})) headers[name.toLowerCase()] = value;
  const response: MockResponse = { status: output.statusCode, headers };
  // A 204, 205 or 304 (or 101) has no body, whatever content the document declares for it (RFC 9110): Asana declares JSON for its 204s.
  if (NULL_BODY_STATUSES.has(output.statusCode)) {
    delete headers['content-type'];
    if (operationId !== undefined) response.operationId = operationId;
    return response;
  }
  // A string in a text type (`text/plain`) is its own text; anything else is written as JSON.
  if (output.body !== undefined) response.body = typeof output.body === 'string' && /^text\//i.test(headers['content-type'] ?? '') ? output.body : jsonText(output.body);
  if (operationId !== undefined) response.operationId = operationId;
  return response;
}
