import { describe, expect, it } from 'vitest';
import { readPattern } from '../../src/document/pattern-dialects.js';

function read(pattern: string): RegExp {
  const result = readPattern(pattern);
  if (!('pattern' in result)) throw new Error(`unreadable: ${result.unreadable}`);
  return new RegExp(result.pattern, 'u');
}

describe('patterns written in other dialects than JavaScript’s', () => {
  it('leaves a pattern JavaScript reads as it is, saying nothing', () => {
    for (const pattern of ['^[a-z]+$', '[\\p{L}\\-]+', '^\\d+(\\.\\d+)?$', '^[-\\w]+$', '^[\\w-]+$']) expect(readPattern(pattern)).toEqual({ pattern, changes: [] });
  });

  it('reads Python’s and PCRE’s anchors and named groups as JavaScript’s, with the same verdicts', () => {
    expect(readPattern('^[-\\w]+\\z')).toEqual({ pattern: '^[-\\w]+$', changes: ['\\z as $'] });
    expect(read('\\A[a-z]+\\Z').test('abc')).toBe(true);
    expect(read('\\A[a-z]+\\Z').test('abc1')).toBe(false);
    const year = read('^(?P<y>\\d{4})-(?P=y)$');
    expect([year.test('2024-2024'), year.test('2024-2025')]).toEqual([true, false]);
  });

  it('reads escapes Unicode mode refuses as RegExp without it reads them', () => {
    expect(readPattern('^[a-zA-Z0-9\\_\\-]+$')).toEqual({ pattern: '^[a-zA-Z0-9_\\-]+$', changes: ['\\_ as _'] });
    const email = read('^[\\w-.]+@[\\w-]+\\.\\w+$');
    expect([email.test('a.b-c@host.org'), email.test('a b@host.org')]).toEqual([true, false]);
    expect(read('^\\+?[0-9\\ ]+$').test('+44 20 7946')).toBe(true);
  });

  it('says why a pattern no reading makes JavaScript’s cannot be read', () => {
    expect(readPattern('(unclosed')).toEqual({ unreadable: expect.stringContaining('Unterminated group') as unknown });
    expect(readPattern('ends in \\')).toEqual({ unreadable: 'it ends in a lone \\' });
  });
});
