// Pets given or taken whole: snapshot and restore (/__admin/state), data at start (--data).
export { petSchemaOf, readPets } from './read-pets.js';
export { readRecords, readState, scopedName, writeState } from './collections-state.js';
export type { CollectionsState, StateRefusal } from './collections-state.js';

export type { ReadPetsResult } from './read-pets.js';
