import type { OverrideRegistry } from '../controls/overrides.js';
import type { ControlOutcome, ControlRefusal } from './test-controls.js';

/**
 * Clears a session's overrides, or the one `id` names: refused (`override_not_found`) when it has
 * none of that id. Apart from `test-controls.ts`, which reads documents: MSW's `clearOverrides` needs no engine.
 */
export function removeOverrides(overrides: OverrideRegistry, session: string | undefined, id?: string): ControlOutcome<void> {
  if (id === undefined) {
    overrides.clear(session);
    return { value: undefined };
  }
  return overrides.remove(session, id) ? { value: undefined } : { refusal: overrideNotFound(id, session) };
}

/** Why no override of that id was found in the session. */
export function overrideNotFound(id: string, session: string | undefined): ControlRefusal {
  const where = session === undefined ? 'the default session' : `session ${JSON.stringify(session)}`;
  return { code: 'override_not_found', message: `No override has id ${JSON.stringify(id)} in ${where}; GET /__admin/overrides (or overrides() in process) lists them.` };
}
