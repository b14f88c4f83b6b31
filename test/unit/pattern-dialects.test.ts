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

  it('reads Java’s classes as Java does (AWS’s documents): POSIX classes in ASCII, Is-properties and scripts as Unicode’s', () => {
    // AWS IoT Things Graph's URNs; Java's POSIX classes take ASCII only, and a pattern written in Java reads \p{Alpha} so too.
    const urn = readPattern('^urn:tdm:[\\p{Alnum}_]+(/[\\p{Alnum}_]+)*:([\\p{Alpha}]*)$');
    expect(urn).toEqual({ pattern: '^urn:tdm:[a-zA-Z0-9_]+(/[a-zA-Z0-9_]+)*:([a-zA-Z]*)$', changes: ['\\p{Alnum} as Java\'s [a-zA-Z0-9]', '\\p{Alpha} as Java\'s [a-zA-Z]'] });
    const name = read('^urn:tdm:[\\p{Alnum}_]+(/[\\p{Alnum}_]+)*:([\\p{Alpha}]*)$');
    expect([name.test('urn:tdm:flow_1/step:Go'), name.test('urn:tdm:flöw:Go'), name.test('urn:tdm:flow:Gö')]).toEqual([true, false, false]);
    // Alexa for Business's last names: \p{IsLetter} is any letter.
    expect(read('^([A-Za-z\\-\' 0-9._]|\\p{IsLetter})*$').test('Müller-Łukasz')).toBe(true);
    expect(read('^\\p{XDigit}{8}$').test('0aF3bC9e')).toBe(true);
    expect(read('^\\p{XDigit}{8}$').test('0aF3bC9g')).toBe(false);
    const punctuation = read('^[\\p{Punct}]+$');
    expect([punctuation.test('!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~'), punctuation.test('a'), punctuation.test('¿')]).toEqual([true, false, false]);
    expect(read('^\\P{Punct}+$').test('abc')).toBe(true);
    expect(read('^\\P{Punct}+$').test('a.c')).toBe(false);
    // A - after one is a hyphen, as after any class; a script by its name alone.
    expect(read('^[\\p{Alnum}-_]+$').test('a-_9')).toBe(true);
    expect(read('^[\\p{Han}\\p{Katakana}]+$').test('漢字カタカナ')).toBe(true);
    // A name nothing knows stays unreadable (AWS Directory Service's \p{LD}); a negated POSIX class in a class has no writing.
    expect(readPattern('^(\\p{LD}|\\p{Punct}| )+$')).toEqual({ unreadable: expect.stringContaining('Invalid property name') as unknown });
    expect(readPattern('[\\P{Punct}]')).toEqual({ unreadable: expect.stringContaining('Invalid property name') as unknown });
    // Names are looked up among Java's own, never an object's inherited members.
    expect(readPattern('^\\p{constructor}+$')).toEqual({ unreadable: expect.stringContaining('Invalid property name') as unknown });
    expect(readPattern('^[\\p{toString}]+$')).toEqual({ unreadable: expect.stringContaining('Invalid property name') as unknown });
  });

  it('says why a pattern no reading makes JavaScript’s cannot be read', () => {
    expect(readPattern('(unclosed')).toEqual({ unreadable: expect.stringContaining('Unterminated group') as unknown });
    expect(readPattern('ends in \\')).toEqual({ unreadable: 'it ends in a lone \\' });
  });
});
