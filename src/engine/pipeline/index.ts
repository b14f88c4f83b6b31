// The engine's stages for one request: an admin request, or an API request read, run through
// Prism's pipeline and checked; and what the engine derives from its document.
export { answerAdminRequest } from './answer-admin-request.js';
export { answerApiRequest } from './answer-api-request.js';
export { withoutBody } from './answer.js';
export { createDocumentRuntime } from './document-runtime.js';
export { createFailureAnswer } from './failures.js';
export { journalAnswer, journalRefusal } from './journal-answer.js';
export { REQUEST_WAY } from './request-way.js';

export type { Answer } from './answer.js';
export type { DocumentRuntime } from './document-runtime.js';
export type { JournaledRequest } from './journal-answer.js';
export type { RequestStage, StageRunner } from './request-way.js';
