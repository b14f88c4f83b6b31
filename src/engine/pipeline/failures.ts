import { EVAL_BLOCKED_MESSAGE, isEvalBlocked } from '../schema/eval-blocked.js';
import { errorResponse, toMockResponse } from '../responses/index.js';
import type { MockResponse } from '../types.js';

/**
 * A 500 for a failure the mock did not expect, reported to `onError`; one that a missing
 * 'unsafe-eval' causes says so, in the body and (once) in the log.
 */
export function createFailureAnswer(onError: (message: string, error?: unknown) => void): (message: string, error: unknown) => MockResponse {
  let evalBlockedReported = false;
  return (message, error) => {
    if (isEvalBlocked(error)) {
      if (!evalBlockedReported) onError(`[petstore-mock] ${EVAL_BLOCKED_MESSAGE}`, error);
      evalBlockedReported = true;
      return toMockResponse(errorResponse('eval_not_allowed', EVAL_BLOCKED_MESSAGE));
    }
    onError(message, error);
    return toMockResponse(errorResponse('internal_error', 'The mock failed unexpectedly; see its log.'));
  };
}
