import { describe, expect, it } from 'vitest';
import { CHUNK_OBJECTS, flattenGraph, GraphRebuild, type GraphChunk } from '../../src/document/flat-graph.js';

/** Each chunk sent as a worker sends it (structured clone), then the graph rebuilt and linked to its end. */
function sentAndRebuilt(root: object, noteOf?: (value: object) => unknown): { root: unknown; chunks: number; steps: number; notes: [object, unknown][] } {
  const chunks = flattenGraph(root, noteOf);
  const rebuild = new GraphRebuild();
  for (const chunk of chunks) rebuild.add(structuredClone<GraphChunk>(chunk));
  const linking = rebuild.link();
  let steps = 0;
  for (;;) {
    const next = linking.next();
    if (next.done === true) return { root: next.value, chunks: chunks.length, steps, notes: [...rebuild.notes()] };
    steps += 1;
  }
}

describe('a prepared document sent from the worker thread as a flat graph', () => {
  it('keeps shared objects shared, cycles cyclic, Maps and Sets with their object keys, and a "__proto__" property an own property', () => {
    const shared = { type: 'string', enum: ['a', 'b'] };
    const node: Record<string, unknown> = { type: 'object', properties: { left: shared, right: shared } };
    (node['properties'] as Record<string, unknown>)['self'] = node;
    const properties = JSON.parse('{"__proto__": {"type": "integer"}, "name": {"type": "string"}}') as object;
    const byName = new Map<unknown, unknown>([['node', node], [shared, 'shared as a key']]);
    const root = { node, byName, names: new Set([shared, 'x']), properties, created: new Date(0), pattern: /^a+$/u, count: 3, nothing: null };

    const rebuilt = sentAndRebuilt(root).root as typeof root;

    const rebuiltNode = rebuilt.node as { properties: Record<string, unknown> };
    expect(rebuiltNode.properties['left']).toBe(rebuiltNode.properties['right']);
    expect(rebuiltNode.properties['self']).toBe(rebuiltNode);
    expect(rebuilt.byName.get('node')).toBe(rebuiltNode);
    expect(rebuilt.byName.get(rebuiltNode.properties['left'] as object)).toBe('shared as a key');
    expect(rebuilt.names.has(rebuiltNode.properties['left'] as typeof shared)).toBe(true);
    expect(rebuilt.names.has('x')).toBe(true);
    expect(Object.getPrototypeOf(rebuilt.properties)).toBe(Object.prototype);
    expect(Object.keys(rebuilt.properties)).toEqual(['__proto__', 'name']);
    expect(Object.getOwnPropertyDescriptor(rebuilt.properties, '__proto__')?.value).toEqual({ type: 'integer' });
    expect(rebuilt.created).toEqual(new Date(0));
    expect(rebuilt.pattern.source).toBe('^a+$');
    expect(rebuilt).toMatchObject({ count: 3, nothing: null });
    expect(JSON.stringify(rebuilt.node, (key, value: unknown) => (key === 'self' ? undefined : value))).toBe(JSON.stringify(root.node, (key, value: unknown) => (key === 'self' ? undefined : value)));
  });

  it('gives back what the sender noted beside an object by its identity (a WeakMap entry, which a copy loses), on the copy of that object', () => {
    const merged = { type: 'object', properties: { kind: { type: 'string' } } };
    const other = { type: 'object' };
    const discriminated = new WeakMap<object, Record<string, string>>([[merged, { kind: 'cat' }]]);
    const root = { schemas: [other, merged, merged] };

    const { root: rebuilt, notes } = sentAndRebuilt(root, value => discriminated.get(value));

    const [, rebuiltMerged] = (rebuilt as typeof root).schemas;
    expect(notes).toEqual([[rebuiltMerged, { kind: 'cat' }]]);
    expect(notes[0]?.[0]).toBe(rebuiltMerged);
  });

  it('reads back a chain of references deeper than structured clone can read, in chunks, linked in steps', () => {
    // Structured clone reads a graph back recursively: this chain overflows its stack (a Stripe-sized
    // document's did, on the main thread, and the reload waited for ever).
    let chain: Record<string, unknown> = { type: 'string' };
    for (let depth = 0; depth < 100_000; depth += 1) chain = { type: 'object', properties: { next: chain } };
    expect(() => structuredClone(chain)).toThrow(RangeError);

    const { root, chunks, steps } = sentAndRebuilt(chain);

    expect(chunks).toBeGreaterThan(200_000 / CHUNK_OBJECTS);
    expect(steps).toBeGreaterThan(1);
    let depth = 0;
    let at = root as Record<string, unknown>;
    while (at['type'] === 'object') {
      at = (at['properties'] as Record<string, Record<string, unknown>>)['next'] as Record<string, unknown>;
      depth += 1;
    }
    expect(depth).toBe(100_000);
    expect(at).toEqual({ type: 'string' });
  });
});
