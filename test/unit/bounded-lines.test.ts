import { describe, expect, it } from 'vitest';
import { boundLines, MAX_LINE_CHARACTERS } from '../../src/cli/bounded-lines.js';

describe('log lines bounded in length', () => {
  it('leaves a line within the bound as it is', () => {
    const line = 'x'.repeat(MAX_LINE_CHARACTERS);
    expect(boundLines(line)).toBe(line);
  });

  it('cuts a longer line at the bound and says how much was left out', () => {
    const line = `[petstore-mock] Pet 1 was removed: the new document's Pet refuses it (status must be equal to one of the allowed values: ${Array.from({ length: 200_000 }, (_, index) => `s${index}`).join(', ')}).`;
    const bounded = boundLines(line);
    expect(bounded.length).toBeLessThan(MAX_LINE_CHARACTERS + 50);
    expect(bounded.startsWith(line.slice(0, MAX_LINE_CHARACTERS))).toBe(true);
    expect(bounded).toMatch(new RegExp(` … \\[cut: ${line.length - MAX_LINE_CHARACTERS} more characters\\]$`));
  });

  it('bounds each line of a text of several lines on its own (a stack trace)', () => {
    const text = ['Error: boom', `    at ${'f'.repeat(30)}`, 'y'.repeat(25)].join('\n');
    expect(boundLines(text, 20).split('\n')).toEqual(['Error: boom', `    at ${'f'.repeat(13)} … [cut: 17 more characters]`, `${'y'.repeat(20)} … [cut: 5 more characters]`]);
  });

  it('never cuts a character written as two UTF-16 code units in half', () => {
    const bounded = boundLines(`${'a'.repeat(9)}🐶🐶`, 10);
    expect(bounded).toBe(`${'a'.repeat(9)} … [cut: 4 more characters]`);
  });
});
