// The request journal: what the mock answered, for GET /__admin/requests and the in-process helpers.
export { createRequestJournal, DEFAULT_JOURNAL_BYTES, DEFAULT_JOURNAL_SIZE, JOURNAL_BODY_LIMIT, JOURNAL_ENTRY_LIMIT, journalBody, NO_BODY, readJournalFilter } from './request-journal.js';

export { journalToHar } from './journal-har.js';
export { isCredentialName, REDACTED, redactedPath, redactedValue } from './credential-names.js';
export { findReason, journalHeaders, journalResponse, journalTime, requestOrigin, sharedText } from './journal-fields.js';

export type { Har, HarEntry, HarNameValue, HarRequest, HarResponse } from './har-types.js';
export type { JournalEntry, JournalFilter, JournalProblem, JournalResponse, RequestJournal } from './request-journal.js';
