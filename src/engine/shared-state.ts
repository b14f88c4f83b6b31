// The state the engine and the MSW handlers share, made once before any document is read: the
// sessions and their stores, the journal, the overrides, and what `reset` means. Prism-free (the
// MSW handlers make it before the engine's chunk loads); apart from create-engine.ts, which loads Prism.
import { createRequestJournal, DEFAULT_JOURNAL_BYTES, DEFAULT_JOURNAL_SIZE, type RequestJournal } from './journal/request-journal.js';
import { createOverrideRegistry, type OverrideRegistry } from './controls/overrides.js';
import { createSessionRegistry, DEFAULT_MAX_SESSIONS, type SessionRegistry, type SessionRegistryOptions } from '../sessions/index.js';
import type { EngineOptions } from './engine-options.js';

/** The mock's state: every surface's requests and test controls act on one. */
export interface SharedState {
  readonly sessions: SessionRegistry;
  readonly journal: RequestJournal;
  readonly overrides: OverrideRegistry;
  /** One session's store, overrides and journal entries back to the start, or with no id every store, session, override and entry. */
  readonly reset: (session?: string) => void;
}

/**
 * The state, from the options: the sessions, journal and overrides they give (a surface that made
 * them before the engine), else new ones; `sessionOptions` shape sessions made here. A dropped
 * session (past `maxSessions`, or by a reset) takes its overrides along, and is warned of.
 */
export function createSharedState(options: EngineOptions, onWarning: (message: string) => void, sessionOptions: SessionRegistryOptions = {}): SharedState {
  const sessions =
    options.sessions ??
    createSessionRegistry({
      onEvict: warnOfEviction(onWarning, options.maxSessions),
      ...(options.seed !== undefined && { seed: options.seed }),
      ...(options.pets !== undefined && { pets: options.pets }),
      ...(options.initialPets !== undefined && { initialPets: options.initialPets }),
      ...(options.defaultStatus !== undefined && { defaultStatus: options.defaultStatus }),
      ...(options.maxPets !== undefined && { maxPets: options.maxPets }),
      ...(options.maxSessions !== undefined && { maxSessions: options.maxSessions }),
      ...(options.maxStoredBytes !== undefined && { maxStoredBytes: options.maxStoredBytes }),
      ...(options.store !== undefined && { defaultStore: options.store }),
      ...sessionOptions,
    });
  const journal = options.journal ?? createRequestJournal(options.journalSize ?? DEFAULT_JOURNAL_SIZE, options.journalBytes ?? DEFAULT_JOURNAL_BYTES);
  const overrides = options.overrides ?? createOverrideRegistry(options);
  // Registered once per registry: the engine is handed the MSW handlers' sessions, which already have it.
  if (!wiredSessions.has(sessions)) {
    wiredSessions.add(sessions);
    sessions.onDrop(id => overrides.clear(id));
  }
  return { sessions, journal, overrides, reset: session => resetState({ sessions, journal, overrides }, session) };
}

const wiredSessions = new WeakSet<SessionRegistry>();

/** The warning a dropped session gives: a CI shard whose pets vanished can find out why. */
export function warnOfEviction(onWarning: (message: string) => void, maxSessions: number | undefined): (id: string) => void {
  return id =>
    onWarning(
      `[petstore-mock] Session ${JSON.stringify(id)} was dropped with its pets to make room: more than ${maxSessions ?? DEFAULT_MAX_SESSIONS} sessions (--max-sessions) were alive. Its next request opens it afresh (X-Petstore-Session-Opened: reopened).`,
    );
}

/** What `reset` means on every surface: one session's store, overrides and journal entries, or with no id every store, session, override and entry. */
export function resetState(state: { sessions: SessionRegistry; journal: RequestJournal; overrides: OverrideRegistry }, session?: string): void {
  state.sessions.reset(session);
  state.overrides.clear(session, session === undefined);
  state.journal.clear(session);
}
