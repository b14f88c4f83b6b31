/** Every `code` an `Error` body of the mock can carry, with its HTTP status; besides these, `<record>_not_found` (404) for each collection. */
export const ERROR_CODES = {
  invalid_json: 400,
  invalid_request: 400,
  unauthorized: 401,
  pet_not_found: 404,
  override_not_found: 404,
  route_not_found: 404,
  origin_not_allowed: 403,
  host_not_allowed: 403,
  method_not_allowed: 405,
  conflict: 409,
  request_timeout: 408,
  operation_sunset: 410,
  payload_too_large: 413,
  unsupported_media_type: 415,
  headers_too_large: 431,
  internal_error: 500,
  invalid_response: 500,
  eval_not_allowed: 500,
  not_implemented: 501,
  service_unavailable: 503,
  store_full: 507,
  overrides_full: 507,
} as const satisfies Record<string, number>;

/** `pet_not_found`, `owner_not_found`: no record of the collection has the key the path names (404). */
export type NotFoundCode = `${string}_not_found`;

export type ErrorCode = keyof typeof ERROR_CODES;

/** The HTTP status of an error code. */
export function statusOfCode(code: ErrorCode | NotFoundCode): number {
  return (ERROR_CODES as Readonly<Record<string, number>>)[code] ?? 404;
}
