import { describe, expect, it } from 'vitest';
import { lengthBoundedPattern } from '../../src/document/index.js';

const ARN = '^arn:aws:appsync:[A-Za-z0-9_/.-]{0,63}:\\d{12}:apis/[0-9A-Za-z_-]{26}$';

describe('a pattern’s counts narrowed to the lengths its schema allows', () => {
  it('narrows AWS’s ARN, whose pattern allows 61 to 124 characters, to counts that give 70 to 75', () => {
    expect(lengthBoundedPattern(ARN, 70, 75)).toBe('^arn:aws:appsync:[A-Za-z0-9_/.-]{9,14}:\\d{12}:apis/[0-9A-Za-z_-]{26}$');
  });

  it('bounds counts without an end (`+`, `*`, `{2,}`) and groups of one width', () => {
    expect(lengthBoundedPattern('^[a-z]+$', 3, 8)).toBe('^[a-z]{3,8}$');
    expect(lengthBoundedPattern('^\\p{L}+$', undefined, 5)).toBe('^\\p{L}{1,5}$');
    expect(lengthBoundedPattern('^(ab)+$', 4, 9)).toBe('^(ab){2,4}$');
    expect(lengthBoundedPattern('^[a-z]{2,}-[0-9]*$', 4, 6)).toBe('^[a-z]{3,5}-[0-9]{0}$');
  });

  it('takes only texts of the lengths allowed, and still matches only what the pattern does', () => {
    const narrowed = new RegExp(lengthBoundedPattern('^[a-z]*-[0-9]+$', 10, 12) ?? '', 'u');
    const original = /^[a-z]*-[0-9]+$/u;
    for (const text of ['abcdefgh-1', 'abcdefghij-1', 'abcdefgh-123', 'ab-1', 'abcdefghijkl-1', 'abcdefgh_1']) {
      const allowed = original.test(text) && text.length >= 10 && text.length <= 12;
      if (narrowed.test(text)) expect(allowed, text).toBe(true);
    }
    expect(narrowed.test('abcdefgh-1')).toBe(true);
    expect(narrowed.test('ab-1')).toBe(false);
  });

  it('narrows each top-level alternative on its own (RoboMaker’s versions, `(\\$LATEST)|[0-9]*` of one character at least), leaving one that cannot fit as it is', () => {
    expect(lengthBoundedPattern('(\\$LATEST)|[0-9]*', 1, 255)).toBe('(\\$LATEST)|[0-9]{1,11}');
    expect(lengthBoundedPattern('^a+|b$', 2, 3)).toBe('^a{2,3}|b$');
    expect(lengthBoundedPattern('^a{5}|b+$', 2, 3)).toBe('^a{5}|b{2,3}$');
  });

  it('writes a count without bound as generators do, ten more at most, never out to a far maxLength (RoboMaker’s `arn:.*` of up to 1,224)', () => {
    expect(lengthBoundedPattern('arn:.*', undefined, 1224)).toBeUndefined();
    expect(lengthBoundedPattern('^x.*$', 30, 1224)).toBe('^x.{29,39}$');
  });

  it('leaves a pattern that needs no narrowing, or that it cannot read or fit, as it is (undefined)', () => {
    expect(lengthBoundedPattern('^[a-z]{2,4}$', 1, 10)).toBeUndefined();
    expect(lengthBoundedPattern('^[a-z]+$', undefined, undefined)).toBeUndefined();
    // A group whose repetitions differ in width, a backreference.
    expect(lengthBoundedPattern('^(ab|c)+$', 1, 3)).toBeUndefined();
    expect(lengthBoundedPattern('^(a)\\1+$', 1, 3)).toBeUndefined();
    // No length both allow.
    expect(lengthBoundedPattern('^[a-z]{10}$', 1, 5)).toBeUndefined();
  });
});
