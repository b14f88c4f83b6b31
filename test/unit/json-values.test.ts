import { describe, expect, it } from 'vitest';
import { isJsonObject, setAt, valueAt } from '../../src/json-values/index.js';

describe('JSON values by path', () => {
  it('sets a value at a path, copying each object on the way and leaving the objects it shared unchanged', () => {
    const shared = { categories: [1], can_create: true };
    const target: Record<string, unknown> = { category_list: shared };
    setAt(target, ['category_list', 'categories'], [1, 2]);
    expect(target).toEqual({ category_list: { categories: [1, 2], can_create: true } });
    expect(shared).toEqual({ categories: [1], can_create: true });
    setAt(target, ['meta', 'page', 'next'], null);
    expect(target['meta']).toEqual({ page: { next: null } });
  });

  it('reads the value at a path, undefined where something on the way is no object', () => {
    const value = { plan: { charges: [{ code: 'a' }] }, list: [1] };
    expect(valueAt(value, ['plan', 'charges'])).toEqual([{ code: 'a' }]);
    expect(valueAt(value, [])).toBe(value);
    expect(valueAt(value, ['list', '0'])).toBeUndefined();
    expect(valueAt(value, ['plan', 'missing', 'deeper'])).toBeUndefined();
  });

  it('calls an object neither null nor an array a JSON object', () => {
    expect([{}, { a: 1 }, [], null, 'x', 1].map(isJsonObject)).toEqual([true, true, false, false, false, false]);
  });
});
