import { describe, expect, it } from 'vitest';
import { jsonText } from '../../src/engine/responses/json-text.js';

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

describe('the JSON text of an answer’s body', () => {
  it('is JSON.stringify’s text, for lists of records frozen or not and for any other body', () => {
    const bodies: unknown[] = [
      [deepFreeze({ id: 1, name: 'Rex', tags: ['a'] }), { id: 2, name: 'Tom' }, null, 3, 'x', undefined, () => 1],
      [],
      { code: 'x', message: 'y', status: 400 },
      'text',
      [[1, 2], deepFreeze([3, { a: null }])],
      { content: [deepFreeze({ id: 1, pets: [{ id: 2 }] }), { id: 3 }], size: 2, skipped: undefined, call: () => 1, '"quoted"': [undefined], nested: { a: [1] } },
      Object.assign(Object.create(null) as object, { b: [1], a: 'x' }),
      { toJSON: () => 'own' },
      { list: Object.assign([1], { toJSON: () => 'list' }) },
      new Date(0),
      { 2: 'two', 1: 'one', b: 'b' },
    ];
    for (const body of bodies) expect(jsonText(body)).toBe(JSON.stringify(body));
  });

  it('reuses the text of a deep-frozen record, in a list or in a page object, and serializes a changed (new) record afresh', () => {
    const rex = deepFreeze({ id: 1, name: 'Rex' });
    expect(jsonText([rex])).toBe('[{"id":1,"name":"Rex"}]');
    const stringify = JSON.stringify;
    let calls = 0;
    JSON.stringify = ((...args: Parameters<typeof stringify>) => {
      calls += 1;
      return stringify(...args);
    }) as typeof JSON.stringify;
    try {
      expect(jsonText([rex, rex])).toBe('[{"id":1,"name":"Rex"},{"id":1,"name":"Rex"}]');
      expect(calls).toBe(0);
      expect(jsonText([deepFreeze({ ...rex, name: 'Max' })])).toBe('[{"id":1,"name":"Max"}]');
      expect(calls).toBe(1);
      // In a page: the page's facts serialized, the record's text reused.
      calls = 0;
      expect(jsonText({ content: [rex], total: 1 })).toBe('{"content":[{"id":1,"name":"Rex"}],"total":1}');
      // Its names and its number only.
      expect(calls).toBe(3);
    } finally {
      JSON.stringify = stringify;
    }
  });

  it('never reuses the text of a record that can still change: shallow-frozen, or with a getter', () => {
    const tags = ['a'];
    const shallow = Object.freeze({ id: 1, tags });
    expect(jsonText([shallow])).toBe('[{"id":1,"tags":["a"]}]');
    tags.push('b');
    expect(jsonText([shallow])).toBe('[{"id":1,"tags":["a","b"]}]');
    let name = 'Rex';
    const withGetter = Object.freeze({
      get name() {
        return name;
      },
    });
    expect(jsonText([withGetter])).toBe('[{"name":"Rex"}]');
    name = 'Max';
    expect(jsonText([withGetter])).toBe('[{"name":"Max"}]');
  });
});
