// The mock server and its engine.
export { createMockServer, DEFAULT_HOST, DEFAULT_PORT } from './server/index.js';
export { createEngine, createRequestJournal, DEFAULT_BODY_LIMIT, DEFAULT_JOURNAL_SIZE, DEFAULT_PETS, ERROR_CODES, handleFetch, SESSION_OPENED_HEADER } from './engine/index.js';

// The in-memory store and the sessions that each hold one.
export { createPetStore, StoreFullError } from './store/index.js';
export { createSessionRegistry, DEFAULT_MAX_PETS, DEFAULT_MAX_SESSIONS, SESSION_HEADER } from './sessions/index.js';

// The admin API of a running mock, over HTTP, and what a refused control throws on every surface.
export { createAdminClient } from './admin-client/index.js';
export { AdminError, isAdminError } from './errors/index.js';

// The OpenAPI document.
export { loadDocument, locateDocument } from './document/index.js';

// Checking a deployment against the document and the mock (`petstore-mock verify`).
export { verifyDeployment } from './verify/index.js';

// Seeded fixtures.
export { buildNewPet, buildPet, buildPets, DEFAULT_SEED, PET_STATUSES } from './fixtures/index.js';

export type { MockServer, MockServerOptions, RequestLogEntry } from './server/index.js';
export type { AdminClient, AdminClientOptions, AdminControls, AdminSession } from './admin-client/index.js';
export type { DelayOption, DelayRange, Engine, EngineOptions, ErrorCode, Har, HarEntry, JournalEntry, JournalFilter, JournalProblem, JournalResponse, MockRequest, MockResponse, NowOption, Override, OverrideRegistry, OverrideSpec, Refusal, RequestJournal } from './engine/index.js';
export type { ListPetsQuery, ListQuery, PetStore, RecordStore, RecordStoreOptions, StoredRecord } from './store/index.js';
export type { Session, SessionEntry, SessionRegistry, SessionRegistryOptions } from './sessions/index.js';
export type { DocumentOperation, PetstoreDocument } from './document/index.js';
export type { BuildPetsOptions, SeedOptions } from './fixtures/index.js';
export type { CheckName, CheckResult, Finding, LeftBehind, OperationCoverage, Outcome, ReportedRequest, Severity, VerifyOptions, VerifyResult, VerifySummary } from './verify/index.js';
export type { ApiError, NewPet, OperationId, OperationRequestBodies, OperationResponses, Pet, PetStatus } from './types/index.js';
export type { Call, DeclaredStatus, OverrideOptions, StoreState } from './admin-client/index.js';
