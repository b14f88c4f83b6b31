import type { Override } from '../engine/controls/overrides.js';
import type { JournalEntry } from '../engine/journal/request-journal.js';
import type { OperationId, OperationRequestBodies, OperationResponses, Pet } from '../types/index.js';

/**
 * The statuses `operationId` declares. `Extract` (not `keyof … & number`) makes TypeScript spell the
 * union out in its errors: a 418 for listPets reads "not assignable to type '200 | 400 | 401 | 500 | 503'".
 */
export type DeclaredStatus<Op extends OperationId> = Extract<keyof OperationResponses[Op], number>;

/** A scripted answer for `mock.override(operationId, …)`: only a status the operation declares, with that response's body type. */
export interface OverrideOptions<Op extends OperationId, Status extends DeclaredStatus<Op>> {
  status: Status;
  /** How many calls; leave it out to answer until the override is cleared. */
  times?: number;
  /** The body to answer (checked against the document); default: the response's example. */
  body?: OperationResponses[Op][Status];
  /** A named example of that response instead of a body. */
  example?: string;
  /** Milliseconds to hold each answer back. */
  delay?: number;
}

/** A journal entry of one operation, its body typed as the operation's request body (as sent: a refused request's may not fit). */
export interface Call<Op extends OperationId> extends JournalEntry {
  operationId: Op;
  body: OperationRequestBodies[Op] | null;
}

/** The state `GET /__admin/state` gives and `PUT /__admin/state` takes. */
export interface StoreState {
  pets: Pet[];
}

export type { Override };
