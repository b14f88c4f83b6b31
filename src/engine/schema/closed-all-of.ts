import { mergeAllOf, type JsonSchema } from '../../document/index.js';
import { runToEnd } from '../../scheduling/index.js';
import { STEP_OBJECTS } from './steps.js';

const read = new WeakMap<object, JsonSchema>();
const SUBSCHEMA_MAPS = ['properties', 'patternProperties', 'definitions', '$defs', 'dependentSchemas'] as const;
const SUBSCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'] as const;
const SUBSCHEMAS = ['items', 'additionalProperties', 'additionalItems', 'not', 'if', 'then', 'else', 'contains', 'propertyNames', 'unevaluatedProperties'] as const;

/**
 * A schema as Prism's body validator reads it where that differs from JSON Schema's letter: an
 * object written `allOf: [Base, {properties}]` beside `additionalProperties: false` (as generators
 * of C# and Java documents write inheritance, JsonApiDotNetCore's every resource) allows its parts'
 * properties, since Prism merges `allOf` before it validates a body (json-schema-merge-allof,
 * `ignoreAdditionalProperties`); by the letter no property at all would be allowed. Such objects are
 * merged (their parts' properties and `required` joined); every other part of the schema is the
 * very same object, so a schema shared or recursive stays so. Read once per schema object.
 */
export function asPrismReadsBodies(given: unknown): JsonSchema {
  // A boolean schema (`true`) is read as it is.
  if (typeof given !== 'object' || given === null) return given as JsonSchema;
  const schema = given as JsonSchema;
  let asRead = readAs.get(schema);
  if (asRead === undefined) readAs.set(schema, (asRead = needsMerging(schema, new Set()) ? rewrite(schema) : schema));
  return asRead;
}

/** Each schema as Prism reads it (itself where nothing needs merging), by schema object: a check of a record looks once. */
const readAs = new WeakMap<object, JsonSchema>();

function rewrite(given: unknown): JsonSchema {
  if (typeof given !== 'object' || given === null) return given as JsonSchema;
  const schema = given as JsonSchema;
  const done = read.get(schema);
  if (done !== undefined) return done;
  const source = schema.allOf !== undefined && schema.additionalProperties === false ? mergeAllOf(schema) : schema;
  const copy: Record<string, unknown> = { ...source };
  read.set(schema, copy);
  const record = source as Record<string, unknown>;
  for (const keyword of SUBSCHEMA_MAPS) {
    const map = record[keyword];
    if (typeof map === 'object' && map !== null) copy[keyword] = Object.fromEntries(Object.entries(map).map(([name, value]) => [name, rewrite(value)]));
  }
  for (const keyword of SUBSCHEMA_LISTS) {
    const list = record[keyword];
    if (Array.isArray(list)) copy[keyword] = list.map(value => rewrite(value));
  }
  for (const keyword of SUBSCHEMAS) {
    const value = record[keyword];
    if (typeof value === 'object' && value !== null) copy[keyword] = Array.isArray(value) ? value.map(each => rewrite(each)) : rewrite(value);
  }
  return copy;
}

/**
 * Objects from which no object with `allOf` beside `additionalProperties: false` can be reached: a
 * walk that found none marks every object it went through, and later walks stop there. A check is
 * often given a new object (a copy, a wrapper) whose parts are the document's own, shared by
 * thousands of schemas in a document of Stripe's size: without it each such check walked the whole
 * graph again (`verify` of a Stripe-sized document spent 35% of its time here).
 */
const mergeFree = new WeakSet<object>();

/** Whether an object of the schema has `allOf` beside `additionalProperties: false`; each object looked at once. */
function needsMerging(schema: JsonSchema, seen: Set<object>): boolean {
  return runToEnd(needsMergingInSteps(schema, seen));
}

/** `needsMerging`, yielding after each `STEP_OBJECTS` objects it walks. */
function* needsMergingInSteps(schema: JsonSchema, seen: Set<object>): Generator<void, boolean, void> {
  const stack: unknown[] = [schema];
  let walked = 0;
  while (stack.length > 0) {
    const next = stack.pop();
    walked += 1;
    if (walked % STEP_OBJECTS === 0) yield;
    if (typeof next !== 'object' || next === null || seen.has(next) || mergeFree.has(next)) continue;
    seen.add(next);
    if (!Array.isArray(next)) {
      const object = next as Record<string, unknown>;
      if (object['allOf'] !== undefined && object['additionalProperties'] === false) return true;
      for (const [keyword, value] of Object.entries(object)) if (keyword !== 'enum' && keyword !== 'const' && keyword !== 'example' && keyword !== 'examples' && keyword !== 'default') stack.push(value);
    } else stack.push(...(next as unknown[]));
  }
  // Everything reachable from each object seen was seen (or known free before): none needs merging.
  for (const object of seen) mergeFree.add(object);
  return false;
}

/**
 * The schemas read as Prism reads bodies (`asPrismReadsBodies`) a slice at a time, for a reload: the
 * walk that finds whether anything needs merging (the whole graph behind the first schema) is done in
 * steps; a schema that needs merging is merged on its first check, as before.
 */
export function* readAsBodiesInSteps(schemas: readonly object[]): Generator<void, void, void> {
  for (const schema of schemas) {
    if (readAs.has(schema)) continue;
    if (!(yield* needsMergingInSteps(schema, new Set()))) readAs.set(schema, schema);
    yield;
  }
}
