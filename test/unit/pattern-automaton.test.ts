import { describe, expect, it } from 'vitest';
import { compileAutomaton, MOST_AUTOMATON_STATES, MOST_DISTINCT_CHARACTERS, MOST_LOOKAROUNDS } from '../../src/document/pattern-automaton.js';
import { preparePatterns } from '../../src/document/safe-patterns.js';

/** A seeded pattern of the syntax the automaton reads, over `a`, `b`, `-` and `😀`, with every kind of lookaround and assertion. */
function patternsOf(seed: number, count: number): string[] {
  let state = seed;
  const random = (): number => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) & 0x7fffffff;
    return state / 0x7fffffff;
  };
  const pick = <T>(choices: readonly T[]): T => choices[Math.floor(random() * choices.length)] as T;
  let names = 0;
  const atom = (depth: number): string => {
    const draw = random();
    if (depth > 3 || draw < 0.35) return pick(['a', 'b', '-', '[ab]', '[^a]', '.', '\\w', '\\W', '😀', '[a😀]', '\\u{1F600}']);
    if (draw < 0.5) return pick(['^', '$', '\\b', '\\B']);
    if (draw < 0.7) return `(${pick(['', '?:', `?<n${(names += 1)}>`])}${alternatives(depth + 1)})`;
    return `(${pick(['?=', '?!', '?<=', '?<!'])}${alternatives(depth + 1)})`;
  };
  const quantified = (depth: number): string => {
    const written = atom(depth);
    // Flag `u` allows no quantifier on an assertion.
    if (/^\(\?<?[=!]|^[\^$]$|^\\[bB]$/.test(written) || random() < 0.5) return written;
    return written + pick(['*', '+', '?', '{2}', '{0,2}', '{1,}', '*?', '{2,3}']);
  };
  const sequence = (depth: number): string => Array.from({ length: 1 + Math.floor(random() * 3) }, () => quantified(depth)).join('');
  const alternatives = (depth: number): string => (random() < 0.3 ? `${sequence(depth)}|${sequence(depth)}` : sequence(depth));
  return Array.from({ length: count }, () => alternatives(0));
}

/** Every text of up to `longest` characters of `alphabet`. */
function textsOf(alphabet: readonly string[], longest: number): string[] {
  const texts = [''];
  let last = [''];
  for (let length = 1; length <= longest; length += 1) {
    last = last.flatMap(text => alphabet.map(character => text + character));
    texts.push(...last);
  }
  return texts;
}

/**
 * Whether RegExp's match starts between the halves of a surrogate pair. V8 tries such a start for an
 * empty match made of assertions (`/(?=-*?(?!😀b)\B)\B/u.exec('😀b')` is at index 1), where the
 * language says a start is at a character's edge: there the automaton, which starts only at edges,
 * keeps to the language.
 */
function startsInsideAPair(pattern: string, text: string): boolean {
  const index = new RegExp(pattern, 'u').exec(text)?.index ?? 0;
  return index > 0 && /[\uDC00-\uDFFF]/.test(text[index] ?? '') && /[\uD800-\uDBFF]/.test(text[index - 1] ?? '');
}

