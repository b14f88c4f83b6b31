// What the engine and the MSW handlers share before an engine exists: resetting the state it will
// use, and the warning of a dropped session. Apart from create-engine.ts, which loads Prism.
import type { RequestJournal } from './journal/request-journal.js';
import type { OverrideRegistry } from './controls/overrides.js';
import { DEFAULT_MAX_SESSIONS, type SessionRegistry } from '../sessions/index.js';

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
