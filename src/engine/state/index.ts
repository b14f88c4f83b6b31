// Pets given or taken whole: snapshot and restore (/__admin/state), data at start (--data).
export { firstRecordSchemaOf, readFirstRecords } from './read-first-records.js';
export { readRecords, readState, scopedName, writeState } from './collections-state.js';
export type { CollectionsState, StateRefusal } from './collections-state.js';

export type { ReadFirstRecordsResult } from './read-first-records.js';
