import type { Answer } from './answer.js';
import type { OperationModel } from './read-operations.js';
import type { CheckName, Outcome } from './types.js';

/** What one side (the deployment, or the mock) has shown so far: ids it holds, what the run created. */
export interface SideState {
  /** Ids seen in lists, in the order seen. */
  knownIds: unknown[];
  /** The resource the scenario created, as the create answered it. */
  created?: { id: unknown; sent: Record<string, unknown>; answered: Record<string, unknown>; location: string | undefined };
  /** Every resource the run created (scenario, examples, bodies that should have been refused). */
  createdLocations: { operationId: string; id: unknown; name: string }[];
  /** A listed resource, for a read-only run's read-back. */
  listed?: Record<string, unknown>;
}

export function createSideState(): SideState {
  return { knownIds: [], createdLocations: [] };
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
export interface Probe {
  operation: OperationModel;
  /** What is sent, in a word: `limit=101 (above the maximum, 100)`. */
  label: string;
  /** The check a skipped probe is reported under. */
  check: CheckName;
  /** Path and query under the base path, for this side; undefined when the side lacks what it needs (reported as skipped). */
  target(state: SideState): string | undefined;
  /** False: no `Authorization` header. */
  credentials: boolean;
  /** A JSON body, for this side. */
  body?: (state: SideState) => unknown;
  /** Checks of the answer particular to this probe. */
  expect?: (answer: Answer, state: SideState) => Expectation[];
  /** Reads what later probes need from the answer (both sides). */
  learn?: (answer: Answer, state: SideState) => void;
}

/** GET and HEAD change nothing; `--read-only` sends nothing else. */
export function changesState(probe: Probe): boolean {
  return probe.operation.method !== 'GET' && probe.operation.method !== 'HEAD';
}

export function fillPath(template: string, values: Record<string, unknown>): string {
  return template.replace(/\{([^}]+)\}/g, (whole, name: string) => (name in values ? encodeURIComponent(String(values[name])) : whole));
}

export function withQuery(path: string, query: Record<string, string | number>): string {
  const search = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)])).toString();
  return search === '' ? path : `${path}?${search}`;
}
