import { AdminError } from '../errors/admin-error.js';
import { ERROR_CODES, type ErrorCode } from '../engine/responses/errors.js';

/**
 * What an in-process control throws where the admin endpoint would answer an `Error`: the same
 * status, code and body, so a test checks a refusal alike on MSW and over HTTP.
 */
export function refusal(code: ErrorCode, message: string): AdminError {
  const status = ERROR_CODES[code];
  return new AdminError(`[petstore-mock] ${message}`, { status, code, body: { code, message, status } });
}