describe('running a pattern on the automaton', () => {
  it('gives RegExp’s verdict on every text of up to four characters, for 1,500 seeded patterns of lookarounds, assertions, groups and quantifiers', () => {
    const texts = textsOf(['a', 'b', '-', '😀'], 4);
    let compared = 0;
    for (const pattern of patternsOf(20_301_205, 1_500)) {
      const expression = new RegExp(pattern, 'u');
      const automaton = compileAutomaton(pattern, 'u');
      expect(automaton, pattern).toBeDefined();
      for (const text of texts) {
        const verdict = automaton?.test(text);
        if (verdict !== expression.test(text) && !startsInsideAPair(pattern, text)) expect(verdict, `/${pattern}/u on ${JSON.stringify(text)}`).toBe(expression.test(text));
        compared += 1;
      }
    }
    expect(compared).toBe(1_500 * texts.length);
  });

  it('runs the lookarounds AWS’s documents write, with RegExp’s verdicts, and in linear time on a text RegExp would take minutes on', () => {
    const domain = '^(((?!-)[A-Za-z0-9-]{0,62}[A-Za-z0-9])\\.)+((?!-)[A-Za-z0-9-]{1,62}[A-Za-z0-9])$';
    const cases: [string, string[], string, boolean][] = [
      // Elasticsearch's, ACM's and Amplify's domain names.
      [domain, ['example.com', 'a.b', '-a.com', 'a-.com', 'a..com', 'sub.example-site.org', 'example', `${'a'.repeat(63)}.com`, `${'a'.repeat(64)}.com`], `${'a.'.repeat(200_000)}-`, false],
      // IAM's account aliases.
      ['^[a-z0-9]([a-z0-9]|-(?!-)){1,61}[a-z0-9]$', ['my-alias', 'my--alias', '-alias', 'alias-', 'ab', 'a'], `${'a-'.repeat(200_000)}!`, false],
      // QLDB's ledger names, Clean Rooms' names, CodeCatalyst's repositories.
      ['(?!^.*--)(?!^[0-9]+$)(?!^-)(?!.*-$)^[A-Za-z0-9-]+$', ['ledger-1', 'ledger--1', '1234', '-ledger', 'ledger-', 'Ledger'], `${'a'.repeat(400_000)}!`, false],
      ['(?!\\s*$)[\\u0020-\\uD7FF\\uE000-\\uFFFD\\uD800\\uDBFF-\\uDC00\\uDFFF\\t]*', ['name', '   ', '', ' x ', '\t'], ' '.repeat(400_000), false],
      // Unanchored, it matches an empty text at the end of any text.
      ['(?!.*[.]git$)[\\w\\-.]*', ['repo', 'repo.git', 'repo.gitx', ''], `${'a'.repeat(400_000)}.git`, true],
      // Redshift's custom domains: a lookbehind.
      ['^((?!-)[A-Za-z0-9-]{1,63}(?<!-)\\.)+[A-Za-z]{2,6}$', ['example.com', 'a-.com', '-a.com', 'a.b.co'], `${'a.'.repeat(200_000)}1`, false],
    ];
    for (const [pattern, texts, hostile, verdict] of cases) {
      const automaton = compileAutomaton(pattern, 'u');
      expect(automaton, pattern).toBeDefined();
      for (const text of texts) expect(automaton?.test(text), `/${pattern}/u on ${JSON.stringify(text)}`).toBe(new RegExp(pattern, 'u').test(text));
      // A text of 400,000 characters: RegExp's verdict on it is not waited for here.
      expect(automaton?.test(hostile), pattern).toBe(verdict);
    }
  });

  it('reads a character beyond the Basic Multilingual Plane as one, in the pattern (written or escaped as a pair) and in the text, and a lone surrogate as RegExp does', () => {
    const cases: [string, string[]][] = [
      ['^😀{2}$', ['😀😀', '😀', '\uD83D\uD83D']],
      ['^.(?<=😀)$', ['😀', 'a', '\uD83D']],
      ['^[\\uD800-\\uDBFF]$', ['\uD83D', '😀']],
      ['(?<!\\uD83D)\\uDE00', ['\uDE00', '😀', 'a\uDE00']],
      // A surrogate pair written as two escapes is one character too.
      ['^\\uD83D\\uDE00+$', ['😀😀', '\uD83D\uDE00\uDE00', '😀']],
      ['^\\uD83D\\uDE00{2}$', ['😀😀', '😀\uDE00']],
    ];
    for (const [pattern, texts] of cases) {
      for (const text of texts) expect(compileAutomaton(pattern, 'u')?.test(text), `/${pattern}/u on ${JSON.stringify(text)}`).toBe(new RegExp(pattern, 'u').test(text));
    }
  });

  it('runs no backreference, no flag but `u`, no syntax RegExp refuses, and no pattern of more states or lookarounds than its limits', async () => {
    for (const pattern of ['^(a+)+\\1$', '(?<x>a)\\k<x>', '(?=(a))\\1']) expect(compileAutomaton(pattern, 'u'), pattern).toBeUndefined();
    expect(compileAutomaton('a', 'ui')).toBeUndefined();
    expect(compileAutomaton('(?i:a)', 'u')).toBeUndefined();
    expect(compileAutomaton('a{', 'u')).toBeUndefined();
    expect(compileAutomaton(`[a-z]{${MOST_AUTOMATON_STATES}}`, 'u')).toBeUndefined();
    // `^`, `$` and the pattern's end are states too.
    expect(compileAutomaton(`^a{${MOST_AUTOMATON_STATES - 3}}$`, 'u')?.test('a'.repeat(MOST_AUTOMATON_STATES - 3))).toBe(true);
    expect(compileAutomaton(`^a{${MOST_AUTOMATON_STATES - 2}}$`, 'u')).toBeUndefined();
    // Each lookaround keeps a bit a position of the text while it is tested.
    const lookingAround = (count: number): string => `^${'(?!-)[a-z-]'.repeat(count)}(a+)+$`;
    expect(compileAutomaton(lookingAround(MOST_LOOKAROUNDS), 'u')?.test('a'.repeat(MOST_LOOKAROUNDS + 1))).toBe(true);
    expect(compileAutomaton(lookingAround(MOST_LOOKAROUNDS + 1), 'u')).toBeUndefined();
    await expect(preparePatterns({ pattern: lookingAround(MOST_LOOKAROUNDS + 1) })).rejects.toThrow(`the linear-time engines cannot run (it has more than ${MOST_LOOKAROUNDS} lookarounds)`);
    // A count over a part that makes no state is bounded too (review: `(?:){99999999999999}` never compiled).
    for (const pattern of ['(?:){99999999999999}', '(?:(?:(?:a{0}){1000}){1000}){1000}', `(?:){${'9'.repeat(400)}}`]) expect(compileAutomaton(pattern, 'u'), pattern).toBeUndefined();
    // Each distinct character is a RegExp read a block of code points: 8,000 classes took 40 s on 4,200 CJK characters.
    const classes = (count: number): string => `(?:${Array.from({ length: count }, (_, index) => `[^\\u{${(0x20000 + index).toString(16)}}]`).join('|')})x`;
    expect(compileAutomaton(classes(MOST_DISTINCT_CHARACTERS - 1), 'u')?.test('中x')).toBe(true);
    expect(compileAutomaton(classes(MOST_DISTINCT_CHARACTERS + 1), 'u')).toBeUndefined();
  });
});
