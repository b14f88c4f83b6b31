// The overrides set, by session: what answers a call next. Reading one from a request is override-spec.ts.
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
