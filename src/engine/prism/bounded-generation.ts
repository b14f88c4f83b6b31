import type { IHttpOperation } from '@stoplight/types';
import { requiredOnlyExpansion } from './required-only-expansion.js';

type Node = Record<string, unknown>;

/** Values, not schemas: never walked. */
const DATA_KEYWORDS = new Set(['example', 'examples', 'default', 'const', 'enum', 'value']);
const BUNDLED = '#/__bundled__/';

/**
 * How many schemas of the bundle a generated body may be made from: past them, what a body may
 * leave out (an optional property, an array's items, one alternative among others) is left out.
 */
export const GENERATED_SCHEMAS = 120;

/**
 * The operation as json-schema-faker is handed it, when its schemas refer into a `__bundled__`
 * (a big or recursive document, see document/prism-references): each response's schema with the
 * bundle's entries it reaches copied in place, nearest first, up to `GENERATED_SCHEMAS`; past that a
 * reference a body may do without is left out, and the others (a required property's) keep their
 * `$ref`, with the bundle holding only what they reach. json-schema-faker clones its whole input
 * (bundle included) twice per body and expands every distinct reference up to three times: handed
 * a Stripe-sized document's bundle (1,200 schemas that refer to each other), one body took 5 to 8 s
 * and failed on its own output (500). A body made this way is one the document accepts: only what
 * the schema leaves optional is left out. Documents without a bundle are handed as they are.
 */
export function boundedForGeneration(operation: IHttpOperation): IHttpOperation {
  const bundle = (operation as IHttpOperation & { __bundled__?: unknown }).__bundled__;
  if (typeof bundle !== 'object' || bundle === null) return operation;
  const entries = bundle as Node;
  const kept = new Set<string>();
  const responses = operation.responses.map(response => ({
    ...response,
    ...(response.contents && { contents: response.contents.map(content => (content.schema ? { ...content, schema: unrolled(content.schema, entries, kept) as typeof content.schema } : content)) }),
  }));
  const bounded: IHttpOperation & { __bundled__?: unknown } = { ...operation, responses };
  const reached = reachedEntries(kept, entries);
  if (reached === undefined) delete bounded.__bundled__;
  else bounded.__bundled__ = reached;
  return bounded;
}

/** A reference met while copying: where it sits, so that it can be left out if the body may do without it. */
interface Pending {
  readonly name: string;
  /** The copy holding it, and its key (or index) there. */
  readonly holder: Node | unknown[];
  readonly key: string | number;
  /** The schema the reference is a property, items or alternative of, and which. */
  readonly parent: Node | undefined;
  readonly role: 'property' | 'items' | 'alternative' | 'other';
  readonly siblings: Node;
  /** The nearest property it is inside of (its schema's `properties`, the name, the object schema): left out whole where the reference cannot be. */
  readonly enclosing: Enclosing | undefined;
  /** The entries expanded on the way to it, nearest last. */
  readonly ancestry: readonly string[];
}

/**
 * How many times one entry is expanded on one way down: a schema that holds itself through a list or
 * a map (`linked: {additionalProperties: [Folder]}`) multiplies what json-schema-faker makes at each
 * level, so 60 levels within `GENERATED_SCHEMAS` were a body without end.
 */
export const RECURSION_DEPTH = 2;

interface Enclosing {
  readonly holder: Node;
  readonly key: string;
  readonly parent: Node;
}

function unrolled(root: object, bundle: Node, kept: Set<string>): unknown {
  let budget = GENERATED_SCHEMAS;
  const queue: Pending[] = [];
  let next = 0;

  // A tree copy of `node` (schemas inside an entry are copied once per place they are copied to); references queued.
  let ancestry: readonly string[] = [];
  const copy = (node: unknown, parent: Node | undefined, role: Pending['role'], holder: Node | unknown[], key: string | number, enclosing: Enclosing | undefined): unknown => {
    if (typeof node !== 'object' || node === null) return node;
    if (Array.isArray(node)) {
      const list: unknown[] = [];
      node.forEach((item, index) => list.push(copy(item, parent, role, list, index, enclosing)));
      return list;
    }
    const { $ref, ...siblings } = node as Node;
    if (typeof $ref === 'string' && $ref.startsWith(BUNDLED)) {
      queue.push({ name: $ref.slice(BUNDLED.length), holder, key, parent, role, siblings, enclosing, ancestry });
      return node;
    }
    budget -= 1;
    const object: Node = {};
    for (const [name, value] of Object.entries(node)) {
      // Extensions (`x-faker` for json-schema-faker, a document's own) are kept as written, never followed.
      if (DATA_KEYWORDS.has(name) || name.startsWith('x-')) object[name] = value;
      else if (name === 'properties' && typeof value === 'object' && value !== null) {
        const properties: Node = {};
        for (const [property, schema] of Object.entries(value as Node)) properties[property] = copy(schema, object, 'property', properties, property, { holder: properties, key: property, parent: object });
        object[name] = properties;
      } else if (name === 'items') object[name] = copy(value, object, 'items', object, name, enclosing);
      else if (name === 'anyOf' || name === 'oneOf') {
        const list: unknown[] = [];
        (Array.isArray(value) ? value : []).forEach((item, index) => list.push(copy(item, object, 'alternative', list, index, enclosing)));
        object[name] = list;
      } else object[name] = copy(value, object, 'other', object, name, enclosing);
    }
    return object;
  };

  const holder: Node = {};
  holder['root'] = copy(root, undefined, 'other', holder, 'root', undefined);
  const leftOut: Pending[] = [];
  for (; next < queue.length; next++) {
    const pending = queue[next] as Pending;
    const target = bundle[pending.name];
    const depth = pending.ancestry.filter(name => name === pending.name).length;
    if (budget > 0 && depth < RECURSION_DEPTH && typeof target === 'object' && target !== null && !Array.isArray(target)) {
      budget -= 1;
      ancestry = [...pending.ancestry, pending.name];
      const expanded = copy(target, pending.parent, pending.role, pending.holder, pending.key, pending.enclosing);
      const value = Object.keys(pending.siblings).length === 0 ? expanded : { ...(expanded as Node), ...(copy(pending.siblings, pending.parent, 'other', pending.holder, pending.key, pending.enclosing) as Node) };
      (pending.holder as Node)[pending.key as string] = value;
    } else leftOut.push(pending);
  }
  // Alternatives last: whether one may go depends on what is left of the others.
  for (const pending of leftOut.filter(each => each.role !== 'alternative')) leaveOut(pending, kept, bundle);
  for (const pending of leftOut.filter(each => each.role === 'alternative')) leaveOut(pending, kept, bundle);
  for (const pending of leftOut) if (pending.role === 'alternative') compactAlternatives(pending.holder as unknown[]);
  return holder['root'];
}

