export { createEngine, DEFAULT_BODY_LIMIT, DEFAULT_PETS, DEFAULT_REMEMBERED_VERDICTS, resetState, SESSION_OPENED_HEADER, warnOfEviction } from './create-engine.js';
export { ERROR_CODES } from './responses/errors.js';
export { fromFetchRequest, handleFetch, toFetchResponse } from './http/fetch-adapter.js';
export { readBody } from './http/read-body.js';
export { createRequestJournal, DEFAULT_JOURNAL_SIZE, JOURNAL_BODY_LIMIT } from './journal/request-journal.js';
export { createOverrideRegistry, readOverrideSpec } from './controls/overrides.js';
export { petSchemaOf, readPets } from './state/read-pets.js';
export { MAX_DELAY, parseDelay } from './controls/latency.js';
export { MAX_REQUEST_DELAY } from './controls/request-controls.js';
export { parseInstant } from './controls/clock.js';

export type { Engine } from './create-engine.js';
export type { ErrorCode } from './responses/errors.js';
export type { ReadBodyOptions, ReadBodyResult } from './http/read-body.js';
export type { JournalEntry, JournalFilter, JournalProblem, RequestJournal } from './journal/request-journal.js';
export type { Override, OverrideRegistry, OverrideSpec } from './controls/overrides.js';
export type { DelayOption, DelayRange } from './controls/latency.js';
export type { NowOption } from './controls/clock.js';
export type { EngineOptions, MockRequest, MockResponse } from './types.js';
