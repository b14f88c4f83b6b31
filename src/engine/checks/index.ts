// What is wrong with a routed request, in the API's words: credentials, body, Prism's diagnostics.
export { describeDiagnostic, isError } from './diagnostics.js';
export { BEARER_CHALLENGE, findCredentialProblem, findInputProblem } from './request-problems.js';
