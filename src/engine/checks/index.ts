// What is wrong with a routed request, in the API's words: credentials, body, Prism's diagnostics.
export { describeDiagnostic, isError, withoutFormatBesideType } from './diagnostics.js';
export { BEARER_CHALLENGE, bodyTooLarge, MISSING_TOKEN_MESSAGE, findCredentialProblem, findInputProblem, invalidJson, notJson, roundedNumber } from './request-problems.js';
export { EVAL_BLOCKED_MESSAGE, isEvalBlocked, unlessEvalBlocked } from './eval-blocked.js';
