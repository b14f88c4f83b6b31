// What is wrong with a routed request, in the API's words: credentials (as the document's security asks), body, Prism's diagnostics.
export { describeDiagnostic, isError } from './diagnostics.js';
export { bodyTooLarge, findInputProblem, invalidJson, notJson, roundedNumber } from './request-problems.js';
export { challengeFor, credentialPathOf, credentialRulesOf, describeCredentials, declaredCredentialNames, findCredentialProblem, missingCredentialsMessage, unauthorizedResponse, type CredentialProblem } from './credentials.js';
