// The API's Error body and its codes, and the response shapes the engine answers.
export { errorResponse, isMockError, jsonResponse, toMockResponse } from './responses.js';
export { createErrorShapes } from './document-errors.js';
export { absoluteLocation, createDeclaredAnswers } from './declared-answer.js';
