import type { IHttpResponse } from '@stoplight/prism-http';
import type { ApiError } from '../types/index.js';

/** Every `code` an `Error` body of the mock can carry, with its HTTP status. */
export const ERROR_CODES = {
  invalid_json: 400,
  invalid_request: 400,
  unauthorized: 401,
  pet_not_found: 404,
  route_not_found: 404,
  method_not_allowed: 405,
  payload_too_large: 413,
  unsupported_media_type: 415,
  internal_error: 500,
  invalid_response: 500,
  not_implemented: 501,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_CODES;

export const JSON_CONTENT_TYPE = 'application/json';

/** A response carrying the API's `Error` body. */
export function errorResponse(code: ErrorCode, message: string, headers: Record<string, string> = {}): IHttpResponse {
  const status = ERROR_CODES[code];
  const body: ApiError = { code, message, status };
  return { statusCode: status, headers: { 'content-type': JSON_CONTENT_TYPE, ...headers }, body };
}

export function jsonResponse(statusCode: number, body: unknown, headers: Record<string, string> = {}): IHttpResponse {
  return { statusCode, headers: { 'content-type': JSON_CONTENT_TYPE, ...headers }, body };
}
