// The mock server and its engine.
export { createMockServer, DEFAULT_HOST, DEFAULT_PORT } from './server/index.js';
export { createEngine, DEFAULT_BODY_LIMIT, DEFAULT_PETS, ERROR_CODES, handleFetch } from './engine/index.js';

// The in-memory store.
export { createPetStore } from './store/index.js';

// The OpenAPI document.
export { loadDocument, locateDocument } from './document/index.js';

// Seeded fixtures.
export { buildNewPet, buildPet, buildPets, DEFAULT_SEED, PET_STATUSES } from './fixtures/index.js';

export type { MockServer, MockServerOptions, RequestLogEntry } from './server/index.js';
export type { Engine, EngineOptions, ErrorCode, MockRequest, MockResponse } from './engine/index.js';
export type { ListPetsQuery, PetStore, PetStoreOptions } from './store/index.js';
export type { DocumentOperation, PetstoreDocument } from './document/index.js';
export type { BuildPetsOptions, SeedOptions } from './fixtures/index.js';
export type { ApiError, NewPet, Pet, PetStatus } from './types/index.js';
