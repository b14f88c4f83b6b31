import { createMock } from './create-petstore-mock.js';

export { createHandlers, createPetstoreMock } from './create-petstore-mock.js';
export { AdminError, isAdminError } from '../errors/index.js';

/** Ready handlers with the default 20 seeded pets; their store lives as long as the module, their engine starts on their first request. */
export const handlers = createMock({}, false).handlers;

export type { PetstoreMock, PetstoreMockControls, PetstoreMockOptions, PetstoreMockSession } from './create-petstore-mock.js';
export type { PersistOption } from './persisted-stores.js';
export type { ApiError, NewPet, OperationId, OperationResponses, Pet, PetStatus } from '../types/index.js';
export type { Call, DeclaredStatus, OverrideOptions, StoreState } from '../admin-client/index.js';
export type { Har, HarEntry, JournalEntry, JournalFilter, JournalProblem, JournalResponse, Override } from '../engine/index.js';
