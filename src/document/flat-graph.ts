// An object graph (a prepared document: schemas shared many times over, cycles, a thousand levels of
// references) sent from a worker thread as flat chunks and rebuilt on the main thread a slice at a
// time. Structured clone alone would do it in one message, but it reads a graph back recursively:
// the main thread's stack overflowed on a Stripe-sized document (the message was dropped, and the
// reload waited for ever), and one message of several megabytes is read in one piece, holding every
// request meanwhile. Here every object is sent once, shallow (what it holds of other objects left
// out and listed as links), in chunks of `CHUNK_OBJECTS`; shared objects and cycles stay so.

/** How many objects a chunk holds: one chunk is read in (structured clone) in a few milliseconds. */
export const CHUNK_OBJECTS = 8_000;

const PLAIN = 0;
const LIST = 1;
const MAP = 2;
const SET = 3;

/** One chunk of a flattened graph: its objects, shallow, and the links from them to other objects (of any chunk). */
export interface GraphChunk {
  /** Each object, shallow: a plain object or array with the objects it holds left `null`; a Map's or Set's entries as a list. */
  readonly shallow: unknown[];
  /** Each object's kind: 0 a plain object, 1 an array, 2 a Map (its list holds key, value, key, value, …), 3 a Set. */
  readonly kinds: number[];
  /** From, to (indices over the whole graph) and the place in the shallow copy (a key or an index), a link each. */
  readonly from: number[];
  readonly to: number[];
  readonly at: (string | number)[];
  /** What the sender keeps beside some objects by their identity (a WeakMap's entry), by index over the whole graph. */
  readonly noted: number[];
  readonly notes: unknown[];
}

/** Whether a value is an object the graph walks into (plain objects, arrays, Maps and Sets); the rest (Date, RegExp, typed arrays) is copied as a value. */
function kindOf(value: unknown): number | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  if (Array.isArray(value)) return LIST;
  if (value instanceof Map) return MAP;
  if (value instanceof Set) return SET;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null ? PLAIN : undefined;
}

/**
 * The graph under `root` in chunks (the root is the first object), without recursion; with each
 * object's `noteOf` where it has one (what the sender keeps beside it by identity, which a copy loses).
 */
export function flattenGraph(root: object, noteOf: (value: object) => unknown = () => undefined): GraphChunk[] {
  const indices = new Map<object, number>();
  const order: object[] = [];
  const indexOf = (value: object): number => {
    let index = indices.get(value);
    if (index === undefined) {
      index = order.length;
      indices.set(value, index);
      order.push(value);
    }
    return index;
  };
  indexOf(root);
  const chunks: GraphChunk[] = [];
  let chunk: GraphChunk | undefined;
  for (let index = 0; index < order.length; index += 1) {
    if (index % CHUNK_OBJECTS === 0) chunks.push((chunk = { shallow: [], kinds: [], from: [], to: [], at: [], noted: [], notes: [] }));
    const current = chunk as GraphChunk;
    const value = order[index] as object;
    const kind = kindOf(value) as number;
    const link = (at: string | number, child: unknown): unknown => {
      if (kindOf(child) === undefined) return child;
      current.from.push(index);
      current.to.push(indexOf(child as object));
      current.at.push(at);
      return null;
    };
    let shallow: unknown;
    if (kind === PLAIN) {
      const copy: Record<string, unknown> = {};
      for (const key of Object.keys(value)) {
        Object.defineProperty(copy, key, { value: link(key, (value as Record<string, unknown>)[key]), enumerable: true, writable: true, configurable: true });
      }
      shallow = copy;
    } else if (kind === LIST) {
      shallow = (value as unknown[]).map((item, at) => link(at, item));
    } else if (kind === MAP) {
      const entries: unknown[] = [];
      for (const [key, item] of value as Map<unknown, unknown>) entries.push(link(entries.length, key), link(entries.length + 1, item));
      shallow = entries;
    } else {
      shallow = [...(value as Set<unknown>)].map((item, at) => link(at, item));
    }
    current.shallow.push(shallow);
    current.kinds.push(kind);
    const note = noteOf(value);
    if (note !== undefined) {
      current.noted.push(index);
      current.notes.push(note);
    }
  }
  return chunks;
}

/**
 * Rebuilds a graph from its chunks, as they arrive (`add`), then links it (`link`, steps: it
 * yields after each `LINKS_PER_STEP` links) and gives the root. The objects are the shallow copies
 * themselves (a Map or Set made anew), so nothing is copied twice.
 */
export class GraphRebuild {
  private readonly objects: unknown[] = [];
  private readonly shallows: unknown[] = [];
  private readonly kinds: number[] = [];
  private readonly chunks: GraphChunk[] = [];

  add(chunk: GraphChunk): void {
    for (let at = 0; at < chunk.shallow.length; at += 1) {
      const kind = chunk.kinds[at] as number;
      const shallow = chunk.shallow[at];
      this.shallows.push(shallow);
      this.kinds.push(kind);
      this.objects.push(kind === MAP ? new Map() : kind === SET ? new Set() : shallow);
    }
    this.chunks.push(chunk);
  }

  /** Links every object to those it holds, a step at a time; returns the root. */
  *link(): Generator<void, unknown, void> {
    let linked = 0;
    for (const chunk of this.chunks) {
      for (let link = 0; link < chunk.from.length; link += 1) {
        const shallow = this.shallows[chunk.from[link] as number] as Record<string | number, unknown>;
        const at = chunk.at[link] as string | number;
        const child = this.objects[chunk.to[link] as number];
        // A key `__proto__` (a property a schema names) is an own property, as JSON.parse made it.
        if (at === '__proto__') Object.defineProperty(shallow, at, { value: child, enumerable: true, writable: true, configurable: true });
        else shallow[at] = child;
        linked += 1;
        if (linked % LINKS_PER_STEP === 0) yield;
      }
    }
    for (let index = 0; index < this.objects.length; index += 1) {
      const kind = this.kinds[index];
      if (kind === MAP) {
        const entries = this.shallows[index] as unknown[];
        const map = this.objects[index] as Map<unknown, unknown>;
        for (let at = 0; at < entries.length; at += 2) map.set(entries[at], entries[at + 1]);
      } else if (kind === SET) {
        const set = this.objects[index] as Set<unknown>;
        for (const item of this.shallows[index] as unknown[]) set.add(item);
      }
    }
    return this.objects[0];
  }

  /** Each object rebuilt that had a note, with it (see flattenGraph). */
  *notes(): Generator<[object, unknown], void, void> {
    for (const chunk of this.chunks) {
      for (let at = 0; at < chunk.noted.length; at += 1) yield [this.objects[chunk.noted[at] as number] as object, chunk.notes[at]];
    }
  }
}

/** How many links a step of `GraphRebuild.link` makes. */
const LINKS_PER_STEP = 20_000;
