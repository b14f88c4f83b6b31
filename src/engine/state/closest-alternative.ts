import { mergeAllOf, typeIncludes, type JsonSchema } from '../../document/index.js';
import { componentNameOf, discriminatorValuesOf } from '../../document/json-schema.js';
import { fitsSchema } from '../../fixtures/schema-values.js';
import { isJsonObject } from '../../json-values/index.js';

/**
 * The alternative of a `oneOf` or `anyOf` a value is shown as. In this order: the one the schema's
 * `discriminator` names for the value the record holds of its property (by `mapping`, or by the
 * schema's own name where there is none); else, of those of the value's JSON type and whose fixed values
 * (`const`, `enum`: a kind told by name) it does not contradict, the one it lacks fewest required
 * properties of; then the one that declares most of the value's own properties; the first only on a
 * full tie. A user answered as `oneOf [private-user, public-user]` is completed as the one it already
 * nearly is, so that it is that one and no other.
 */
export function closestAlternative(value: unknown, alternatives: readonly JsonSchema[], discriminator?: JsonSchema['discriminator']): JsonSchema | undefined {
  const named = discriminator === undefined ? undefined : discriminated(value, alternatives, discriminator);
  if (named !== undefined) return named;
  let closest: JsonSchema | undefined;
  let lowest: readonly number[] | undefined;
  for (const alternative of alternatives) {
    const cost = changesAsked(value, mergeAllOf(alternative));
    if (lowest === undefined || isLower(cost, lowest)) [closest, lowest] = [alternative, cost];
  }
  return closest;
}

/** The alternative the discriminator names for the value's property, where the value holds it and one is named. */
function discriminated(value: unknown, alternatives: readonly JsonSchema[], { propertyName, mapping }: NonNullable<JsonSchema['discriminator']>): JsonSchema | undefined {
  if (!isJsonObject(value)) return undefined;
  const held = value[propertyName];
  if (typeof held !== 'string') return undefined;
  const reference = mapping?.[held];
  const name = reference === undefined ? held : reference.replace(/^#\/components\/schemas\//, '');
  return alternatives.find(alternative => componentNameOf(alternative) === name || (reference === undefined && discriminatorValuesOf(alternative)?.[propertyName] === held));
}

/** Whether one cost is lower than another, compared part by part. */
function isLower(cost: readonly number[], than: readonly number[]): boolean {
  for (const [index, part] of cost.entries()) if (part !== than[index]) return part < (than[index] ?? 0);
  return false;
}

/** What showing the value as the schema asks: [another JSON type, fixed values contradicted, required properties lacked, minus own properties declared]. */
function changesAsked(value: unknown, schema: JsonSchema): readonly number[] {
  if (!isOfDeclaredType(value, schema)) return [1, 0, 0, 0];
  if (!isJsonObject(value)) return [0, fitsSchema(value, schema) ? 0 : 1, 0, 0];
  const declared = schema.properties ?? {};
  let lacked = 0;
  for (const name of schema.required ?? []) if (value[name] === undefined) lacked += 1;
  let contradicted = 0;
  for (const [name, property] of Object.entries(declared)) {
    const held = value[name];
    const fixed = mergeAllOf(property);
    if (held !== undefined && held !== null && (fixed.const !== undefined || fixed.enum !== undefined) && !fitsSchema(held, fixed)) contradicted += 1;
  }
  const own = Object.keys(value).filter(name => Object.hasOwn(declared, name)).length;
  return [0, contradicted, lacked, -own];
}

/** Whether a JSON value is of a type the schema declares (any, where it declares none; `null` where it is nullable). */
export function isOfDeclaredType(value: unknown, schema: JsonSchema): boolean {
  if (schema.type === undefined) return true;
  if (value === null) return typeIncludes(schema, 'null') || schema.nullable === true;
  if (Array.isArray(value)) return typeIncludes(schema, 'array');
  if (typeof value === 'number') return typeIncludes(schema, 'number') || (Number.isInteger(value) && typeIncludes(schema, 'integer'));
  return typeIncludes(schema, typeof value === 'string' || typeof value === 'boolean' ? typeof value : 'object');
}
