import { createByteBudget, estimateBytes, namesOfLimit, type ByteBudget } from '../../budget/index.js';
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

/** Most overrides one session holds, by default. */
export const DEFAULT_MAX_OVERRIDES = 100;
/** Most bytes (estimated heap, bodies included) the overrides of one session hold, by default: 256 KiB. */
export const DEFAULT_MAX_OVERRIDE_BYTES = 256 * 1024;
export const MAX_OVERRIDE_TIMES = 1_000_000;

export interface OverrideLimits {
  /** Most overrides one session holds. Default 100. */
  maxOverrides?: number;
  /** Most bytes (estimated heap, bodies included) the overrides of one session hold. Default 256 KiB. */
  maxOverrideBytes?: number;
}

/** Thrown by `add` past a session's limit; the admin endpoint answers `507 overrides_full`. */
export class OverridesFullError extends Error {
  override name = 'OverridesFullError' as const;
  /** The option whose limit was reached. */
  readonly limit: 'maxOverrides' | 'maxOverrideBytes';
  constructor(message: string, limit: OverridesFullError['limit']) {
    super(message);
    this.limit = limit;
  }
}

/** The overrides of every session, each session's in the order they were added; the first that matches a call answers it. */
export interface OverrideRegistry {
  /** Sets an override; throws an `OverridesFullError` past the session's `maxOverrides` or `maxOverrideBytes`, setting nothing. */
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
  /** Bytes the overrides of every session hold together. */
  readonly bytes: number;
  /** Bytes one session's overrides hold. */
  bytesOf(session: string | undefined): number;
  readonly maxOverrides: number;
  readonly maxOverrideBytes: number;
}

interface SessionOverrides {
  entries: Mutable<Override>[];
  /** What this session's overrides hold, against `maxOverrideBytes`. */
  budget: ByteBudget;
}

export function createOverrideRegistry(limits: OverrideLimits = {}): OverrideRegistry {
  const maxOverrides = limits.maxOverrides ?? DEFAULT_MAX_OVERRIDES;
  const maxOverrideBytes = limits.maxOverrideBytes ?? DEFAULT_MAX_OVERRIDE_BYTES;
  const bySession = new Map<string | null, SessionOverrides>();
  // What each override was counted at when set: given back as it is when the override goes.
  const costs = new WeakMap<Override, number>();
  let size = 0;
  let lastId = 0;
  const key = (session: string | undefined): string | null => session ?? null;
  const nameOf = (session: string | undefined): string => (session === undefined ? 'the default session' : `session ${JSON.stringify(session)}`);
  const forget = (held: SessionOverrides, keep: (entry: Mutable<Override>) => boolean, session: string | null): void => {
    const kept = held.entries.filter(keep);
    for (const entry of held.entries) if (!kept.includes(entry)) held.budget.give(costs.get(entry) ?? 0);
    size -= held.entries.length - kept.length;
    held.entries = kept;
    if (kept.length === 0) bySession.delete(session);
  };
  return {
    add(session, spec) {
      const held = bySession.get(key(session)) ?? { entries: [], budget: createByteBudget('maxOverrideBytes', maxOverrideBytes) };
      if (held.entries.length >= maxOverrides) {
        throw new OverridesFullError(
          `[petstore-mock] ${nameOf(session).replace(/^./, first => first.toUpperCase())} has ${held.entries.length} overrides, as many as one session holds (maxOverrides, --max-overrides ${maxOverrides}); clear some (DELETE /__admin/overrides).`,
          'maxOverrides',
        );
      }
      const override: Mutable<Override> = { id: String(lastId + 1), session: key(session), ...spec, remaining: spec.times ?? null, used: 0 };
      const cost = estimateBytes(override);
      if (!held.budget.take(cost)) {
        throw new OverridesFullError(
          `[petstore-mock] This override needs about ${cost} bytes; the overrides of ${nameOf(session)} hold ${held.budget.used} of at most ${maxOverrideBytes} (${namesOfLimit(held.budget.limit)}); clear some (DELETE /__admin/overrides) or send a smaller body.`,
          'maxOverrideBytes',
        );
      }
      lastId++;
      costs.set(override, cost);
      held.entries.push(override);
      bySession.set(key(session), held);
      size++;
      return { ...override };
    },
    list: session => (bySession.get(key(session))?.entries ?? []).map(entry => ({ ...entry })),
    remove(session, id) {
      const held = bySession.get(key(session));
      if (!held?.entries.some(entry => entry.id === id)) return false;
      forget(held, entry => entry.id !== id, key(session));
      return true;
    },
    clear(session, everything = false) {
      if (everything) bySession.clear();
      else bySession.delete(key(session));
      size = 0;
      for (const held of bySession.values()) size += held.entries.length;
    },
    find: (session, operationId) => bySession.get(key(session))?.entries.find(entry => entry.operationId === operationId),
    use(override) {
      const held = bySession.get(override.session);
      const entry = held?.entries.find(candidate => candidate.id === override.id);
      if (!held || !entry) return;
      entry.used++;
      if (entry.remaining !== null && --entry.remaining <= 0) {
        forget(held, candidate => candidate !== entry, override.session);
      }
    },
    get size() {
      return size;
    },
    get bytes() {
      let bytes = 0;
      for (const held of bySession.values()) bytes += held.budget.used;
      return bytes;
    },
    bytesOf: session => bySession.get(key(session))?.budget.used ?? 0,
    maxOverrides,
    maxOverrideBytes,
  };
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };
