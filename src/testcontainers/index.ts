export { DEFAULT_IMAGE, PetstoreMockContainer, StartedPetstoreMockContainer } from './petstore-mock-container.js';

export type { PetstoreMockSession } from './petstore-mock-container.js';
export type { JournalEntry, JournalProblem } from '../engine/index.js';
