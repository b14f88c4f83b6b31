import { createHandlers } from './create-petstore-mock.js';

export { createHandlers, createPetstoreMock } from './create-petstore-mock.js';

/** Ready handlers with the default 20 seeded pets; their store lives as long as the module. */
export const handlers = createHandlers();

export type { PetstoreMock, PetstoreMockControls, PetstoreMockOptions, PetstoreMockSession } from './create-petstore-mock.js';
export type { ApiError, Call, DeclaredStatus, NewPet, OperationId, OperationResponses, OverrideOptions, Pet, PetStatus, StoreState } from '../types/index.js';
export type { JournalEntry, JournalFilter, JournalProblem, Override } from '../engine/index.js';