const LEFT_OUT = Symbol('left out');

function leaveOut(pending: Pending, kept: Set<string>, bundle: Node): void {
  const { parent, role, holder, key, name } = pending;
  if (role === 'property' && parent !== undefined) {
    const required = Array.isArray(parent['required']) ? (parent['required'] as unknown[]) : [];
    if (!required.includes(key)) {
      Reflect.deleteProperty(holder, key);
      return;
    }
  }
  if (role === 'items' && parent !== undefined && (typeof parent['minItems'] !== 'number' || parent['minItems'] === 0)) {
    parent['maxItems'] = 0;
    parent['items'] = {};
    return;
  }
  if (role === 'alternative') {
    const list = holder as unknown[];
    const others = list.filter((item, index) => index !== key && item !== LEFT_OUT && !isBundledReference(item));
    if (others.length > 0) {
      list[key as number] = LEFT_OUT;
      return;
    }
  }
  // Deeper in an optional property (`related: {allOf: [{$ref: Map}]}`, a map of lists of the record
  // itself): the property goes. Kept, json-schema-faker expanded such a map of lists of maps until
  // the process ran out of memory (4 GB on Vikunja's tasks).
  const { enclosing } = pending;
  if (enclosing !== undefined && Object.hasOwn(enclosing.holder, enclosing.key)) {
    const required = Array.isArray(enclosing.parent['required']) ? (enclosing.parent['required'] as unknown[]) : [];
    if (!required.includes(enclosing.key)) {
      Reflect.deleteProperty(enclosing.holder, enclosing.key);
      return;
    }
    // A required list that may be empty (`data` of a page, its items `anyOf` two records each past
    // the bound): made empty. Kept, json-schema-faker stopped following the references three levels
    // down and made each item of the schema's own words (`{"title": "Polymorphic"}`), which the document refuses.
    if (emptied(enclosing.holder[enclosing.key])) return;
  }
  // A reference the body needs: its required properties only, expanded in place (see requiredOnlyExpansion).
  const needed = requiredOnlyExpansion({ $ref: `${BUNDLED}${name}`, ...pending.siblings }, bundle);
  if (needed !== undefined) {
    (holder as Node)[key as string] = needed;
    return;
  }
  kept.add(name);
}

/** Makes `schema` an empty list where it is a list that may be empty; whether it did. */
function emptied(schema: unknown): boolean {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return false;
  const list = schema as Node;
  if (list['type'] !== 'array' || (typeof list['minItems'] === 'number' && list['minItems'] > 0)) return false;
  list['maxItems'] = 0;
  list['items'] = {};
  return true;
}

function compactAlternatives(list: unknown[]): void {
  for (let index = list.length - 1; index >= 0; index--) if (list[index] === LEFT_OUT) list.splice(index, 1);
}

function isBundledReference(node: unknown): boolean {
  return typeof node === 'object' && node !== null && typeof (node as Node)['$ref'] === 'string' && ((node as Node)['$ref'] as string).startsWith(BUNDLED);
}

/** The bundle's entries `names` reach (themselves included), or undefined for none. */
function reachedEntries(names: ReadonlySet<string>, bundle: Node): Node | undefined {
  if (names.size === 0) return undefined;
  const reached: Node = {};
  const stack = [...names];
  const seen = new Set<object>();
  while (stack.length > 0) {
    const name = stack.pop() as string;
    if (Object.hasOwn(reached, name) || !Object.hasOwn(bundle, name)) continue;
    reached[name] = bundle[name];
    const nodes: unknown[] = [bundle[name]];
    while (nodes.length > 0) {
      const node = nodes.pop();
      if (typeof node !== 'object' || node === null || seen.has(node)) continue;
      seen.add(node);
      if (Array.isArray(node)) {
        nodes.push(...(node as unknown[]));
        continue;
      }
      const { $ref } = node as Node;
      if (typeof $ref === 'string' && $ref.startsWith(BUNDLED)) stack.push($ref.slice(BUNDLED.length));
      for (const [key, value] of Object.entries(node)) if (!DATA_KEYWORDS.has(key)) nodes.push(value);
    }
  }
  return reached;
}
