import type { MockSettings } from '../src/engine/admin/admin-endpoints.js';
import type { Override, OverrideSpec } from '../src/engine/controls/overrides.js';
import { byId, byIdOf, element } from './dom.js';
import { clearFieldErrors, fieldOf, SESSION_FIELD, setFieldError } from './field-errors.js';
import { jsonInit, send, sessionName, type AdminRequest } from './admin-request.js';

/**
 * "Script an override": an operation of the document and one of its declared statuses, optional
 * times and body, posted to /__admin/overrides for the session; the overrides set, each with a button
 * that clears it. A refusal shows the mock's own message beside the field it names.
 */

type Operation = MockSettings['operations'][number];

const FIELDS = [SESSION_FIELD, 'override-operation', 'override-status', 'override-times', 'override-body'] as const;
/** The field a refusal names by its first word, as readOverrideSpec writes them. */
const FIELD_OF: Readonly<Record<string, string>> = { operationId: 'override-operation', status: 'override-status', times: 'override-times', body: 'override-body' };

export interface OverrideControls {
  showOperations(operations: readonly Operation[]): void;
  /** Lists the session's overrides; the list is redrawn only when it changed. False when the mock wants its token. */
  refresh(): Promise<boolean>;
}

export function createOverrideControls(admin: AdminRequest, session: () => string | null): OverrideControls {
  const operationSelect = byIdOf('override-operation', HTMLSelectElement);
  const statusSelect = byIdOf('override-status', HTMLSelectElement);
  const message = byId('override-message');
  const list = byId('overrides');
  let operations: readonly Operation[] = [];
  let drawn = '';

  const fillStatuses = (): void => {
    const operation = operations.find(candidate => candidate.operationId === operationSelect.value);
    statusSelect.replaceChildren(...(operation?.statuses ?? []).map(status => option(String(status), String(status))));
  };
  operationSelect.addEventListener('change', fillStatuses);

  byIdOf('override-form', HTMLFormElement).addEventListener('submit', event => {
    event.preventDefault();
    void submit();
  });

  async function submit(): Promise<void> {
    clearFieldErrors(FIELDS);
    const read = readForm(operationSelect.value, statusSelect.value);
    if ('problem' in read) return refuse(read.field, read.problem);
    message.textContent = 'Setting the override…';
    const sent = await send(admin, '/__admin/overrides', jsonInit('POST', JSON.stringify(read.spec)), session());
    if (!sent.ok) return refuse(fieldOf(sent.message, FIELD_OF[/^\w+/.exec(sent.message)?.[0] ?? '']), sent.message);
    const override = (await sent.response.json()) as Override;
    message.textContent = `Set override ${override.id} for ${sessionName(session())}: ${describe(override)}.`;
    await refresh();
  }

  function refuse(field: string | undefined, problem: string): void {
    if (field !== undefined) setFieldError(field, problem);
    message.textContent = `Not set: ${problem}`;
  }

  async function clear(override: Override, next: string | undefined): Promise<void> {
    const sent = await send(admin, `/__admin/overrides/${encodeURIComponent(override.id)}`, { method: 'DELETE' }, session());
    message.textContent = sent.ok ? `Cleared override ${override.id} (${override.operationId} → ${override.status}).` : `Not cleared: ${sent.message}`;
    await refresh();
    // Its button is gone: the user goes on from the next one, or from the list's heading.
    const target = next === undefined ? undefined : list.querySelector<HTMLButtonElement>(`button[data-override="${CSS.escape(next)}"]`);
    (target ?? byId('overrides-title')).focus();
  }

  function draw(overrides: readonly Override[]): void {
    const focused = document.activeElement instanceof HTMLButtonElement && list.contains(document.activeElement) ? document.activeElement.dataset['override'] : undefined;
    const ids = overrides.map(override => override.id);
    list.replaceChildren(
      ...overrides.map((override, index) => {
        const item = element('li');
        const button = element('button', 'Clear');
        button.type = 'button';
        button.dataset['override'] = override.id;
        button.setAttribute('aria-label', `Clear override ${override.id}: ${describe(override)}`);
        button.addEventListener('click', () => void clear(override, ids[index + 1] ?? ids[index - 1]));
        item.append(element('span', `${override.id}. ${describe(override)}`), button);
        return item;
      }),
    );
    byId('overrides-empty').hidden = overrides.length > 0;
    if (focused !== undefined) list.querySelector<HTMLButtonElement>(`button[data-override="${CSS.escape(focused)}"]`)?.focus();
  }

  async function refresh(): Promise<boolean> {
    const asked = session();
    let response: Response | undefined;
    try {
      response = await admin('/__admin/overrides', {}, asked);
    } catch {
      return true; // The mock does not answer now: the journal says so; try again later.
    }
    if (!response) return false;
    if (!response.ok || asked !== session()) return true;
    const { overrides } = (await response.json()) as { overrides: Override[] };
    // The session may have changed while the body was read: an answer for the one asked before is not drawn over the new one's.
    if (asked !== session()) return true;
    const text = JSON.stringify([asked, overrides]);
    if (text !== drawn) {
      drawn = text;
      byId('overrides-session').textContent = `(${sessionName(asked)})`;
      draw(overrides);
    }
    return true;
  }

  return {
    showOperations(given) {
      const chosen = operationSelect.value;
      operations = given;
      operationSelect.replaceChildren(...given.map(operation => option(operation.operationId, `${operation.operationId} (${operation.method} ${operation.path})`)));
      if (given.some(operation => operation.operationId === chosen)) operationSelect.value = chosen;
      fillStatuses();
    },
    refresh,
  };
}

/** The form as an override, or the field at fault and why; times and body are left out when empty. */
function readForm(operationId: string, status: string): { spec: OverrideSpec } | { field: string; problem: string } {
  if (operationId === '' || status === '') return { field: 'override-operation', problem: 'Choose an operation and one of its statuses.' };
  const times = byIdOf('override-times', HTMLInputElement).value.trim();
  const body = byIdOf('override-body', HTMLTextAreaElement).value.trim();
  if (times !== '' && !Number.isFinite(Number(times))) return { field: 'override-times', problem: `times must be a whole number (empty: until cleared), got ${JSON.stringify(times)}.` };
  let parsed: unknown;
  if (body !== '') {
    try {
      parsed = JSON.parse(body);
    } catch (error) {
      return { field: 'override-body', problem: `body is not JSON: ${error instanceof Error ? error.message : String(error)}.` };
    }
  }
  return { spec: { operationId, status: Number(status), ...(times !== '' && { times: Number(times) }), ...(body !== '' && { body: parsed }) } };
}

function describe(override: Override): string {
  const left = override.remaining === null ? 'until cleared' : `${override.remaining} more call${override.remaining === 1 ? '' : 's'}`;
  return `${override.operationId} → ${override.status}, ${left}${override.used > 0 ? `, used ${override.used}` : ''}${override.body === undefined ? '' : ', with a body'}`;
}

function option(value: string, label: string): HTMLOptionElement {
  const made = element('option', label);
  made.value = value;
  return made;
}
