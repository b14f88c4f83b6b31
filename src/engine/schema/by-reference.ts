import { INLINED_SCHEMAS } from '../../document/index.js';

/** A schema as Prism hands it to Ajv: the root, and the `__bundled__` its `$ref`s point into. */
export interface SchemaByReference {
  readonly schema: object;
  readonly bundle?: Readonly<Record<string, unknown>>;
}

/** Values, not schemas: never walked. */
const DATA_KEYWORDS = new Set(['example', 'examples', 'default', 'const', 'enum', 'value']);

const made = new WeakMap<object, SchemaByReference>();

/**
 * A schema of the resolved document (a graph: a schema referred to from many places is one object,
 * a recursive one a cycle) in the form Ajv compiles without expanding it: each object on a cycle,
 * and each shared one whose expansion holds more than `INLINED_SCHEMAS` schemas, becomes one entry
 * of a bundle, referred to by `$ref`; the rest stays in place. A schema with neither is returned as
 * it is (so a small document's validators are the ones the build precompiled). Made once per schema.
 */
export function byReference(schema: object): SchemaByReference {
  const known = made.get(schema);
  if (known) return known;
  const entries = findEntries(schema);
  const result: SchemaByReference = entries.size === 0 ? { schema } : encode(schema, entries);
  made.set(schema, result);
  return result;
}

function childrenOf(node: object): unknown[] {
  if (Array.isArray(node)) return node as unknown[];
  return Object.entries(node as Record<string, unknown>)
    .filter(([key]) => !DATA_KEYWORDS.has(key))
    .map(([, value]) => value);
}

/** The objects that become bundle entries, each with its name. */
function findEntries(root: object): Map<object, string> {
  const references = new Map<object, number>();
  const onCycle = new Set<object>();
  const state = new Map<object, 'open' | 'done'>();
  // Depth first, without recursion (a deep graph must not exhaust the stack).
  const stack: { node: object; children: unknown[]; next: number }[] = [{ node: root, children: childrenOf(root), next: 0 }];
  state.set(root, 'open');
  references.set(root, 1);
  while (stack.length > 0) {
    const frame = stack[stack.length - 1] as (typeof stack)[number];
    if (frame.next >= frame.children.length) {
      state.set(frame.node, 'done');
      stack.pop();
      continue;
    }
    const child = frame.children[frame.next];
    frame.next += 1;
    if (typeof child !== 'object' || child === null) continue;
    references.set(child, (references.get(child) ?? 0) + 1);
    const seen = state.get(child);
    if (seen === 'open') onCycle.add(child);
    if (seen !== undefined) continue;
    state.set(child, 'open');
    stack.push({ node: child, children: childrenOf(child), next: 0 });
  }
  const sizes = new Map<object, number>();
  const entries = new Map<object, string>();
  for (const [node, count] of references) {
    if (onCycle.has(node) || (count > 1 && !Array.isArray(node) && expandedSize(node, sizes, onCycle) > INLINED_SCHEMAS)) entries.set(node, `s${entries.size}`);
  }
  return entries;
}

/** The objects in the expansion of `node`, up to one past the limit; a cycle is past it. */
function expandedSize(node: object, sizes: Map<object, number>, onCycle: ReadonlySet<object>): number {
  const known = sizes.get(node);
  if (known !== undefined) return known;
  if (onCycle.has(node)) return INLINED_SCHEMAS + 1;
  sizes.set(node, INLINED_SCHEMAS + 1);
  let size = 1;
  for (const child of childrenOf(node)) {
    if (size > INLINED_SCHEMAS) break;
    if (typeof child === 'object' && child !== null) size += expandedSize(child, sizes, onCycle);
  }
  const bounded = Math.min(size, INLINED_SCHEMAS + 1);
  sizes.set(node, bounded);
  return bounded;
}

function encode(root: object, entries: ReadonlyMap<object, string>): SchemaByReference {
  const copies = new Map<object, unknown>();
  const copy = (node: unknown, asEntry: boolean): unknown => {
    if (typeof node !== 'object' || node === null) return node;
    const name = entries.get(node);
    if (name !== undefined && !asEntry) return { $ref: `#/__bundled__/${name}` };
    const done = copies.get(node);
    if (done !== undefined) return done;
    if (Array.isArray(node)) {
      const list: unknown[] = [];
      copies.set(node, list);
      for (const item of node) list.push(copy(item, false));
      return list;
    }
    const object: Record<string, unknown> = {};
    copies.set(node, object);
    for (const [key, value] of Object.entries(node)) object[key] = DATA_KEYWORDS.has(key) ? value : copy(value, false);
    return object;
  };
  const bundle: Record<string, unknown> = {};
  for (const [node, name] of entries) bundle[name] = copy(node, true);
  return { schema: copy(root, false) as object, bundle };
}
