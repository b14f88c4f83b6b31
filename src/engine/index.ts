export { createEngine, createSeededStore, DEFAULT_BODY_LIMIT, DEFAULT_PETS } from './create-engine.js';
export { ERROR_CODES } from './errors.js';
export { fromFetchRequest, handleFetch, toFetchResponse } from './fetch-adapter.js';
export { readBody } from './read-body.js';
export type { ReadBodyOptions, ReadBodyResult } from './read-body.js';

export type { Engine } from './create-engine.js';
export type { ErrorCode } from './errors.js';
export type { EngineOptions, MockRequest, MockResponse } from './types.js';
