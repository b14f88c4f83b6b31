export {
  createSessionRegistry,
  DEFAULT_MAX_PETS,
  DEFAULT_MAX_SESSIONS,
  DEFAULT_MAX_STORED_BYTES,
  DEFAULT_PETS,
  findSessionIdProblem,
  SESSION_HEADER,
  SESSION_ID_PATTERN,
  SESSION_OPENED_HEADER,
  scopeStoreBytes,
} from './session-registry.js';
export { createRandom, deriveSeed } from './random.js';
export { newSessionId } from './new-session-id.js';

export type { CollectionState, ScopedStore, Session, SessionEntry, SessionRegistry, SessionRegistryOptions } from './session-registry.js';
export type { Random } from './random.js';
