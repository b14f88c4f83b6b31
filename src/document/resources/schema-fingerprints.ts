import type { JsonSchema } from '../json-schema.js';

/** Past this depth a schema's parts are not told apart (the document's own depth limit is far lower). */
const DEEPEST = 512;

/**
 * A fingerprint of each schema's structure: equal for two schemas written alike, whether they are one
 * object (a `$ref` resolved) or copies of it (a document whose references were inlined by the tool that
 * published it: Netlify's `swagger.json` holds a deploy's schema once per path that answers one).
 * Each object is measured once, so that a graph whose parts are shared costs its size, not its
 * expansion (a part met again on the way down, recursion, is told by how far up it is, as it was first
 * met). Inlined copies hold no recursion: two of them are told alike whatever the way to them.
 */
export function createSchemaFingerprints(): (schema: JsonSchema) => string {
  const known = new WeakMap<object, string>();
  const onTheWay: object[] = [];
  const fingerprintOf = (value: unknown): string => {
    if (value === null || typeof value !== 'object') return `${typeof value}:${String(value)}`;
    const earlier = known.get(value);
    if (earlier !== undefined) return earlier;
    const above = onTheWay.lastIndexOf(value);
    if (above !== -1) return `up:${onTheWay.length - above}`;
    if (onTheWay.length >= DEEPEST) return 'deep';
    onTheWay.push(value);
    let text: string;
    try {
      text = Array.isArray(value) ? `[${value.map(fingerprintOf).join(',')}]` : `{${Object.keys(value).sort().map(key => `${JSON.stringify(key)}:${fingerprintOf((value as Record<string, unknown>)[key])}`).join(',')}}`;
    } finally {
      onTheWay.pop();
    }
    const fingerprint = hashed(text);
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
