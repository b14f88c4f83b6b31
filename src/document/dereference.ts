/**
 * Replaces every local `$ref` (`#/…`) with what it points at, as Prism's loader does with
 * json-schema-ref-parser before it reads operations, minus the remote resolvers this document never
 * needs. Keys beside a `$ref` are kept over the target's. A reference cycle is refused, and so is a
 * `$ref` to another file or a URL (nothing is read or fetched: a split document is bundled first).
 */
export function dereferenceLocal<T>(document: T): T {
  const resolved = new Map<string, unknown>();
  const resolving = new Set<string>();

  const resolvePointer = (pointer: string): unknown => {
    if (resolved.has(pointer)) return resolved.get(pointer);
    if (resolving.has(pointer)) throw new Error(`[petstore-mock] The document's $ref ${pointer} refers to itself; cycles are not supported.`);
    resolving.add(pointer);
    let target: unknown = document;
    for (const token of pointer.slice(2).split('/')) {
      const key = decodeURIComponent(token).replaceAll('~1', '/').replaceAll('~0', '~');
      if (target === null || typeof target !== 'object' || !Object.hasOwn(target, key)) {
        throw new Error(`[petstore-mock] The document's $ref ${pointer} points at nothing.`);
      }
      target = (target as Record<string, unknown>)[key];
    }
    const value = walk(target);
    resolving.delete(pointer);
    resolved.set(pointer, value);
    return value;
  };

  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (node === null || typeof node !== 'object') return node;
    const { $ref, ...siblings } = node as Record<string, unknown>;
    if (typeof $ref === 'string' && !$ref.startsWith('#')) {
      throw new Error(
        `[petstore-mock] The document's $ref ${JSON.stringify($ref)} refers to another file or URL, which the mock does not read: bundle the document into one file first (for example \`npx @redocly/cli bundle openapi.yaml -o bundled.yaml\`).`,
      );
    }
    if (typeof $ref === 'string' && $ref.startsWith('#/')) {
      const target = resolvePointer($ref);
      return Object.keys(siblings).length === 0 ? target : { ...(target as object), ...(walk(siblings) as object) };
    }
    return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, walk(value)]));
  };

  return walk(document) as T;
}
