import type { JsonSchema } from '../../document/index.js';

/** A number a schema types as an integer that a JavaScript number does not hold exactly. */
export interface UnsafeInteger {
  /** Where it stands: `categoryId`, `tags.0.id`. */
  path: string;
  value: number;
}

/**
 * The first number of `value` that `schema` types as `integer` but that is beyond ±(2^53 − 1), as
 * pets given in code can hold (`2 ** 53 + 2`): JSON would write it, and the next reader round it, as
 * another integer. Follows `properties`, `items`, `additionalProperties` and the parts of `allOf`,
 * `oneOf` and `anyOf`; iterative, so deep values are fine.
 */
export function findUnsafeInteger(value: unknown, schema: JsonSchema | undefined): UnsafeInteger | undefined {
  const pending: { value: unknown; schema: JsonSchema; path: string[] }[] = schema === undefined ? [] : [{ value, schema, path: [] }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { value: item, schema: itemSchema, path } = next;
    for (const part of [...(itemSchema.allOf ?? []), ...(itemSchema.oneOf ?? []), ...(itemSchema.anyOf ?? [])]) pending.push({ value: item, schema: part, path });
    if (typeof item === 'number') {
      if (typesInteger(itemSchema) && !Number.isSafeInteger(item) && Number.isInteger(item)) return { path: path.join('.'), value: item };
    } else if (Array.isArray(item)) {
      if (itemSchema.items) for (const [index, element] of item.entries()) pending.push({ value: element, schema: itemSchema.items, path: [...path, String(index)] });
    } else if (typeof item === 'object' && item !== null) {
      for (const [name, property] of Object.entries(item)) {
        const propertySchema = Object.hasOwn(itemSchema.properties ?? {}, name) ? itemSchema.properties?.[name] : itemSchema.additionalProperties;
        if (typeof propertySchema === 'object') pending.push({ value: property, schema: propertySchema, path: [...path, name] });
      }
    }
  }
  return undefined;
}

function typesInteger(schema: JsonSchema): boolean {
  return Array.isArray(schema.type) ? schema.type.includes('integer') : schema.type === 'integer';
}
