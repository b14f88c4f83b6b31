import { transformOas3Operations } from '@stoplight/http-spec/oas3/operation';
import type { IHttpOperation } from '@stoplight/types';
import { decodePointerToken } from './dereference.js';
import { INLINED_SCHEMAS, isEvaluationKeyword, markBundleKeywords } from './json-schema.js';


/** Values, not schemas: never walked for references. */
const DATA_KEYWORDS = new Set(['example', 'examples', 'default', 'const', 'enum', 'value']);

/**
 * Keywords whose value names schemas: there a member named as a data keyword is a schema (PagerDuty's
 * property `value`, whose `oneOf` refers to other schemas), and was left with its `$ref`s unresolved,
 * which Ajv could not compile, and Prism then took any body at all.
 */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);

/** Whether a node's member holds data, not schemas: a data keyword of a schema, never a member of a map of schemas. */
function holdsData(key: string, inMap: boolean): boolean {
  return !inMap && DATA_KEYWORDS.has(key);
}

/** Whether a node's member is a map of schemas (`properties`), not a schema itself. */
function isSchemaMap(key: string, inMap: boolean): boolean {
  return !inMap && SCHEMA_MAPS.has(key);
}

type Node = Record<string, unknown>;

/** Keywords that describe a schema without constraining its value: kept beside a nullable schema's `anyOf: [schema, null]`. */
const ANNOTATION_KEYWORDS = new Set(['nullable', 'title', 'description', 'example', 'examples', 'default', 'deprecated', 'readOnly', 'writeOnly', 'externalDocs', 'xml']);

/**
 * Prism's operations (Stoplight's transform of the document as written, its local schema `$ref`s
 * still in place) with each reference resolved: a small target copied in place, a big or recursive
 * one kept as a `$ref` into `__bundled__`, which holds the JSON Schema of every target the operation
 * reaches (converted as Stoplight converts the operation's own schemas). Time and size are linear in
 * the schemas of the document, whatever their references share.
 */
