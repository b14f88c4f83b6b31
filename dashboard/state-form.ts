import type { CollectionsState } from '../src/engine/state/collections-state.js';
import { byId, byIdOf } from './dom.js';
import { clearFieldErrors, fieldOf, SESSION_FIELD, setFieldError } from './field-errors.js';
import { jsonInit, send, sessionName, type AdminRequest } from './admin-request.js';

/**
 * "Replace records": the session's records as JSON in a textarea (each collection's under its name,
 * as GET /__admin/state gives them), put back whole with PUT /__admin/state, which checks them as the API does. A refused state shows the mock's message (which pet, which field)
 * beside the editor and changes nothing, the editor's text included. A read that was already on its
 * way when the user edited the text does not overwrite it: what they typed is what "Replace" sends.
 */

const FIELD = 'state-records';

export interface StateControls {
  /** Reads the session's records into the editor. */
  load(): Promise<void>;
}

export function createStateControls(admin: AdminRequest, session: () => string | null, replaced: (session: string | null) => void): StateControls {
  const editor = byIdOf(FIELD, HTMLTextAreaElement);
  const message = byId('state-message');

  /** Counts the user's edits and replaces, so a read that started before one of them leaves the text (and the message) alone. */
  let edits = 0;
  let submits = 0;
  editor.addEventListener('input', () => {
    edits += 1;
  });

  const fill = (state: CollectionsState): void => {
    editor.value = JSON.stringify(state, null, 2);
    setFieldError(FIELD, undefined);
  };

  byIdOf('state-form', HTMLFormElement).addEventListener('submit', event => {
    event.preventDefault();
    void submit();
  });
  byId('state-reload').addEventListener('click', () => void load());

  async function submit(): Promise<void> {
    submits += 1;
    clearFieldErrors([SESSION_FIELD, FIELD]);
    const target = session();
    message.textContent = 'Replacing the records…';
    // The text as typed: the mock reads it as the API reads a body, and names what it refuses.
    const sent = await send(admin, '/__admin/state', jsonInit('PUT', editor.value), target);
    if (!sent.ok) {
      setFieldError(fieldOf(sent.message, FIELD) ?? FIELD, sent.message);
      message.textContent = `Refused: ${sent.message}`;
      return;
    }
    const state = (await sent.response.json()) as CollectionsState;
    message.textContent = `Replaced the records of ${sessionName(target)}: ${Object.entries(state).map(([name, records]) => `${records.length} ${name}`).join(', ')} now.`;
    replaced(target);
  }

  async function load(): Promise<void> {
    const asked = session();
    const editsBefore = edits;
    const submitsBefore = submits;
    const sent = await send(admin, '/__admin/state', {}, asked);
    if (asked !== session() || submits !== submitsBefore) return;
    if (edits !== editsBefore) {
      message.textContent = `Kept your edits; "Reload from the mock" reads the records of ${sessionName(asked)}.`;
      return;
    }
    if (!sent.ok) {
      setFieldError(fieldOf(sent.message, FIELD) ?? FIELD, sent.message);
      message.textContent = `Could not read the records of ${sessionName(asked)}: ${sent.message}`;
      return;
    }
    fill((await sent.response.json()) as CollectionsState);
  }

  return { load };
}
