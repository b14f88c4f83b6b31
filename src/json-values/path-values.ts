import { isJsonObject } from './json-object.js';

/**
 * Sets `value` at `path` (`['category_list', 'categories']`) in `target`, each object on the way a
 * copy (made where it is missing): objects `target` shares with anything else are never changed.
 */
export function setAt(target: Record<string, unknown>, path: readonly string[], value: unknown): void {
  let at = target;
  for (const name of path.slice(0, -1)) {
    const next = at[name];
    const copy: Record<string, unknown> = isJsonObject(next) ? { ...next } : {};
    at[name] = copy;
    at = copy;
  }
  const last = path.at(-1);
  if (last !== undefined) at[last] = value;
}

/** The value at `path` in `value`; undefined where something on the way is no object. */
export function valueAt(value: unknown, path: readonly string[]): unknown {
  let at = value;
  for (const name of path) {
    if (!isJsonObject(at)) return undefined;
    at = at[name];
  }
  return at;
}
