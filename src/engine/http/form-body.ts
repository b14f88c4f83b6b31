/** Deepest bracket nesting a form field name may have (`a[b][c]` is 2). */
const MAX_FORM_DEPTH = 16;
/** Keys that would reach an object's prototype if assigned: never set. */
const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * An `application/x-www-form-urlencoded` body as the value it stands for, read as Stripe, Rails and
 * PHP write nested fields: `name=Ada&metadata[plan]=pro&tags[]=a&tags[]=b&items[0][price]=p1`.
 * Every leaf is a string; the responder then gives each the type its schema declares (`operations/form-values.ts`).
 */
export function parseFormBody(text: string): Record<string, unknown> {
  return formValue(new URLSearchParams(text));
}

/** Named fields (a form's, a multipart body's parts) as the value they stand for, names read as `parseFormBody` reads them. */
export function formValue(fields: Iterable<readonly [string, unknown]>): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [name, value] of fields) {
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

function setField(root: Record<string, unknown>, path: readonly string[], value: unknown): void {
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
