// The request journal: what the mock answered, for GET /__admin/requests and the in-process helpers.
export { createRequestJournal, DEFAULT_JOURNAL_SIZE } from './request-journal.js';

export type { JournalProblem, RequestJournal } from './request-journal.js';
