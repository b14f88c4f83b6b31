import { mergeAllOf, typeIncludes, type JsonSchema } from '../../document/index.js';
import { fitsSchema } from '../../fixtures/schema-values.js';
import { isJsonObject } from '../../json-values/index.js';

/** What a value of another JSON type than an alternative declares costs: more than any count of properties. */
const OTHER_TYPE = 1_000_000;
/** What a held value its alternative's `const` or `enum` refuses costs (a kind told by name: `type: "Bot"`): more than properties lacked. */
const OTHER_KIND = 1_000;

/**
 * The alternative of a `oneOf` or `anyOf` a value is closest to: the one that asks fewest changes of it
 * (required properties it lacks, properties a closed alternative does not declare), an alternative of
 * another JSON type or whose fixed values it holds others of last; the first of equals. A record shown
 * by a list of schemas (a user answered as `oneOf [private-user, public-user]`) is completed as the one
 * it already nearly is, so that it is that one and no other.
 */
export function closestAlternative(value: unknown, alternatives: readonly JsonSchema[]): JsonSchema | undefined {
  let closest: JsonSchema | undefined;
  let lowest = Number.POSITIVE_INFINITY;
  for (const alternative of alternatives) {
    const cost = changesAsked(value, mergeAllOf(alternative));
    if (cost < lowest) [closest, lowest] = [alternative, cost];
  }
  return closest;
}

function changesAsked(value: unknown, schema: JsonSchema): number {
  if (!isOfDeclaredType(value, schema)) return OTHER_TYPE;
  if (!isJsonObject(value)) return fitsSchema(value, schema) ? 0 : OTHER_KIND;
  const declared = schema.properties ?? {};
  let cost = 0;
  for (const name of schema.required ?? []) if (value[name] === undefined) cost += 1;
  if (schema.additionalProperties === false) for (const name of Object.keys(value)) if (declared[name] === undefined) cost += 1;
  for (const [name, property] of Object.entries(declared)) {
    const held = value[name];
    const fixed = mergeAllOf(property);
    if (held !== undefined && held !== null && (fixed.const !== undefined || fixed.enum !== undefined) && !fitsSchema(held, fixed)) cost += OTHER_KIND;
  }
  return cost;
}

/** Whether a JSON value is of a type the schema declares (any, where it declares none; `null` where it is nullable). */
export function isOfDeclaredType(value: unknown, schema: JsonSchema): boolean {
  if (schema.type === undefined) return true;
  if (value === null) return typeIncludes(schema, 'null') || schema.nullable === true;
  if (Array.isArray(value)) return typeIncludes(schema, 'array');
  if (typeof value === 'number') return typeIncludes(schema, 'number') || (Number.isInteger(value) && typeIncludes(schema, 'integer'));
  return typeIncludes(schema, typeof value === 'string' || typeof value === 'boolean' ? typeof value : 'object');
}
