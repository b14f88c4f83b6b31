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
 * reads it as far as they need. Only a `$ref` that resolves to itself through `$ref`s alone is refused.
 */
export function dereferenceLocal<T>(document: T): T {
  const walked = new WeakMap<object, unknown>();
  const filling = new Set<object>();
  const following = new Set<string>();

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

  const resolvePointer = (pointer: string): unknown => {
    const target = targetOf(pointer);
    if (typeof target === 'object' && target !== null && walked.has(target)) return walked.get(target);
    if (following.has(pointer)) throw new Error(`[petstore-mock] The document's $ref ${pointer} refers to itself through $refs alone; it names no schema.`);
    following.add(pointer);
    try {
      const value = walk(target);
      if (typeof value === 'object' && value !== null && !pointers.has(value)) pointers.set(value, pointer);
      return value;
    } finally {
      following.delete(pointer);
    }
  };

  const walk = (node: unknown): unknown => {
    if (node === null || typeof node !== 'object') return node;
    const done = walked.get(node);
    if (done !== undefined) return done;
    if (Array.isArray(node)) {
      const list: unknown[] = [];
      walked.set(node, list);
      for (const item of node) list.push(walk(item));
      return list;
    }
    const { $ref, ...siblings } = node as Record<string, unknown>;
    if (typeof $ref === 'string' && $ref.startsWith('#/')) {
      const target = resolvePointer($ref);
      const value = Object.keys(siblings).length === 0 ? target : besideTarget(target, walk(siblings) as Record<string, unknown>);
      walked.set(node, value);
      return value;
    }
    const object: Record<string, unknown> = {};
    walked.set(node, object);
    filling.add(object);
    for (const [key, value] of Object.entries(node)) object[key] = walk(value);
    filling.delete(object);
    return object;
  };

  /** The target with the keys written beside its `$ref` over its own; a target still being read (a cycle) is kept whole under `allOf`. */
  const besideTarget = (target: unknown, siblings: Record<string, unknown>): unknown => {
    if (typeof target !== 'object' || target === null || Array.isArray(target)) return target;
    return filling.has(target) ? { allOf: [target], ...siblings } : { ...target, ...siblings };
  };

  return walk(document) as T;
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
