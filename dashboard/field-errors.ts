// A field's error: its text beside the field (named by aria-describedby), and aria-invalid on it.
import { byId } from './dom.js';

/** Shows `message` next to field `id` (its message element is `#<id>-error`); undefined clears it. */
export function setFieldError(id: string, message: string | undefined): void {
  byId(`${id}-error`).textContent = message ?? '';
  const field = byId(id);
  if (message === undefined) field.removeAttribute('aria-invalid');
  else field.setAttribute('aria-invalid', 'true');
}

export function clearFieldErrors(ids: readonly string[]): void {
  for (const id of ids) setFieldError(id, undefined);
}

/** The session field, shared by the controls: a refusal of the session header is shown there. */
export const SESSION_FIELD = 'control-session';

/** The field a refusal belongs to: the session's when the mock refused the session header, else `field`. */
export function fieldOf(message: string, field: string | undefined): string | undefined {
  return message.startsWith('X-Petstore-Session') ? SESSION_FIELD : field;
}