export function withReferencesResolved(source: object, operations: readonly IHttpOperation[]): IHttpOperation[] {
  const targets = new Map<string, unknown>();
  const sizes = new Map<string, number>();
  const entries = new Map<string, unknown>();
  const rewritten = new WeakMap<object, unknown>();
  // Each target's key in `__bundled__`, and back: a plain name (`components.schemas.Pet`), because
  // Prism's mocker (json-schema-faker) splits a `$ref` at every `/` and never decodes `~1`.
  const keys = new Map<string, string>();
  const pointersByKey = new Map<string, string>();
  const keyOf = (pointer: string): string => {
    let key = keys.get(pointer);
    if (key !== undefined) return key;
    const plain = pointer.slice(2).split('/').map(decodePointerToken).join('.').replace(/[^\w.-]/g, '_');
    key = plain;
    for (let suffix = 2; pointersByKey.has(key); suffix++) key = `${plain}-${suffix}`;
    keys.set(pointer, key);
    pointersByKey.set(key, pointer);
    return key;
  };

  const targetOf = (pointer: string): unknown => {
    if (targets.has(pointer)) return targets.get(pointer);
    let target: unknown = source;
    for (const token of pointer.slice(2).split('/')) {
      target = typeof target === 'object' && target !== null ? (target as Node)[decodePointerToken(token)] : undefined;
    }
    const converted = typeof target === 'object' && target !== null && !Array.isArray(target) ? asJsonSchema(source, target) : target;
    targets.set(pointer, converted);
    return converted;
  };

  /**
   * The pointer a chain of pure aliases (`{$ref}` and nothing else) ends at, followed without
   * recursion: 3,000 such hops, each followed on the stack, overflowed it and refused the document
   * with only "Maximum call stack size exceeded". A cycle of aliases stays where it is (refused elsewhere).
   */
  const aliasedTarget = (pointer: string): string => {
    const passed = new Set<string>();
    let at = pointer;
    for (;;) {
      const target = targetOf(at);
      const next = typeof target === 'object' && target !== null && !Array.isArray(target) && Object.keys(target).length === 1 ? localReference(target as Node) : undefined;
      if (next === undefined || passed.has(next) || next === pointer) return at;
      passed.add(at);
      at = next;
    }
  };

  /** A target's own schemas (its references not followed) and the targets its references end at. */
  const partsOf = (pointer: string): { readonly own: number; readonly references: readonly string[] } => {
    let own = 0;
    const references: string[] = [];
    const seen = new Set<object>();
    const walk = (node: unknown, inMap = false): void => {
      if (typeof node !== 'object' || node === null || seen.has(node)) return;
      seen.add(node);
      if (Array.isArray(node)) {
        for (const item of node) walk(item);
        return;
      }
      const reference = localReference(node as Node);
      if (reference !== undefined) {
        references.push(aliasedTarget(reference));
        return;
      }
      own += 1;
      for (const [key, value] of Object.entries(node)) if (!holdsData(key, inMap)) walk(value, isSchemaMap(key, inMap));
    };
    walk(targetOf(pointer));
    return { own, references };
  };

  /**
   * The schemas in the whole expansion of a target, up to one past the limit; a cycle counts as past
   * it, and so does every target that reaches one. Each target's size is counted once, from the sizes
   * of the targets it refers to, on a stack of its own rather than the call stack: a chain of
   * references thousands long is followed to its end once (counting it afresh from each link, up to
   * the limit's depth each time, took 3 s at start for a chain 5,000 long; following it on the call
   * stack overflowed it at 1,000).
   */
  const sizeOf = (pointer: string): number => {
    const known = sizes.get(pointer);
    if (known !== undefined) return known;
    const following = new Set<string>();
    const counting: { readonly pointer: string; readonly references: readonly string[]; next: number; size: number }[] = [];
    const follow = (target: string): void => {
      const { own, references } = partsOf(target);
      following.add(target);
      counting.push({ pointer: target, references, next: 0, size: own });
    };
    follow(pointer);
    let counted = 0;
    for (let top = counting.at(-1); top !== undefined; top = counting.at(-1)) {
      const reference = top.size <= INLINED_SCHEMAS ? top.references[top.next] : undefined;
      if (reference !== undefined) {
        top.next += 1;
        const size = sizes.get(reference);
        if (size !== undefined) top.size += size;
        else if (following.has(reference)) top.size += INLINED_SCHEMAS + 1;
        else follow(reference);
        continue;
      }
      counting.pop();
      following.delete(top.pointer);
      counted = Math.min(top.size, INLINED_SCHEMAS + 1);
      sizes.set(top.pointer, counted);
      const below = counting.at(-1);
      if (below !== undefined) below.size += counted;
    }
    // The last counted is the target asked for, the first on the stack.
    return counted;
  };

  // Whether any schema rewritten (the bundle's, and the operations' own) uses an evaluation keyword.
  let evaluationKeywords = false;
  const rewrite = (node: unknown, inMap = false): unknown => {
    if (typeof node !== 'object' || node === null) return node;
    const done = rewritten.get(node);
    if (done !== undefined) return done;
    if (Array.isArray(node)) {
      const list: unknown[] = [];
      rewritten.set(node, list);
      for (const item of node) list.push(rewrite(item));
      return list;
    }
    const written = inMap ? undefined : localReference(node as Node);
    if (written !== undefined) {
      const reference = aliasedTarget(written);
      const siblings = withoutKey(node as Node, '$ref');
      let value: unknown;
      if (sizeOf(reference) <= INLINED_SCHEMAS) {
        const target = rewrite(targetOf(reference));
        value = Object.keys(siblings).length === 0 || typeof target !== 'object' || target === null ? target : { ...target, ...(rewrite(siblings) as Node) };
      } else {
        bundleEntry(reference);
        value = { ...(rewrite(siblings) as Node), $ref: `#/__bundled__/${keyOf(reference)}` };
      }
      rewritten.set(node, value);
      return value;
    }
    const object: Node = {};
    rewritten.set(node, object);
    // `nullable: true` with no `type`: Ajv refuses to compile it, and Prism then validates nothing of the
    // operation at all. Alone ("any value, null too", as .NET generators write it) it is any value to
    // JSON Schema; beside what constrains the value (`allOf: [{$ref: Person}]`, a nullable reference as
    // Swashbuckle and JsonApiDotNetCore write one, their text saying "or null to clear it") it is that
    // value or null, as OpenAPI 3.0.0 to 3.0.2 read it and as code generators do.
    const untypedNullable = !inMap && (node as Node)['nullable'] === true && !('type' in node);
    const constrains = (key: string): boolean => !ANNOTATION_KEYWORDS.has(key) && !key.startsWith('x-');
    const orNull = untypedNullable && Object.keys(node).some(constrains);
    for (const [key, value] of Object.entries(node)) {
      if (!inMap && isEvaluationKeyword(key)) evaluationKeywords = true;
      if (!(untypedNullable && key === 'nullable')) object[key] = holdsData(key, inMap) ? value : rewrite(value, isSchemaMap(key, inMap));
    }
    if (!orNull) return object;
    // Prism merges an `allOf` whose parts are written out before Ajv compiles it: `nullable` then stands
    // beside their `type`, and takes null. Anything else is `anyOf: [it, null]` (Prism's mocker fails on
    // arrays below an `anyOf`, so that form is kept for what no merge can type).
    const parts = object['allOf'];
    const merged = Array.isArray(parts) && parts.length > 0 && parts.every(part => typeof part === 'object' && part !== null && !('$ref' in part)) && parts.some(part => 'type' in (part as Node));
    if (merged) {
      object['nullable'] = true;
      return object;
    }
    const inner = Object.fromEntries(Object.entries(object).filter(([key]) => constrains(key)));
    for (const key of Object.keys(inner)) Reflect.deleteProperty(object, key);
    object['anyOf'] = [inner, { type: 'null' }];
    return object;
  };

  // An entry is rewritten after what refers to it, from a queue: rewritten where it was met, a chain of
  // entries (a Stripe-sized document's reach 1,200 deep) nested as deep on the stack, and overflowed it
  // whenever the code ran unoptimized (a loaded machine), refusing the document at random.
  const pendingEntries: string[] = [];
  const bundleEntry = (pointer: string): void => {
    if (entries.has(pointer)) return;
    entries.set(pointer, undefined);
    pendingEntries.push(pointer);
  };
  const rewritePendingEntries = (): void => {
    for (let pointer = pendingEntries.pop(); pointer !== undefined; pointer = pendingEntries.pop()) entries.set(pointer, rewrite(targetOf(pointer)));
  };

  /** Whether a rewritten value refers to a bundle entry. */
  const refersToEntries = (value: unknown): boolean => {
    const seen = new Set<object>();
    const stack: { node: unknown; inMap: boolean }[] = [{ node: value, inMap: false }];
    while (stack.length > 0) {
      const { node, inMap } = stack.pop() ?? { node: undefined, inMap: false };
      if (typeof node !== 'object' || node === null || seen.has(node)) continue;
      seen.add(node);
      if (Array.isArray(node)) {
        stack.push(...(node as unknown[]).map(item => ({ node: item, inMap: false })));
        continue;
      }
      const { $ref } = node as Node;
      if (!inMap && typeof $ref === 'string' && $ref.startsWith('#/__bundled__/')) return true;
      for (const [key, item] of Object.entries(node)) if (!holdsData(key, inMap)) stack.push({ node: item, inMap: isSchemaMap(key, inMap) });
    }
    return false;
  };

  let everyEntry: Node | undefined;
  const bundleOf = (pointers: Iterable<string>): Node => {
    const bundle: Node = {};
    for (const pointer of [...pointers].sort()) bundle[keyOf(pointer)] = entries.get(pointer);
    markBundleKeywords(bundle, evaluationKeywords);
    return bundle;
  };

  // Every operation rewritten first: the entries are all made before any bundle is. One bundle, every
  // entry, for every operation that refers to any: Prism's validator, as the build edits it, adds a
  // bundle to Ajv once and compiles each entry once, when a value first reaches it, for all the
  // schemas that use it. (Which entries an operation reaches through others is not needed, and
  // finding it walked the bundle once per operation: seconds on a document of Stripe's size.)
  const rewrittenOperations = operations.map(operation => rewrite(operation) as IHttpOperation & Node);
  rewritePendingEntries();
  return rewrittenOperations.map(resolved => (refersToEntries(resolved) ? { ...resolved, __bundled__: (everyEntry ??= bundleOf(entries.keys())) } : resolved));
}

