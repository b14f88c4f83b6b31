import { createHandlers } from './create-petstore-mock.js';

export { createHandlers, createPetstoreMock } from './create-petstore-mock.js';

/** Ready handlers with the default 20 seeded pets; their store lives as long as the module. */
export const handlers = createHandlers();

export type { PetstoreMock, PetstoreMockOptions, PetstoreMockSession } from './create-petstore-mock.js';
export type { ApiError, NewPet, Pet, PetStatus } from '../types/index.js';
export type { JournalEntry, JournalProblem } from '../engine/index.js';
