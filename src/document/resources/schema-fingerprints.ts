import type { JsonSchema } from '../json-schema.js';

/** Past this depth a schema's parts are not told apart (the document's own depth limit is far lower). */
const DEEPEST = 512;

/**
 * A fingerprint of each schema's structure: equal for two schemas written alike, whether they are one
 * object (a `$ref` resolved) or copies of it (a document whose references were inlined by the tool that
 * published it: Netlify's `swagger.json` holds a deploy's schema once per path that answers one).
 * Each object is measured once, so that a graph whose parts are shared costs its size, not its
 * expansion. An object on a cycle (recursion, only a `$ref` makes one), and each object holding one,
 * is told by itself alone: inlined copies hold no cycle, and two recursive schemas written alike but
 * apart are not claimed to be one (a marker "met N levels up" would not say which object it met).
 */
export function createSchemaFingerprints(): (schema: JsonSchema) => string {
  const known = new WeakMap<object, string>();
  const onTheWay: object[] = [];
  let objectsOnCycles = 0;
  // The highest place on the way down that the part being measured met again (Infinity: none).
  let highestMet = Infinity;
  const fingerprintOf = (value: unknown): string => {
    if (value === null || typeof value !== 'object') return `${typeof value}:${String(value)}`;
    const earlier = known.get(value);
    if (earlier !== undefined) return earlier;
    const above = onTheWay.lastIndexOf(value);
    if (above !== -1) {
      highestMet = Math.min(highestMet, above);
      return 'cycle';
    }
    if (onTheWay.length >= DEEPEST) {
      highestMet = -1;
      return 'deep';
    }
    const place = onTheWay.length;
    const metOutside = highestMet;
    highestMet = Infinity;
    onTheWay.push(value);
    let text: string;
    try {
      text = Array.isArray(value) ? `[${value.map(fingerprintOf).join(',')}]` : `{${Object.keys(value).sort().map(key => `${JSON.stringify(key)}:${fingerprintOf((value as Record<string, unknown>)[key])}`).join(',')}}`;
    } finally {
      onTheWay.pop();
    }
    const metHere = highestMet;
    highestMet = Math.min(metOutside, metHere);
    // On a cycle through this object or one above it: this object alone (kept, so that it is measured once).
    const fingerprint = metHere <= place ? `object:${(objectsOnCycles += 1)}` : hashed(text);
    known.set(value, fingerprint);
    return fingerprint;
  };
  return schema => fingerprintOf(schema);
}

/** Two 32-bit hashes of `text` (cyrb53's mixing, kept as 64 bits): a collision between a document's schemas is not to be expected. */
function hashed(text: string): string {
  let first = 0xdeadbeef;
  let second = 0x41c6ce57;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    first = Math.imul(first ^ code, 2654435761);
    second = Math.imul(second ^ code, 1597334677);
  }
  first = Math.imul(first ^ (first >>> 16), 2246822507) ^ Math.imul(second ^ (second >>> 13), 3266489909);
  second = Math.imul(second ^ (second >>> 16), 2246822507) ^ Math.imul(first ^ (first >>> 13), 3266489909);
  return `#${(first >>> 0).toString(36)}.${(second >>> 0).toString(36)}`;
}
