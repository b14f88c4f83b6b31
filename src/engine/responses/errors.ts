/** Every `code` an `Error` body of the mock can carry, with its HTTP status. */
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

export type ErrorCode = keyof typeof ERROR_CODES;
