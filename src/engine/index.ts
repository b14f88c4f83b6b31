export { createEngine, DEFAULT_BODY_LIMIT, DEFAULT_PETS, DEFAULT_REMEMBERED_VERDICTS, resetState, SESSION_OPENED_HEADER, warnOfEviction } from './create-engine.js';
export { ERROR_CODES } from './errors.js';
export { fromFetchRequest, handleFetch, toFetchResponse } from './fetch-adapter.js';
export { readBody } from './read-body.js';
export { createRequestJournal, DEFAULT_JOURNAL_SIZE } from './request-journal.js';
export { MAX_DELAY, parseDelay } from './latency.js';
export { MAX_REQUEST_DELAY } from './request-controls.js';
export { parseInstant } from './clock.js';

export type { Engine } from './create-engine.js';
export type { ErrorCode } from './errors.js';
export type { ReadBodyOptions, ReadBodyResult } from './read-body.js';
export type { JournalEntry, JournalProblem, RequestJournal } from './request-journal.js';
export type { DelayOption, DelayRange } from './latency.js';
export type { NowOption } from './clock.js';
export type { EngineOptions, MockRequest, MockResponse } from './types.js';
