import { mergeAllOf, typeIncludes, type JsonSchema } from '../../document/index.js';

/** Deepest bracket nesting a form field name may have (`a[b][c]` is 2). */
const MAX_FORM_DEPTH = 16;
/** Keys that would reach an object's prototype if assigned: never set. */
const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * An `application/x-www-form-urlencoded` body as the value it stands for, read as Stripe, Rails and
 * PHP write nested fields: `name=Ada&metadata[plan]=pro&tags[]=a&tags[]=b&items[0][price]=p1`.
 * Every leaf is a string; `typedFormValue` then gives each the type its schema declares.
 */
export function parseFormBody(text: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [name, value] of new URLSearchParams(text)) {
    const path = fieldPath(name);
    if (path === undefined || path.some(key => UNSAFE_KEYS.has(key))) continue;
    setField(root, path, value);
  }
  return arraysOf(root) as Record<string, unknown>;
}

/** `items[0][price]` → `['items', '0', 'price']`; `tags[]` → `['tags', '']`; undefined past the depth or for a name that is not of that form. */
function fieldPath(name: string): string[] | undefined {
  const open = name.indexOf('[');
  if (open <= 0) return [name];
  const path = [name.slice(0, open)];
  const rest = name.slice(open);
  const segment = /\[([^[\]]*)\]/gy;
  let read = 0;
  for (let match = segment.exec(rest); match; match = segment.exec(rest)) {
    path.push(match[1] ?? '');
    read = segment.lastIndex;
  }
  if (read !== rest.length || path.length - 1 > MAX_FORM_DEPTH) return undefined;
  return path;
}

function setField(root: Record<string, unknown>, path: readonly string[], value: string): void {
  let at: Record<string, unknown> = root;
  for (const [index, key] of path.entries()) {
    const last = index === path.length - 1;
    // `tags[]`: the next item of a list, kept under its position.
    const name = key === '' ? String(Object.keys(at).length) : key;
    if (last) {
      at[name] = value;
      return;
    }
    const next = at[name];
    if (typeof next === 'object' && next !== null) {
      at = next as Record<string, unknown>;
    } else {
      const made: Record<string, unknown> = {};
      at[name] = made;
      at = made;
    }
  }
}

/** Objects whose keys are 0, 1, … n−1 as arrays, all the way down. */
function arraysOf(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value as Record<string, unknown>).map(([key, item]) => [key, arraysOf(item)] as const);
  const isList = entries.length > 0 && entries.every(([key], index) => key === String(index));
  return isList ? entries.map(([, item]) => item) : Object.fromEntries(entries);
}

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
