import type { MockSettings } from '../src/engine/admin/admin-endpoints.js';
import { byIdOf } from './dom.js';
import { SESSION_FIELD, setFieldError } from './field-errors.js';
import type { AdminRequest } from './admin-request.js';
import { createOverrideControls } from './override-form.js';
import { createStateControls } from './state-form.js';

/**
 * The dashboard's test controls: script an override, replace a session's records. They act on the
 * session named in #control-session (empty: the default one), which "Show records" also sets, and
 * send their requests through the page's own admin request (its token, the session header).
 */

const OVERRIDES_POLL_MS = 2_000;

export interface ActionsHost {
  admin: AdminRequest;
  /** Shows a session's records in the page's tables (which then calls `selectSession`). */
  showRecords(session: string | null): Promise<void>;
}

export interface Actions {
  /** The settings arrived (the token, if any, was taken): the operations to offer, and the overrides list kept fresh. */
  showOperations(settings: MockSettings): void;
  /** The page is about to show this session's records: the controls act on it, the editor reads them. */
  selectSession(session: string | null): void;
}

export function createActions(host: ActionsHost): Actions {
  const sessionInput = byIdOf(SESSION_FIELD, HTMLInputElement);
  let current: string | null = null;
  let polling = false;
  const session = (): string | null => current;
  const overrides = createOverrideControls(host.admin, session);
  const state = createStateControls(host.admin, session, replaced => void host.showRecords(replaced));

  /** Answers that arrive for a session no longer chosen are dropped by the controls (they compare it with `current`). */
  const choose = (chosen: string | null): void => {
    current = chosen;
    setFieldError(SESSION_FIELD, undefined);
    void Promise.all([overrides.refresh(), state.load()]);
  };
  sessionInput.addEventListener('change', () => {
    const typed = sessionInput.value.trim();
    choose(typed === '' ? null : typed);
  });

  /** Overrides are used up by calls: the list is read again while the tab is visible, and stops when the mock wants its token. */
  const poll = (): void => {
    setTimeout(() => {
      const work = document.hidden ? Promise.resolve(true) : overrides.refresh();
      void work.then(goOn => (goOn ? poll() : (polling = false)), poll);
    }, OVERRIDES_POLL_MS);
  };

  return {
    showOperations(settings) {
      overrides.showOperations(settings.operations);
      void overrides.refresh();
      if (!polling) {
        polling = true;
        poll();
      }
    },
    selectSession(shown) {
      sessionInput.value = shown ?? '';
      choose(shown);
    },
  };
}
