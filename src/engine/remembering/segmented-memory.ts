/**
 * What a cache of the engine holds, in two segments, each in the order of use: a key enters on
 * probation, and moves to the protected segment once it is used again. What goes first is
 * probation's least recently used, so a stream of keys seen once (reads of ids asked once, creates'
 * bodies) replaces only others seen once, never what is asked again and again (a suite's list pages).
 * With one segment (plain least-recently-used order), reads of a growing store's every id pushed the
 * pages out before they were asked again: under the mixed-traffic bench, 40% of the filtered pages
 * were made afresh, and their verdicts taken afresh from Prism.
 */
export interface SegmentedMemory<Value> {
  /** The value of `key`, marked as used: a key on probation is protected from then on. */
  use(key: string): Value | undefined;
  /** The value of `key`, its place unchanged. */
  peek(key: string): Value | undefined;
  /** Holds `value` under `key`: a new key on probation, a known one in its place, now the most recently used of its segment. */
  set(key: string, value: Value): void;
  delete(key: string): boolean;
  /** The entry to let go first: the least recently used on probation, else the least recently used of the protected. */
  first(): [string, Value] | undefined;
  readonly size: number;
  entries(): IterableIterator<[string, Value]>;
}

/** The protected segment's share of a capacity, when none is given: the rest is for keys on probation. */
export const PROTECTED_SHARE = 0.8;

/** A protected value, with when it last became the most recently used (counted in moves into the segment). */
interface Protected<Value> {
  value: Value;
  movedAt: number;
}

/**
 * `protectedCapacity` keys at most are protected; past it, the least recently used of them goes back on
 * probation (as its most recently used). The caller bounds the whole (by count, by bytes) with `first`.
 *
 * A use of a protected key moves it to the end of its segment only once it has drifted into the older
 * half (more than half the capacity moved in after it): the pages and credentials every request uses
 * were moved on every use, a delete and an insert into a map of thousands each time, the engine's second
 * largest cost under mixed traffic (issue 28). A key used at least once in every half capacity of moves
 * is never put back on probation, as with a strict order of use; one used less often may go back a half
 * capacity sooner.
 */
export function createSegmentedMemory<Value>(protectedCapacity: number): SegmentedMemory<Value> {
  // Each in the order of use (protected keys: of their last move): the first is the least recently used.
  const probation = new Map<string, Value>();
  const protectedKeys = new Map<string, Protected<Value>>();
  const recentMoves = Math.max(1, Math.floor(protectedCapacity / 2));
  let moves = 0;
  const moveToEnd = (key: string, held: Protected<Value>): void => {
    protectedKeys.delete(key);
    held.movedAt = moves++;
    protectedKeys.set(key, held);
  };
  const firstOf = <Held>(map: Map<string, Held>): [string, Held] | undefined => {
    for (const entry of map) return entry;
    return undefined;
  };
  const firstProtected = (): [string, Value] | undefined => {
    const first = firstOf(protectedKeys);
    return first === undefined ? undefined : [first[0], first[1].value];
  };
  return {
    use(key) {
      const held = protectedKeys.get(key);
      if (held !== undefined) {
        if (moves - held.movedAt >= recentMoves) moveToEnd(key, held);
        return held.value;
      }
      const value = probation.get(key);
      if (value === undefined) return undefined;
      probation.delete(key);
      if (protectedCapacity <= 0) {
        probation.set(key, value);
        return value;
      }
      protectedKeys.set(key, { value, movedAt: moves++ });
      if (protectedKeys.size > protectedCapacity) {
        const demoted = firstProtected();
        if (demoted) {
          protectedKeys.delete(demoted[0]);
          probation.set(demoted[0], demoted[1]);
        }
      }
      return value;
    },
    peek: key => protectedKeys.get(key)?.value ?? probation.get(key),
    set(key, value) {
      const held = protectedKeys.get(key);
      if (held !== undefined) {
        held.value = value;
        moveToEnd(key, held);
        return;
      }
      probation.delete(key);
      probation.set(key, value);
    },
    delete: key => protectedKeys.delete(key) || probation.delete(key),
    first: () => firstOf(probation) ?? firstProtected(),
    get size() {
      return probation.size + protectedKeys.size;
    },
    *entries() {
      yield* probation;
      for (const [key, held] of protectedKeys) yield [key, held.value];
    },
  };
}
