// What a JSON value costs the heap, estimated from its structure (64-bit V8, no pointer
// compression, as Node ships): strings by their characters, each object, array and property by
// what V8 allocates for it. Measured against `process.memoryUsage().heapUsed` (README, "Memory"):
// the estimate is at or above the heap a value takes, for flat pets and for nested arrays alike,
// where its JSON text's length would undercount nested arrays about tenfold.

/** A string's header (map, hash, length), rounded up to 8 bytes with its characters. */
const STRING_HEADER = 16;
/** An object: its header (map, properties, elements) with in-object slack, and a share of its hidden class. */
const OBJECT = 96;
/** One property: its value's slot and its key's entry in the object's descriptors or dictionary. */
const PROPERTY = 40;
/** An array: its header, and its elements' backing store's header. */
const ARRAY = 48;
/** One element of an array. */
const ELEMENT = 8;
/** A number that is no small integer, boxed. */
const HEAP_NUMBER = 16;
const SMALL_INTEGER = 2 ** 31;

/** Bytes the heap holds for `value` (a JSON value: parsed, or built of plain objects, arrays and primitives). */
export function estimateBytes(value: unknown): number {
  switch (typeof value) {
    case 'string':
      return stringBytes(value);
    case 'number':
      return Number.isInteger(value) && Math.abs(value) < SMALL_INTEGER ? 0 : HEAP_NUMBER;
    case 'object': {
      if (value === null) return 0;
      if (Array.isArray(value)) {
        let bytes = ARRAY + ELEMENT * value.length;
        for (const item of value) bytes += estimateBytes(item);
        return bytes;
      }
      let bytes = OBJECT;
      for (const name in value) {
        if (!Object.hasOwn(value, name)) continue;
        bytes += PROPERTY + stringBytes(name) + estimateBytes((value as Record<string, unknown>)[name]);
      }
      return bytes;
    }
    default:
      return 0;
  }
}

/** A string's bytes: one a character when every one is Latin-1, else two. */
export function stringBytes(text: string): number {
  // eslint-disable-next-line no-control-regex
  const width = /[^\u0000-\u00ff]/.test(text) ? 2 : 1;
  return roundUp(STRING_HEADER + width * text.length);
}

function roundUp(bytes: number): number {
  return (bytes + 7) & ~7;
}

/**
 * What `estimateBytes` counts for an object with these property names, besides its values: the
 * object, and each property with its name. For measuring objects of a known shape field by field.
 */
export function objectBytes(names: readonly string[]): number {
  let bytes = OBJECT;
  for (const name of names) bytes += PROPERTY + stringBytes(name);
  return bytes;
}

/** `estimateBytes` of an object of strings (headers), without the generic walk. */
export function stringRecordBytes(record: Readonly<Record<string, string>>): number {
  let bytes = OBJECT;
  for (const name in record) {
    if (!Object.hasOwn(record, name)) continue;
    bytes += PROPERTY + stringBytes(name) + stringBytes(record[name] ?? '');
  }
  return bytes;
}
