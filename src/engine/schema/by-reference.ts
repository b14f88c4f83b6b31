import { INLINED_SCHEMAS, isEvaluationKeyword, markBundleKeywords } from '../../document/index.js';
import { runToEnd } from '../../scheduling/index.js';
import { STEP_OBJECTS } from './steps.js';

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
  const graph = graphOf.get(schema);
  let result: SchemaByReference;
  if (graph !== undefined && graph.entries.size > 0) {
    // A schema of a document read by `shareReferences`: its `$ref`s point into the document's one bundle.
    result = { schema: graph.copy(schema), bundle: graph.bundle };
  } else {
    const entries = graph === undefined ? findEntries(schema) : new Map<object, string>();
    result = entries.size === 0 ? { schema } : encode(schema, entries);
  }
  made.set(schema, result);
  return result;
}

/** A document's schemas as one graph: the entries found over all of it, and the one bundle they make. */
interface SharedGraph {
  readonly entries: ReadonlyMap<object, string>;
  readonly bundle: Readonly<Record<string, unknown>>;
  copy(schema: object): object;
}

/** Every object of a graph `shareReferences` read, to that graph. */
const graphOf = new WeakMap<object, SharedGraph>();

/**
 * Reads a document's schemas (its collections', as the engine validates records by them) together once, so that every schema of it compiles
 * against one bundle: Ajv adds (and walks) a bundle once, where a bundle per schema was added and
 * walked once per schema (150 collections of a Stripe-sized document: 150 walks of 8 MB).
 */
export function shareReferences(schemas: readonly object[]): void {
  runToEnd(shareReferencesInSteps(schemas));
}

/**
 * `shareReferences` a slice at a time: it yields after each `STEP_OBJECTS` objects it walks, and
 * after each bundle entry it copies, so that a reload can answer requests between slices (the graph
 * of a document of a megabyte took ~100 ms in one piece). The schemas are read once it has run to its end.
 */
export function* shareReferencesInSteps(schemas: readonly object[]): Generator<void, void, void> {
  if (schemas.length === 0 || schemas.every(schema => graphOf.has(schema))) return;
  const document = [...schemas];
  const entries = yield* entriesInSteps(document);
  const encoded = encoder(entries);
  for (const [node, name] of entries) {
    encoded.bundle[name] = encoded.copy(node, true);
    yield;
  }
  markBundleKeywords(encoded.bundle, encoded.copiedEvaluationKeywords());
  const graph: SharedGraph = { entries, bundle: encoded.bundle, copy: schema => encoded.copy(schema, false) as object };
  const stack: unknown[] = [document];
  let walked = 0;
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node !== 'object' || node === null || graphOf.has(node)) continue;
    graphOf.set(node, graph);
    for (const child of childrenOf(node)) stack.push(child);
    walked += 1;
    if (walked % STEP_OBJECTS === 0) yield;
  }
}


function childrenOf(node: object): unknown[] {
  if (Array.isArray(node)) return node as unknown[];
  return Object.entries(node as Record<string, unknown>)
    .filter(([key]) => !DATA_KEYWORDS.has(key))
    .map(([, value]) => value);
}

/** The objects that become bundle entries, each with its name. */
function findEntries(root: object): Map<object, string> {
  return runToEnd(entriesInSteps(root));
}

/** `findEntries`, yielding after each `STEP_OBJECTS` objects it walks. */
function* entriesInSteps(root: object): Generator<void, Map<object, string>, void> {
  const references = new Map<object, number>();
  const onCycle = new Set<object>();
  const state = new Map<object, 'open' | 'done'>();
  // Depth first, without recursion (a deep graph must not exhaust the stack).
  const stack: { node: object; children: unknown[]; next: number }[] = [{ node: root, children: childrenOf(root), next: 0 }];
  state.set(root, 'open');
  references.set(root, 1);
  let walked = 0;
  while (stack.length > 0) {
    const frame = stack[stack.length - 1] as (typeof stack)[number];
    if (frame.next >= frame.children.length) {
      state.set(frame.node, 'done');
      stack.pop();
      continue;
    }
    const child = frame.children[frame.next];
    frame.next += 1;
    walked += 1;
    if (walked % STEP_OBJECTS === 0) yield;
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
    walked += 1;
    if (walked % STEP_OBJECTS === 0) yield;
  }
  return entries;
}

