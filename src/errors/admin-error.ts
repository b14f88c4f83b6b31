/**
 * A test control the mock refused: the admin client, the Testcontainers helpers and the MSW
 * controls all throw it, so a test checks a refusal the same way on every surface:
 * `await expect(mock.setState(bad)).rejects.toMatchObject({ name: 'AdminError', code: 'invalid_request', status: 400 })`.
 */
export class AdminError extends Error {
  override name = 'AdminError' as const;
  /** The HTTP status the admin endpoint answered (or, in-process, would have). */
  readonly status: number;
  /** The `code` of the mock's `Error` body (`invalid_request`, `override_not_found`, …); null when the answer was no such body. */
  readonly code: string | null;
  /** The answer's body: the mock's `Error` (`{ code, message, status }`), or the text of another answer. */
  readonly body: unknown;

  constructor(message: string, details: { status: number; code: string | null; body: unknown }) {
    super(message);
    this.status = details.status;
    this.code = details.code;
    this.body = details.body;
  }
}

/** True for an `AdminError`, also one from another realm (a page, a worker, another copy of the package): it compares `name`. */
export function isAdminError(value: unknown): value is AdminError {
  return typeof value === 'object' && value !== null && (value as { name?: unknown }).name === 'AdminError';
}
