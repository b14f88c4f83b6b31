/** Where each resolved object a `$ref` pointed at came from (`#/components/schemas/Pet`). */
const pointers = new WeakMap<object, string>();

/** The local pointer (`#/components/schemas/Pet`) a resolved object was read from, if a `$ref` named it. */
export function pointerOf(value: object): string | undefined {
  return pointers.get(value);
}

/**
 * Replaces every local `$ref` (`#/…`) with what it points at, as Prism's loader does with
 * json-schema-ref-parser before it reads operations, minus the remote resolvers this document never
 * needs. Keys beside a `$ref` are kept over the target's. Work by reference: every place that names
 * the same target gets the same object (a graph, never a tree that doubles per level), and a schema
 * that refers to itself (directly or through others) becomes a cycle of objects, followed by whoever
 * reads it as far as they need. Only a `$ref` that resolves to itself through `$ref`s alone is refused,
 * and so is a `$ref` to another file or a URL (nothing is read or fetched: a split document is bundled first),
 * but in a vendor extension (`x-…`), which is kept as written.
 * A `$ref` with keys beside it is a copy of its target (as it is once read) with those keys over it.
 */
export function dereferenceLocal<T>(document: T): T {
  // Without recursion (a big document's references chain a thousand deep): each object gets its
  // copy at once, empty, and is filled from a queue; a `$ref` with keys beside it is merged last.
  const copies = new Map<object, unknown>();
  const filling: [source: object, copy: Record<string, unknown> | unknown[]][] = [];
  const merges: { into: Record<string, unknown>; target: unknown; siblings: unknown }[] = [];

  const targetOf = (pointer: string): unknown => {
    let target: unknown = document;
    for (const token of pointer.slice(2).split('/')) {
      const key = decodePointerToken(token);
      if (target === null || typeof target !== 'object' || !Object.hasOwn(target, key)) {
        throw new Error(`[petstore-mock] The document's $ref ${pointer} points at nothing.`);
      }
      target = (target as Record<string, unknown>)[key];
    }
    return target;
  };

  // What each pointer of a chain of bare `$ref`s names in the end, once found: 3,000 schemas each a
  // `$ref` to the next took 17 s when each followed the rest of the chain again.
  const named = new Map<string, unknown>();
  /** What a chain of bare `$ref`s from `pointer` names; one that comes back to itself names nothing. */
  const namedBy = (pointer: string): unknown => {
    const followed = new Set<string>([pointer]);
    let at = pointer;
    let target: unknown;
    for (;;) {
      if (named.has(at)) {
        target = named.get(at);
        break;
      }
      target = targetOf(at);
      const next = bareReference(target);
      if (next === undefined) break;
      if (followed.has(next)) throw new Error(`[petstore-mock] The document's $ref ${next} refers to itself through $refs alone; it names no schema.`);
      followed.add(next);
      at = next;
    }
    for (const passed of followed) named.set(passed, target);
    return target;
  };

  const copyOf = (node: unknown): unknown => {
    if (node === null || typeof node !== 'object') return node;
    const done = copies.get(node);
    if (done !== undefined) return done;
    if (Array.isArray(node)) {
      const list: unknown[] = [];
      copies.set(node, list);
      filling.push([node, list]);
      return list;
    }
    const { $ref, ...siblings } = node as Record<string, unknown>;
    if (typeof $ref === 'string' && !$ref.startsWith('#')) {
      throw new Error(
        `[petstore-mock] The document's $ref ${JSON.stringify($ref)} refers to another file or URL, which the mock does not read: bundle the document into one file first (for example \`npx @redocly/cli bundle openapi.yaml -o bundled.yaml\`).`,
      );
    }
    if (typeof $ref === 'string' && $ref.startsWith('#/')) {
      if (Object.keys(siblings).length > 0) {
        const merged: Record<string, unknown> = {};
        copies.set(node, merged);
        merges.push({ into: merged, target: copyOf(targetOf($ref)), siblings: copyOf(siblings) });
        return merged;
      }
      const value = copyOf(namedBy($ref));
      copies.set(node, value);
      if (typeof value === 'object' && value !== null && !pointers.has(value)) pointers.set(value, $ref);
      return value;
    }
    const object: Record<string, unknown> = {};
    copies.set(node, object);
    filling.push([node, object]);
    return object;
  };

  const root = copyOf(document);
  for (let next = filling.pop(); next !== undefined; next = filling.pop()) {
    const [source, copy] = next;
    if (Array.isArray(copy)) for (const item of source as unknown[]) copy.push(copyOf(item));
    // A vendor extension (`x-topics`) is the vendor's: kept as written, its `$ref`s (Redocly's to a Markdown page) not followed.
    else for (const [key, value] of Object.entries(source)) copy[key] = key.startsWith('x-') ? value : copyOf(value);
  }
  // The keys beside a `$ref` over its target's; a target that is itself such a merge is merged first.
  const merged = new Set<object>();
  const byCopy = new Map(merges.map(merge => [merge.into as object, merge]));
  for (const first of merges) {
    const chain = [first];
    for (let target = byCopy.get(first.target as object); target !== undefined && !merged.has(target.into) && !chain.includes(target); target = byCopy.get(target.target as object)) chain.push(target);
    for (const merge of chain.reverse()) {
      if (merged.has(merge.into)) continue;
      merged.add(merge.into);
      if (typeof merge.target === 'object' && merge.target !== null && !Array.isArray(merge.target)) Object.assign(merge.into, merge.target);
      Object.assign(merge.into, merge.siblings);
    }
  }
  return root as T;
}

function bareReference(node: unknown): string | undefined {
  if (node === null || typeof node !== 'object' || Array.isArray(node)) return undefined;
  const { $ref } = node as Record<string, unknown>;
  return typeof $ref === 'string' && $ref.startsWith('#/') && Object.keys(node).length === 1 ? $ref : undefined;
}

/** A JSON pointer token of a `$ref` (percent-encoded, `~1` for `/`, `~0` for `~`) as the key it names. */
export function decodePointerToken(token: string): string {
  let decoded = token;
  try {
    decoded = decodeURIComponent(token);
  } catch {
    // Not percent-encoding: the token as written.
  }
  return decoded.replaceAll('~1', '/').replaceAll('~0', '~');
}
