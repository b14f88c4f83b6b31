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

/**
 * `protectedCapacity` keys at most are protected; past it, the least recently used of them goes back on
 * probation (as its most recently used). The caller bounds the whole (by count, by bytes) with `first`.
 */
export function createSegmentedMemory<Value>(protectedCapacity: number): SegmentedMemory<Value> {
  // Each in the order of use: the first is the least recently used.
  const probation = new Map<string, Value>();
  const protectedKeys = new Map<string, Value>();
  const firstOf = (map: Map<string, Value>): [string, Value] | undefined => {
    for (const entry of map) return entry;
    return undefined;
  };
  return {
    use(key) {
      let value = protectedKeys.get(key);
      if (value !== undefined) {
        protectedKeys.delete(key);
        protectedKeys.set(key, value);
        return value;
      }
      value = probation.get(key);
      if (value === undefined) return undefined;
      probation.delete(key);
      if (protectedCapacity <= 0) {
        probation.set(key, value);
        return value;
      }
      protectedKeys.set(key, value);
      if (protectedKeys.size > protectedCapacity) {
        const demoted = firstOf(protectedKeys);
        if (demoted) {
          protectedKeys.delete(demoted[0]);
          probation.set(demoted[0], demoted[1]);
        }
      }
      return value;
    },
    peek: key => protectedKeys.get(key) ?? probation.get(key),
    set(key, value) {
      if (protectedKeys.has(key)) {
        protectedKeys.delete(key);
        protectedKeys.set(key, value);
        return;
      }
      probation.delete(key);
      probation.set(key, value);
    },
    delete: key => protectedKeys.delete(key) || probation.delete(key),
    first: () => firstOf(probation) ?? firstOf(protectedKeys),
    get size() {
      return probation.size + protectedKeys.size;
    },
    *entries() {
      yield* probation;
      yield* protectedKeys;
    },
  };
}
