import type { ListShape } from '../document/index.js';
import { describeAnswer } from './check-document.js';
import type { Answer } from './answer.js';
import { declaresClass, findResponse, type OperationModel } from './read-operations.js';
import type { Expectation } from './probe.js';
import type { CheckName } from './types.js';

/** The request is valid: a success is expected whenever the document declares one. */
export function expectSuccess(operation: OperationModel, answer: Answer, check: CheckName, what: string): Expectation {
  if (answer.status >= 200 && answer.status < 300) return { check, outcome: 'passed', message: `${what}: ${answer.status}.` };
  if (!declaresClass(operation, 2)) return { check, outcome: 'passed', message: `${what}: ${answer.status} (the document declares no success).` };
  const declared = operation.responses.filter(response => response.status.startsWith('2')).map(response => response.status).join(', ');
  return { check, outcome: 'error', message: `${what} was refused.`, expected: declared, actual: describeAnswer(answer) };
}

/** The request breaks the document (a bound, an enum, a required field): a 4xx is expected. */
export function expectRefusal(operation: OperationModel, answer: Answer, check: CheckName, what: string): Expectation {
  const declared = operation.responses.filter(response => response.status.startsWith('4') && response.status !== '401').map(response => response.status);
  const expected = declared.length > 0 ? declared.join(', ') : 'a 4xx';
  if (answer.status >= 400 && answer.status < 500) return { check, outcome: 'passed', message: `${what} was refused: ${answer.status}.` };
  if (answer.status >= 500) return { check, outcome: 'error', message: `${what} made the deployment fail instead of refusing it.`, expected, actual: describeAnswer(answer) };
  return {
    check,
    outcome: declaresClass(operation, 4) ? 'error' : 'warning',
    message: `${what} was accepted (${answer.status}): the document's rule is not enforced.`,
    expected,
    actual: describeAnswer(answer),
  };
}

/** The status the document gives for `status`, or undefined: e.g. whether it declares 404. */
export function declares(operation: OperationModel, status: number): boolean {
  return findResponse(operation, status)?.status === String(status);
}

/** The items of a list answer: a JSON array, or the array a wrapper holds where the list's shape says (`data`, `content`); else undefined. */
export function itemsOf(answer: Answer, shape?: ListShape): Record<string, unknown>[] | undefined {
  let value = answer.json?.value;
  if (shape?.kind === 'wrapped') for (const step of shape.items) value = (value as Record<string, unknown> | null | undefined)?.[step];
  return Array.isArray(value) ? (value.filter(item => item !== null && typeof item === 'object') as Record<string, unknown>[]) : undefined;
}

/**
 * Whether an answered value holds what was sent: each property sent, held as sent (an object may hold
 * more, as a service fills what it assigns: `attributes.displayName`, a relationship's `links`), an
 * array item for item, anything else equal.
 */
export function holdsJson(answered: unknown, sent: unknown): boolean {
  if (Array.isArray(sent)) return Array.isArray(answered) && answered.length === sent.length && sent.every((item, index) => holdsJson(answered[index], item));
  if (sent !== null && typeof sent === 'object') {
    if (answered === null || typeof answered !== 'object' || Array.isArray(answered)) return false;
    return Object.entries(sent).every(([key, value]) => holdsJson((answered as Record<string, unknown>)[key], value));
  }
  return sameJson(answered, sent);
}

export function sameJson(left: unknown, right: unknown): boolean {
  return JSON.stringify(sortKeys(left)) === JSON.stringify(sortKeys(right));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.keys(value).sort().map(key => [key, sortKeys((value as Record<string, unknown>)[key])]));
}
