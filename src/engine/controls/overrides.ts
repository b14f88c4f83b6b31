import type { PetstoreDocument } from '../../document/index.js';
import { describeSchemaProblems, findSchemaProblems } from '../prism/index.js';
import { responseSchemaOf } from '../state/index.js';
import { show } from '../../options/index.js';
import { MAX_REQUEST_DELAY } from './request-controls.js';

/** What `POST /__admin/overrides` (or `mock.override()`) asks: answer `operationId`'s next `times` calls with `status`. */
export interface OverrideSpec {
  operationId: string;
  status: number;
  /** How many calls; absent: every call until the override is cleared. */
  times?: number;
  /** The body to answer, checked against the document's schema for that status. Default: the response's example, as Prism's mocker gives it. */
  body?: unknown;
  /** A named example of that response instead. */
  example?: string;
  /** Milliseconds to hold each answer back. */
  delay?: number;
}

/** A scripted answer, as `GET /__admin/overrides` lists it. */
export interface Override extends OverrideSpec {
  readonly id: string;
  /** The `X-Petstore-Session` it belongs to; null for the default session. */
  readonly session: string | null;
  /** Calls it will still answer; null: until cleared. */
  readonly remaining: number | null;
  /** Calls it has answered. */
  readonly used: number;
}

export const MAX_OVERRIDES = 1_000;
export const MAX_OVERRIDE_TIMES = 1_000_000;
const SPEC_FIELDS = ['operationId', 'status', 'times', 'body', 'example', 'delay'];

/** The overrides of every session, in the order they were added; the first that matches a call answers it. */
export interface OverrideRegistry {
  add(session: string | undefined, spec: OverrideSpec): Override;
  /** One session's overrides (undefined: the default session's). */
  list(session: string | undefined): Override[];
  /** Removes override `id` of that session; false when it has none by that id. */
  remove(session: string | undefined, id: string): boolean;
  /** Clears one session's overrides, or with `everything` every session's. */
  clear(session: string | undefined, everything?: boolean): void;
  /** The override the next call of `operationId` in that session gets, without using it. */
  find(session: string | undefined, operationId: string): Override | undefined;
  /** Counts one call answered by `override`; it is dropped when none remain. */
  use(override: Override): void;
  /** How many overrides are set, over every session: 0 costs requests nothing. */
  readonly size: number;
}

export function createOverrideRegistry(): OverrideRegistry {
  let entries: Mutable<Override>[] = [];
  let lastId = 0;
  const key = (session: string | undefined): string | null => session ?? null;
  return {
    add(session, spec) {
      if (entries.length >= MAX_OVERRIDES) throw new RangeError(`[petstore-mock] At most ${MAX_OVERRIDES} overrides are kept; clear some (DELETE /__admin/overrides).`);
      const override: Mutable<Override> = { id: String(++lastId), session: key(session), ...spec, remaining: spec.times ?? null, used: 0 };
      entries.push(override);
      return { ...override };
    },
    list: session => entries.filter(entry => entry.session === key(session)).map(entry => ({ ...entry })),
    remove(session, id) {
      const before = entries.length;
      entries = entries.filter(entry => !(entry.id === id && entry.session === key(session)));
      return entries.length < before;
    },
    clear(session, everything = false) {
      entries = everything ? [] : entries.filter(entry => entry.session !== key(session));
    },
    find: (session, operationId) => entries.find(entry => entry.session === key(session) && entry.operationId === operationId),
    use(override) {
      const entry = entries.find(candidate => candidate.id === override.id);
      if (!entry) return;
      entry.used++;
      if (entry.remaining !== null && --entry.remaining <= 0) entries = entries.filter(candidate => candidate !== entry);
    },
    get size() {
      return entries.length;
    },
  };
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** `value` as an override of the document's operations, or the sentence that says what is wrong with it. */
export function readOverrideSpec(value: unknown, document: PetstoreDocument): { spec: OverrideSpec } | { problem: string } {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { problem: 'An override must be an object such as {"operationId": "createPet", "status": 503, "times": 2}.' };
  const given = value as Record<string, unknown>;
  const unknown = Object.keys(given).filter(field => !SPEC_FIELDS.includes(field));
  if (unknown.length > 0) return { problem: `An override has no field ${unknown.map(field => JSON.stringify(field)).join(', ')}; its fields are ${SPEC_FIELDS.join(', ')}.` };
  const { operationId, status, times, body, example, delay } = given;
  const operations = [...document.operations.keys()];
  if (typeof operationId !== 'string' || !document.operations.has(operationId)) {
    return { problem: `operationId must be one of ${operations.join(', ')}, got ${show(operationId)}.` };
  }
  const operation = document.prismOperations.find(candidate => candidate.iid === operationId);
  const declared = operation?.responses.map(response => response.code) ?? [];
  if (typeof status !== 'number' || !declared.includes(String(status))) {
    return { problem: `status must be one ${operationId} declares: ${declared.join(', ')}; got ${show(status)}.` };
  }
  if (times !== undefined && !(Number.isInteger(times) && (times as number) >= 1 && (times as number) <= MAX_OVERRIDE_TIMES)) {
    return { problem: `times must be a whole number from 1 to ${MAX_OVERRIDE_TIMES} (leave it out to answer until cleared), got ${JSON.stringify(times)}.` };
  }
  if (delay !== undefined && !(Number.isInteger(delay) && (delay as number) >= 0 && (delay as number) <= MAX_REQUEST_DELAY)) {
    return { problem: `delay must be a whole number of milliseconds from 0 to ${MAX_REQUEST_DELAY}, got ${JSON.stringify(delay)}.` };
  }
  if (body !== undefined && example !== undefined) return { problem: 'An override takes a body or an example, not both.' };
  const response = operation?.responses.find(candidate => candidate.code === String(status));
  if (example !== undefined) {
    const names = (response?.contents ?? []).flatMap(content => (content.examples ?? []).map(each => each.key));
    if (typeof example !== 'string' || !names.includes(example)) {
      return { problem: `example must name an example of the ${status} response of ${operationId} (${names.join(', ') || 'it has none'}), got ${JSON.stringify(example)}.` };
    }
  }
  if (body !== undefined) {
    const problems = findSchemaProblems(body, responseSchemaOf(document, operationId, status));
    if (problems.length > 0) return { problem: `body does not fit the ${status} response of ${operationId}: ${describeSchemaProblems(problems)}.` };
  }
  return {
    spec: {
      operationId,
      status,
      ...(times !== undefined && { times: times as number }),
      ...(body !== undefined && { body }),
      ...(example !== undefined && { example }),
      ...(delay !== undefined && { delay: delay as number }),
    },
  };
}