/**
 * A schema of the document as the JSON Schema Stoplight's transform makes of the schemas inside an
 * operation's (its own conversion, read from a one-operation document whose body holds the schema):
 * `$ref`s kept, OpenAPI 3.0's keywords converted. Stoplight keeps one conversion per schema object.
 */
function asJsonSchema(source: object, schema: object): unknown {
  const { openapi, info, jsonSchemaDialect } = source as Node;
  const holder = { type: 'object', properties: { schema } };
  const document = { openapi, info, ...(jsonSchemaDialect !== undefined && { jsonSchemaDialect }), paths: { '/': { post: { operationId: 'convert', requestBody: { content: { 'application/json': { schema: holder } } }, responses: {} } } } };
  const [operation] = transformOas3Operations(document as Parameters<typeof transformOas3Operations>[0]);
  const converted = operation?.request?.body?.contents?.[0]?.schema as { properties?: Node } | undefined;
  // Stoplight marks the conversion of a schema an operation names at its top (`$schema`, an id), and
  // keeps one conversion per schema: inside another schema it is written without those, as Prism's
  // own loader writes it (a nested `x-stoplight` changed Prism's verdict on an allOf's parts).
  return withoutKey(withoutKey((converted?.properties?.['schema'] ?? schema) as Node, '$schema'), 'x-stoplight');
}

function withoutKey(node: Node, key: string): Node {
  return Object.fromEntries(Object.entries(node).filter(([name]) => name !== key));
}

function localReference(node: Node): string | undefined {
  const { $ref } = node;
  return typeof $ref === 'string' && $ref.startsWith('#/') ? $ref : undefined;
}
