import type { PetstoreDocument } from '../../document/index.js';
import type { SessionRegistry } from '../../sessions/index.js';
import { OverridesFullError, readOverrideSpec, type Override, type OverrideRegistry } from '../controls/index.js';
import { readState, writeState, type CollectionsState } from '../state/index.js';

/** What a test control refused, as the admin endpoint answers it and the MSW control throws it. */
export interface ControlRefusal {
  readonly code: 'invalid_request' | 'store_full' | 'overrides_full' | 'override_not_found';
  /** A sentence that ends by saying nothing changed. */
  readonly message: string;
  /** The option whose limit refused it (`maxStoredBytes`, `maxOverrides`, …): the journal records those refusals. */
  readonly limit?: string;
}

/** A control's result: its value, or why nothing changed. */
export type ControlOutcome<T> = { readonly value: T } | { readonly refusal: ControlRefusal };

/** The state every surface's controls act on: made once, shared by the engine and the MSW handlers. */
export interface ControlledState {
  readonly sessions: SessionRegistry;
  readonly overrides: OverrideRegistry;
}

/**
 * The test controls, written once for every surface: `/__admin/state` and `/__admin/overrides`
 * over HTTP, `setState`/`override`/`clearOverrides` in process (MSW). `session` undefined is the
 * default session; a write opens the session it names (it may drop the least recently used), a read never does.
 */
export function createTestControls(state: ControlledState) {
  const { sessions, overrides } = state;
  return {
    /** Every collection's records of the session (a session not alive: those it would start from). */
    readState(document: PetstoreDocument, session: string | undefined): CollectionsState {
      return readState(document, sessions, session);
    },

    /** The session's stores hold exactly these records, each checked against its collection's schema; all or nothing. */
    writeState(document: PetstoreDocument, session: string | undefined, value: unknown): ControlOutcome<CollectionsState> {
      const written = writeState(document, session === undefined ? sessions.default : sessions.open(session), value);
      if ('state' in written) return { value: written.state };
      if (written.code === 'store_full') return { refusal: { code: 'store_full', message: `${written.problem} Nothing was changed.`, limit: written.limit ?? 'maxStoredBytes' } };
      return { refusal: { code: 'invalid_request', message: `The state ${written.problem}; nothing was changed.` } };
    },

    /** Scripts the answers of an operation (`spec` as `POST /__admin/overrides` takes it), checked against the document. */
    addOverride(document: PetstoreDocument, session: string | undefined, spec: unknown): ControlOutcome<Override> {
      const read = readOverrideSpec(spec, document);
      if ('problem' in read) return { refusal: { code: 'invalid_request', message: `${read.problem} Nothing was set.` } };
      try {
        // An override belongs to a live session: dropped with it, so it cannot outlive it.
        if (session !== undefined) sessions.open(session);
        return { value: overrides.add(session, read.spec) };
      } catch (error) {
        if (!(error instanceof OverridesFullError)) throw error;
        return { refusal: { code: 'overrides_full', message: `${error.message.replace('[petstore-mock] ', '')} Nothing was set.`, limit: error.limit } };
      }
    },
  };
}

export type TestControls = ReturnType<typeof createTestControls>;
