import { pathWithoutFragment } from '../document/path-index.js';
import { decodePathSegment } from '../engine/http/index.js';
import type { Answer } from './answer.js';
import type { OperationModel } from './read-operations.js';
import type { CheckName, Outcome } from './types.js';

/** A record this run created on one side, and how to remove it. */
export interface CreatedRecord {
  operationId: string;
  /** The collection it belongs to, when the create is one the resource model knows. */
  collection: string | undefined;
  key: unknown;
  /** The path parameters the create was sent with (its parents' keys). */
  pathValues: Record<string, unknown>;
  name: string;
  /** Where the create's answer said the record is (`Location`), else the path it was sent to. */
  location: string;
}

/** What one collection's scenario learned on one side. */
export interface ScenarioState {
  created?: { key: unknown; sent: Record<string, unknown>; answered: Record<string, unknown> | undefined; pathValues: Record<string, unknown> };
  /** A listed record, for a read-only run's read-back. */
  listed?: Record<string, unknown>;
  /** The property the update changed, and its new value. */
  updated?: { property: string; value: unknown };
  removed?: boolean;
  /** The path values the create was sent with. */
  pathValues?: Record<string, unknown>;
}

/** What one side (the deployment, or the mock) has shown so far: records it holds, what the run created. */
export interface SideState {
  /** Records seen in lists and reads, by collection, in the order seen. */
  records: Map<string, Record<string, unknown>[]>;
  /** Each collection's scenario, by collection. */
  scenarios: Map<string, ScenarioState>;
  /** Every record the run created and has not removed (scenario, examples, bodies that should have been refused). */
  createdLocations: CreatedRecord[];
}

export function createSideState(): SideState {
  return { records: new Map(), scenarios: new Map(), createdLocations: [] };
}

export function scenarioOf(state: SideState, collection: string): ScenarioState {
  let scenario = state.scenarios.get(collection);
  if (!scenario) {
    scenario = {};
    state.scenarios.set(collection, scenario);
  }
  return scenario;
}

/** Notes records a side showed, once each by key. */
export function rememberRecords(state: SideState, collection: string, keyProperty: string, records: readonly Record<string, unknown>[]): void {
  const known = state.records.get(collection) ?? [];
  for (const record of records) {
    const key = record[keyProperty];
    if (key === undefined || key === null) continue;
    const at = known.findIndex(each => each[keyProperty] === key);
    if (at === -1) known.push(record);
    else known[at] = record;
  }
  state.records.set(collection, known);
}

export function forgetRecord(state: SideState, collection: string, keyProperty: string, key: unknown): void {
  const known = state.records.get(collection);
  if (known) state.records.set(collection, known.filter(record => record[keyProperty] !== key));
}

/** A probe's own conclusion about the answer, beyond the checks every answer goes through. */
export interface Expectation {
  check: CheckName;
  outcome: Outcome;
  message: string;
  expected?: string;
  actual?: string;
  /**
   * What went wrong, as a key (`absent headers: link,sunset`): the findings of one cause, by any
   * check on any request of the operation, are reported as one. Without it, one check's same message is.
   */
  cause?: string;
}

/** One request verify sends to the deployment and to the mock, and what it expects back. */
/** What a request deliberately gets wrong (see Probe.provokes). */
export type Provocation = 'no-credentials' | 'unknown-key' | 'invalid-input';

export interface Probe {
  operation: OperationModel;
  /** What is sent, in a word: `limit=101 (above the maximum, 100)`. */
  label: string;
  /** The check a skipped probe is reported under. */
  check: CheckName;
  /**
   * Path and query under the base path, for this side; undefined when an earlier step gave nothing
   * to send it with, or `{ notChecked }` when verify cannot drive it (reported as skipped, with why).
   */
  target(state: SideState): string | undefined | { notChecked: string };
  /** False: none of the credentials the document declares. */
  credentials: boolean;
  /**
   * What the request deliberately gets wrong, so that an answer the document leaves undeclared
   * but HTTP implies is not held against the deployment: a 401 without credentials where the
   * document declares security, a 404 for an unknown key, a 4xx for invalid input where the
   * document declares no status for it. A function where it depends on what the side has shown
   * (a path that names a record by a key the deployment listed, or by one verify made up).
   */
  provokes?: Provocation | ((state: SideState) => Provocation | undefined);
  /** A JSON body, for this side. */
  body?: (state: SideState) => unknown;
  /** Checks of the answer particular to this probe. */
  expect?: (answer: Answer, state: SideState) => Expectation[];
  /** The next request to send instead, from this answer and the target it answered (the next page of a list); undefined when done. */
  next?: (answer: Answer, state: SideState, target: string) => string | undefined;
  /** Reads what later probes need from the answer (both sides), and the path it sent (`target`'s, before any next page). */
  learn?: (answer: Answer, state: SideState, sent: string) => void;
}

/** GET and HEAD change nothing; `--read-only` sends nothing else. */
export function changesState(probe: Probe): boolean {
  return probe.operation.method !== 'GET' && probe.operation.method !== 'HEAD';
}

export function fillPath(template: string, values: Record<string, unknown>): string {
  // The path a request is sent to: a fragment the document writes (`/#X-Amz-Target=…`, `/user#maxResults`) is never sent.
  return pathWithoutFragment(template).replace(/\{([^}]+)\}/g, (whole, name: string) => (name in values ? encodeURIComponent(String(values[name])) : whole));
}

/**
 * The values a path filled from `template` holds, by parameter name (the inverse of `fillPath`): `/owners/3/pets`
 * from `/owners/{ownerId}/pets` gives `{ownerId: '3'}`. The query is left out; a segment that does not fit its
 * template (or is not there) gives nothing.
 */
export function valuesInPath(template: string, path: string): Record<string, string> {
  const values: Record<string, string> = {};
  const sent = (path.split('?')[0] ?? '').split('/');
  template.split('/').forEach((segment, index) => {
    const names: string[] = [];
    const written = segment.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{([^}]+)\}/g, (_whole, name: string) => {
      names.push(name);
      return '([^/]*?)';
    });
    const text = sent[index];
    if (names.length === 0 || text === undefined) return;
    const found = new RegExp(`^${written}$`).exec(text);
    names.forEach((name, at) => {
      const value = found?.[at + 1];
      if (value !== undefined) values[name] = decodePathSegment(value);
    });
  });
  return values;
}

export function withQuery(path: string, query: Record<string, string | number>): string {
  const search = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)])).toString();
  return search === '' ? path : `${path}?${search}`;
}
