// The API's Error body and its codes, and the response shapes the engine answers.
export { errorResponse, jsonResponse, toMockResponse } from './responses.js';
