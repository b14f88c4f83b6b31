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
  const probation = createOrderedSegment<Value>();
  const protectedKeys = createOrderedSegment<Protected<Value>>();
  const recentMoves = Math.max(1, Math.floor(protectedCapacity / 2));
  let moves = 0;
  const moveToEnd = (key: string, held: Protected<Value>): void => {
    held.movedAt = moves++;
    protectedKeys.append(key, held);
  };
  const firstProtected = (): [string, Value] | undefined => {
    const first = protectedKeys.first();
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
      if (protectedCapacity <= 0) {
        probation.append(key, value);
        return value;
      }
      probation.delete(key);
      protectedKeys.append(key, { value, movedAt: moves++ });
      if (protectedKeys.size > protectedCapacity) {
        const demoted = firstProtected();
        if (demoted) {
          protectedKeys.delete(demoted[0]);
          probation.append(demoted[0], demoted[1]);
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
      probation.append(key, value);
    },
    delete: key => protectedKeys.delete(key) || probation.delete(key),
    first: () => probation.first() ?? firstProtected(),
    get size() {
      return probation.size + protectedKeys.size;
    },
    *entries() {
      yield* probation.entries();
      for (const [key, held] of protectedKeys.entries()) yield [key, held.value];
    },
  };
}

/** Entries in the order they were put last, whose first is found in constant time (see createOrderedSegment). */
interface OrderedSegment<Held> {
  get(key: string): Held | undefined;
  /** Puts `held` under `key` as the last entry (a known key moves there). */
  append(key: string, held: Held): void;
  delete(key: string): boolean;
  first(): [string, Held] | undefined;
  readonly size: number;
  entries(): IterableIterator<[string, Held]>;
}

/**
 * A map in insertion order that finds its first entry without walking the holes its deletes left: V8
 * keeps a deleted entry's slot until the table is rebuilt, and a new iterator walks every one of them,
 * so taking the first of a map used as a queue (delete the first, add at the end) cost time in
 * proportion to its capacity (4 µs a time at 4,000 entries, against 0.4 with this). One iterator is
 * kept instead: every entry behind it has been deleted or moved to the end (each of those passed it as
 * the first, and was let go or moved before the next was taken), so its next entry is the first. A
 * kept iterator also keeps every table V8 made the map since (with the values deleted from them) until
 * it moves on: it is let go once the map has changed more times than it has entries, so that what it
 * holds stays within what the map holds, and a new one's walk is paid once in as many changes.
 */
function createOrderedSegment<Held>(): OrderedSegment<Held> {
  const map = new Map<string, Held>();
  let cursor: IterableIterator<[string, Held]> | undefined;
  // The first entry as last found, until it is deleted or moved.
  let front: [string, Held] | undefined;
  // Appends and deletes since the cursor last moved.
  let changes = 0;
  const letGoOf = (key: string): void => {
    if (front !== undefined && front[0] === key) front = undefined;
    changes += 1;
    if (changes > map.size) {
      cursor = undefined;
      changes = 0;
    }
  };
  return {
    get: key => map.get(key),
    append(key, held) {
      letGoOf(key);
      map.delete(key);
      map.set(key, held);
    },
    delete(key) {
      letGoOf(key);
      return map.delete(key);
    },
    first() {
      if (front !== undefined || map.size === 0) return front;
      let next = cursor?.next();
      // Let go, or run to its end (an iterator that ended stays ended, whatever is added later): a new one, from the start.
      if (next === undefined || next.done === true) next = (cursor = map.entries()).next();
      changes = 0;
      front = next.done === true ? undefined : next.value;
      return front;
    },
    get size() {
      return map.size;
    },
    entries: () => map.entries(),
  };
}