/** The objects in the expansion of `node`, up to one past the limit; a cycle is past it. */
function expandedSize(node: object, sizes: Map<object, number>, onCycle: ReadonlySet<object>, depth = 0): number {
  const known = sizes.get(node);
  if (known !== undefined) return known;
  if (onCycle.has(node)) return INLINED_SCHEMAS + 1;
  // As deep as the limit: what holds it is past the limit, whatever it holds itself (each level is
  // an object), so the walk stops here, not 5,000 calls down a chain of schemas (the stack's end).
  if (depth > INLINED_SCHEMAS) return INLINED_SCHEMAS + 1;
  sizes.set(node, INLINED_SCHEMAS + 1);
  let size = 1;
  for (const child of childrenOf(node)) {
    if (size > INLINED_SCHEMAS) break;
    if (typeof child === 'object' && child !== null) size += expandedSize(child, sizes, onCycle, depth + 1);
  }
  const bounded = Math.min(size, INLINED_SCHEMAS + 1);
  sizes.set(node, bounded);
  return bounded;
}

function encode(root: object, entries: ReadonlyMap<object, string>): SchemaByReference {
  const encoded = encoder(entries);
  const { copy, bundle } = encoded;
  for (const [node, name] of entries) bundle[name] = copy(node, true);
  const { copiedEvaluationKeywords } = encoded;
  markBundleKeywords(bundle, copiedEvaluationKeywords());
  return { schema: copy(root, false) as object, bundle };
}

/**
 * Copies schemas with each entry replaced by a `$ref` into the bundle, which holds each entry once (its
 * caller fills it, entry by entry), and says whether any schema it copied uses an evaluation keyword.
 */
function encoder(entries: ReadonlyMap<object, string>): { copy: (node: unknown, asEntry: boolean) => unknown; bundle: Record<string, unknown>; copiedEvaluationKeywords: () => boolean } {
  const copies = new Map<object, unknown>();
  let evaluationKeywords = false;
  // Without recursion: a shared schema may hold a chain of thousands of schemas of its own (the stack's end).
  const unfilled: { node: object; into: Record<string, unknown> | unknown[] }[] = [];
  const placed = (node: unknown, asEntry: boolean): unknown => {
    if (typeof node !== 'object' || node === null) return node;
    const name = entries.get(node);
    if (name !== undefined && !asEntry) return { $ref: `#/__bundled__/${name}` };
    const done = copies.get(node);
    if (done !== undefined) return done;
    const into: Record<string, unknown> | unknown[] = Array.isArray(node) ? [] : {};
    copies.set(node, into);
    unfilled.push({ node, into });
    return into;
  };
  const fill = ({ node, into }: (typeof unfilled)[number]): void => {
    if (Array.isArray(into)) {
      for (const item of node as unknown[]) into.push(placed(item, false));
      return;
    }
    for (const [key, value] of Object.entries(node)) {
      if (isEvaluationKeyword(key)) evaluationKeywords = true;
      into[key] = DATA_KEYWORDS.has(key) ? value : placed(value, false);
    }
  };
  const copy = (node: unknown, asEntry: boolean): unknown => {
    const result = placed(node, asEntry);
    for (let next = unfilled.pop(); next !== undefined; next = unfilled.pop()) fill(next);
    return result;
  };
  const bundle: Record<string, unknown> = {};
  return { copy, bundle, copiedEvaluationKeywords: () => evaluationKeywords };
}
