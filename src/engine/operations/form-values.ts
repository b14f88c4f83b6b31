import { mergeAllOf, typeIncludes, type JsonSchema } from '../../document/index.js';

/**
 * A form's string leaves as the types `schema` declares (`"5"` → 5 for an integer, `"true"` → true,
 * `""` → null where null is allowed, a lone value → a one-item array): what Prism validated, as a
 * JSON client would have sent it. A leaf that does not read as its type is left as it came.
 */
export function typedFormValue(value: unknown, schema: JsonSchema | undefined): unknown {
  if (schema === undefined) return value;
  const merged = mergeAllOf(schema);
  if (typeof value === 'string') {
    if (value === '' && (typeIncludes(merged, 'null') || merged.nullable === true)) return null;
    if (typeIncludes(merged, 'string')) return value;
    if ((typeIncludes(merged, 'integer') || typeIncludes(merged, 'number')) && /^-?\d+(?:\.\d+)?(?:e[+-]?\d+)?$/i.test(value)) return Number(value);
    if (typeIncludes(merged, 'boolean') && (value === 'true' || value === 'false')) return value === 'true';
    if (typeIncludes(merged, 'array')) return [typedFormValue(value, merged.items)];
    return value;
  }
  if (Array.isArray(value)) return value.map(item => typedFormValue(item, merged.items));
  if (typeof value === 'object' && value !== null) {
    const properties = merged.properties ?? {};
    const additional = typeof merged.additionalProperties === 'object' ? merged.additionalProperties : undefined;
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, typedFormValue(item, properties[key] ?? additional)]));
  }
  return value;
}
