import { describe, expect, it } from 'vitest';
import { mayBacktrack, withLookaroundTailsAtLeast, writtenForRe2 } from '../../src/document/pattern-cost.js';
import { compilePattern, preparePatterns } from '../../src/document/safe-patterns.js';

/** The engine a prepared pattern runs on: `re2`, `automaton` or RegExp's `/…/u`. */
function engineOf(pattern: string): string {
  return String(compilePattern(pattern, 'u')).split(':/')[0] ?? '';
}

describe('reading how long RegExp may take on a pattern', () => {
  it('counts an unanchored start as a factor of the text, so one unbounded quantifier after it is quadratic', async () => {
    // On RegExp, `\w+$` took 12.7 s on 100,000 `a`s and a `!`, and `[a-z]+-x` 10.4 s: each start's quantifier runs to the end.
    for (const pattern of ['\\w+$', '[a-z]+-x', 'x\\w+!']) {
      expect(mayBacktrack(pattern), pattern).toBe(true);
      await preparePatterns({ pattern });
      expect(engineOf(pattern), pattern).toBe('re2');
      expect(compilePattern(pattern, 'u').test(`${'a'.repeat(100_000)}!`), pattern).toBe(false);
      expect(compilePattern(pattern, 'u').test('xab!-x'), pattern).toBe(new RegExp(pattern, 'u').test('xab!-x'));
    }
    // Anchored, or ending in its quantifier (which stops at its least count), the same patterns are linear.
    for (const pattern of ['^\\w+$', '^[a-z]+-x', '[a-z]+', 'x\\w*']) expect(mayBacktrack(pattern), pattern).toBe(false);
  });

  it('multiplies bounded quantifiers that overlap, and not those a character they cannot take separates', async () => {
    // `[a-z]{0,100}[a-z]{0,100}[a-z]{0,100}!` took 5.7 s on 300 `a`s; thirteen `a?` and a `!` 55 s on 1 MiB.
    const overlapping: [string, boolean][] = [['[a-z]{0,100}[a-z]{0,100}[a-z]{0,100}!', false], ['^[a-z]{0,100}[a-z]{0,100}[a-z]{0,100}[a-z]{0,100}!', false], [`${'a?'.repeat(13)}!`, false], ['^\\w+[a-z]{0,100}[a-z]{0,100}!', false], ['(a|aa)'.repeat(20), true]];
    for (const [pattern, matchesLongText] of overlapping) {
      expect(mayBacktrack(pattern), pattern).toBe(true);
      await preparePatterns({ pattern });
      expect(compilePattern(pattern, 'u').test('a'.repeat(300)), pattern).toBe(matchesLongText);
      for (const text of ['aaa!', 'a'.repeat(12), `${'a'.repeat(20)}!`]) expect(compilePattern(pattern, 'u').test(text), `${pattern} on ${text}`).toBe(new RegExp(pattern, 'u').test(text));
    }
    // Separated by a `:` none of them takes, AWS's ARNs are linear (0.1 ms on 100,000 characters).
    const separated = ['^[a-z]{0,100}:[a-z]{0,100}:[a-z]{0,100}!', '^arn:aws:[A-Za-z0-9][A-Za-z0-9_/.-]{0,62}:[A-Za-z0-9_/.-]{0,63}:[A-Za-z0-9_/.-]{0,63}:[A-Za-z0-9][A-Za-z0-9:_/+=,@.-]{0,1023}$', '^[a-z]+-[0-9]{1,5}$'];
    for (const pattern of separated) expect(mayBacktrack(pattern), pattern).toBe(false);
    // A class that may take characters beyond ASCII (`[^:]`, `\S`) overlaps one that may too.
    expect(mayBacktrack('^[^:]{0,100}\\S[^:]{0,100}\\S[^:]{0,100}!')).toBe(true);
  });

  it('carries the ways to reach a part past a separator and a lookahead, and reads a count however long (review 20)', () => {
    // Each split of the digits that reaches `-` runs `\w+!` again: 25.7 s on 100,000 characters. A lookahead adds no
    // way of its own, but the ways before it go on: `^\w*(?=x)\w*!` took 1.7 s on 32,768 `x`s.
    const carried = ['^\\d{0,10}\\d{0,10}\\d{0,10}\\d{0,10}\\d{0,10}\\d{0,10}-\\w+!', '^[a-z]{0,100}[a-z]{0,100}[a-z]{0,100}-\\w+!', '^\\w*(?=x)\\w*!'];
    for (const pattern of carried) expect(mayBacktrack(pattern), pattern).toBe(true);
    // `^(a+)+$` with its count written in 42 characters (45 s on 33 `a`s and a `!`); an optional `^` anchors nothing.
    expect(mayBacktrack(`^(a+){${'0'.repeat(40)}1,}$`)).toBe(true);
    expect(mayBacktrack('(?:^)?[a-z]+!')).toBe(true);
    // RE2JS takes the text's length times its program's size: `[a-z]{0,255}$` took 5.6 s on 100,000 characters there, 1 ms on RegExp.
    expect(mayBacktrack('[a-z]{0,255}$')).toBe(false);
    expect(mayBacktrack('^\\w+[a-z]{0,8}!')).toBe(false);
    // 64 ways to reach the `:`, each running `[a-z]+`: 232 ms on 1 MiB on RegExp, more on RE2JS's program of 131.
    expect(mayBacktrack('^[a-z]{1,64}[a-z0-9]{0,64}:[a-z]+!')).toBe(false);
  });

  it('prices a backreference as the text its group may capture, so one that compares the rest of the text at each split is refused', async () => {
    // Each split of `\w+` compares the rest: 1.5 s on 131,072 `a`s and a `!`; `(\w{1,64})\1` took 101 ms on 128 KiB of a square-free text.
    for (const pattern of ['^(\\w+)\\1$', '^(?<word>\\w+)\\k<word>$', '(\\w{1,64})\\1']) {
      expect(mayBacktrack(pattern), pattern).toBe(true);
      await expect(preparePatterns({ components: { schemas: { Word: { type: 'string', pattern } } } }), pattern).rejects.toThrow(/has a pattern at \$\.components\.schemas\.Word\.pattern.*it has a backreference/);
    }
    // One way to reach the backreference (`-` separates), a group of one character, or a capture no longer than a few: linear.
    // A capture group that neither repeats nor has alternatives is read as its parts: `[a-z]+` before a `-` it cannot take.
    const linear = ['^([a-z]+)-\\1$', '^(\\w)\\1$', '^(?!.*?(.)\\1{3})[-_!@#$a-zA-Z0-9]*$', '^(\\w{1,64})\\1$', '^([a-z]+)-([a-z]+)-([0-9]+)$', '^s3://([a-z0-9\\\\.-]+)/(.+)$'];
    for (const pattern of linear) expect(mayBacktrack(pattern), pattern).toBe(false);
    // Groups whose captures double, each read by the next: read once each, not once a path (2^59 of them).
    let doubling = '^(a)';
    for (let group = 1; group < 60; group += 1) doubling += `(\\${group}\\${group})`;
    expect(mayBacktrack(`${doubling}$`)).toBe(false);
  });

  it('reads group names as JavaScript writes them (`$`, letters beyond ASCII, \\u escapes), and of any length (review 21)', () => {
    // `^(?<$a>\w+)\k<$a>$` was read as a one-character backreference (the name `$a` unread): quadratic on RegExp.
    for (const pattern of ['^(?<$a>\\w+)\\k<$a>$', '^(?<é>\\w+)\\k<é>$', '^(?<\\u0061>\\w+)\\k<a>$', '^(?<a>\\w+)\\k<\\u{61}>$', '^(?<mot_日本>\\w+)\\k<mot_日本>$']) {
      expect(mayBacktrack(pattern), pattern).toBe(true);
      expect(() => new RegExp(pattern, 'u'), pattern).not.toThrow();
    }
    // A name of any length (300 characters; 64 and 260 were read before).
    const long = 'n'.repeat(300);
    expect(mayBacktrack(`^(?<${long}>\\w+)\\k<${long}>$`)).toBe(true);
    expect(mayBacktrack(`^(?<${long}>[a-z]+)-\\k<${long}>$`)).toBe(false);
    // A named group's parts are read as its own: a `-` still separates, and the pattern stays linear.
    for (const pattern of ['^(?<$a>[a-z]+)-\\k<$a>$', '^(?<é>[a-z]+)-\\k<é>$']) expect(mayBacktrack(pattern), pattern).toBe(false);
    // RE2 is given them unnamed.
    expect(writtenForRe2('(?<$a>a+)+!')).toBe('(?:a+)+!');
    expect(writtenForRe2('(?<\\u{e9}t>a)b')).toBe('(?:a)b');
  });

  it('prices a count past RE2’s reach by the characters it walks at each start, so such a pattern is refused, and leaves the counts RE2 could run as before (review 21)', async () => {
    // On RegExp: `[a-z]{0,999999}-` took 379 s on 256 KiB of letters, `[a-z]{20000}-` 47 s; RE2 is given no count past 10,000.
    for (const pattern of ['[a-z]{0,999999}-', '[a-z]{20000}-', '[a-z]{20000}']) {
      expect(mayBacktrack(pattern), pattern).toBe(true);
      await expect(preparePatterns({ components: { schemas: { Word: { type: 'string', pattern } } } }), pattern).rejects.toThrow(
        /has a pattern at \$\.components\.schemas\.Word\.pattern.*a long count tried at every start\) and that the linear-time engines cannot run \(its counts copy it past 20,000 states\)/,
      );
    }
    // Anchored, or ending the pattern with nothing to walk past its least, or within RE2's reach (as slow there): as before.
    for (const pattern of ['^[a-z]{20000}$', '^.{0,65535}$', 'x.{0,65535}', '[a-z]{1000}-', '[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}']) expect(mayBacktrack(pattern), pattern).toBe(false);
  });

  it('reads a `^` as failing at every start but the first, so a lookahead anchored there is run once, and AWS’s names start', async () => {
    // Lambda's function names, CloudWatch's, a password rule written between slashes: their lookaheads hold only at the
    // text's start (or the `^` is past a character), so each later start fails at once. They refused their documents.
    const linear = ['(?!^[0-9]+$)([a-zA-Z0-9-_]+)', '(^\\$LATEST$)|((?!^[0-9]+$)([a-zA-Z0-9-_]+))', '(?=^.{2,256}$)(?!.*\\s)[0-9a-zA-Z-_.:=+@]*$', '/^(?=.*[a-z])(?=.*[A-Z])(?=.*\\d)[a-zA-Z\\d\\S]{8,64}$/'];
    for (const pattern of linear) {
      expect(mayBacktrack(pattern), pattern).toBe(false);
      await preparePatterns({ pattern });
      // On RegExp itself, as written.
      expect(String(compilePattern(pattern, 'u')), pattern).toBe(String(new RegExp(pattern, 'u')));
    }
    // A lookahead not anchored is run at every start: `(?!\s*$)[\s\S]+` took 1.7 s on 50,000 spaces; so is a lookbehind,
    // which reads back to the first character (`x(?<=^.*)!`: 1.7 s on 50,000 `x`s). They refused their documents; they now
    // run on the automaton, which RE2 is not (it reads no lookaround).
    const hostile: [string, string, boolean][] = [
      ['(?!\\s*$)[\\s\\S]+', ' '.repeat(50_000), false],
      ['(?!.*[.]git$)[\\w\\-.]*', `${'a'.repeat(50_000)}.git`, true],
      ['(?!^.*--)(?!^[0-9]+$)(?!^-)(?!.*-$)^[A-Za-z0-9-]+$', `${'a'.repeat(50_000)}!`, false],
      ['x(?<=^.*)!', 'x'.repeat(50_000), false],
    ];
    for (const [pattern, text, verdict] of hostile) {
      expect(mayBacktrack(pattern), pattern).toBe(true);
      await preparePatterns({ pattern });
      expect(engineOf(pattern), pattern).toBe('automaton');
      expect(compilePattern(pattern, 'u').test(text), pattern).toBe(verdict);
    }
  });

  it('reads a repeated group holding a `?` or alternatives at any depth as one that may split a text many ways, unless its turns are few (review 21)', () => {
    // Exponential on RegExp: `(?=^(?:aa?)*!)` took 1.9 s on 36 `a`s, `^((a|aa))*!` 24.6 s on 40, `x|^(?:a.?a)*!` 22 s on 70.
    for (const pattern of ['(?=^(?:aa?)*!)', '(?=^((a|aa))*!)', 'x|^(?:a.?a)*!', '(?:^(?:\\s\\s?)*$)|-', '^(?:aa?)*!', '^((a|aa))*!']) expect(mayBacktrack(pattern), pattern).toBe(true);
    // Three or four turns of a few ways each are a bound, not a blow-up: an IPv4 address.
    for (const pattern of ['^(\\d{1,3}\\.){3}\\d{1,3}$', '^(?:(?:25[0-5]|2[0-4][0-9]|[01]?[0-9][0-9]?)\\.){3}(?:25[0-5]|2[0-4][0-9]|[01]?[0-9][0-9]?)$']) expect(mayBacktrack(pattern), pattern).toBe(false);
  });

  it('reads alternatives whose first characters no two share as one way on, so AWS Systems Manager’s dates (with backreferences) stay on RegExp and its document starts', async () => {
    // At a start, one such alternative at most takes its first character: the others fail at once. RegExp took 14 µs at most on
    // this pattern with texts cut anywhere and 1,000 characters after; read as multiplying its alternatives, it refused SSM's document.
    const date = '^([\\-]?\\d{4}(?!\\d{2}\\b))((-?)((0[1-9]|1[0-2])(\\3([12]\\d|0[1-9]|3[01]))?|W([0-4]\\d|5[0-2])(-?[1-7])?|(00[1-9]|0[1-9]\\d|[12]\\d{2}|3([0-5]\\d|6[1-6])))([T\\s]((([01]\\d|2[0-3])((:?)[0-5]\\d)?|24:?00)([\\.,]\\d(?!:))?)?(\\17[0-5]\\d([\\.,]\\d)?)?([zZ]|([\\-])([01]\\d|2[0-3]):?([0-5]\\d)?)?)?)?$';
    expect(mayBacktrack(date)).toBe(false);
    await preparePatterns({ components: { schemas: { StringDateTime: { type: 'string', pattern: date } } } });
    for (const text of ['2020-01-01T00:00:00.0', '2020-01-01T00:00:00.0+01:00', '20200101T000000', '2020-0101', '2020-W01-1', '2020-01-01T24:00']) {
      expect(compilePattern(date, 'u').test(text), text).toBe(new RegExp(date, 'u').test(text));
    }
    // Forty turns of alternatives that share a first character multiply; of ones that do not, they are one way each.
    expect(mayBacktrack('^(?:a|ab){1,40}!')).toBe(true);
    expect(mayBacktrack('^(?:a|b){1,40}!')).toBe(false);
    expect(mayBacktrack('^(?:a|b?){1,40}!')).toBe(true);
  });

  it('takes a pattern nested too deep to read as one that may backtrack, and refuses it at start naming its place', async () => {
    const deep = `${'(?:'.repeat(5_000)}a${')'.repeat(5_000)}`;
    expect(mayBacktrack(deep)).toBe(true);
    expect(writtenForRe2(deep)).toBeUndefined();
    expect(withLookaroundTailsAtLeast(deep)).toBe(deep);
    await expect(preparePatterns({ components: { schemas: { Name: { type: 'string', pattern: deep } } } })).rejects.toThrow(/has a pattern at \$\.components\.schemas\.Name\.pattern/);
  });

  it('leaves on RegExp what is linear: a date, leading lookaheads, a group of alternatives once, a lookahead that holds only at the start', () => {
    const linear = ['^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?Z$', '^(?=.*[A-Z])(?=.*\\d).{8,}$', '^(https?|ftp)://[^/]+$', '(?!^[.-])^([a-zA-Z0-9-_.]+)$', '(^(?!_{2}))(^[a-zA-Z0-9_]+$)', '^.{0,262144}$'];
    for (const pattern of linear) expect(mayBacktrack(pattern), pattern).toBe(false);
    // Still read as exponential: a repeated group holding a quantifier or an alternation.
    for (const pattern of ['^(a+)+$', '^(a|b)*c$', '^(\\w+)(\\w+)\\2$']) expect(mayBacktrack(pattern), pattern).toBe(true);
    // A lookbehind's last quantifier runs to the end of its run each time it is tried; so does a lookahead's where a backreference reads its captures.
    for (const pattern of ['(?<=ab+)c', '(?=(\\w+))\\1x']) expect(mayBacktrack(pattern), pattern).toBe(true);
  });

  it('runs a lookahead’s last quantifier at its least count, with the same verdicts, so Linode’s usernames start and stay linear', async () => {
    // A greedy tail runs to the end of its run each time RegExp tries the lookahead: 219 ms on 20,000 `a`s, quadratic.
    const eager = '^(?:(?=[a-z]+)[a-z])*!';
    expect(withLookaroundTailsAtLeast(eager)).toBe('^(?:(?=[a-z]{1})[a-z])*!');
    expect(mayBacktrack(eager)).toBe(false);
    expect(compilePattern(eager, 'u').test('a'.repeat(200_000))).toBe(false);
    // Linode's `User.username` refused the document at start (a quantifier in a repeated group, and RE2 reads no lookahead).
    const linode = '^[a-zA-Z0-9]((?![_-]{2,})[a-zA-Z0-9-_])+[a-zA-Z0-9]$';
    expect(withLookaroundTailsAtLeast(linode)).toBe('^[a-zA-Z0-9]((?![_-]{2})[a-zA-Z0-9-_])+[a-zA-Z0-9]$');
    await expect(preparePatterns({ pattern: linode })).resolves.toEqual({ linearEngine: false });
    for (const text of ['linode-user', 'a_b-c', 'a__b', 'a-_b', '_ab', 'ab_', 'ab', 'a--', `${'a_'.repeat(50_000)}a`, `a${'_'.repeat(100_000)}b`]) {
      expect(compilePattern(linode, 'u').test(text), text.slice(0, 20)).toBe(new RegExp(linode, 'u').test(text));
    }
    // Not in a lookbehind, whose free end is its first part: `(?<=ab+)c` needs every `b` before the `c`.
    expect(withLookaroundTailsAtLeast('(?<=ab+)c')).toBe('(?<=ab+)c');
    expect(withLookaroundTailsAtLeast('(?=(a+))\\1')).toBe('(?=(a+))\\1');
  });

  it('writes `.`, `\\s`, `\\S` and surrogate pairs for RE2 as JavaScript reads them, so a pattern moved to RE2 keeps its verdicts', async () => {
    // RE2's `.` takes `\r` and U+2028, its `\s` no U+00A0 or U+FEFF: 489 of 275,252 texts were answered otherwise than by RegExp.
    const cases: [string, string[]][] = [
      ['^.*@.*$', ['a\r@b', 'a@b', '\u2028@', '@\u2029']],
      ['^\\S+\\s+\\S+$', ['a\u00a0b', 'a b', 'a\u000bb', 'a\ufeffb', 'ab', 'a\u3000b']],
      ['\\w+[\\s\\S]x$', ['a\nx', 'aax', 'ax']],
      ['\\w+[^\\s]x$', ['a\u00a0x', 'abx']],
      ['\\w+\\uD83D\\uDE00$', ['a\u{1F600}', 'a']],
      ['\\w+\\(?<b>x{1001}', [`a<b>${'x'.repeat(1_001)}`, `a(<b>${'x'.repeat(1_001)}`]],
    ];
    for (const [pattern, texts] of cases) {
      expect(mayBacktrack(pattern), pattern).toBe(true);
      await preparePatterns({ pattern });
      expect(engineOf(pattern), pattern).toBe('re2');
      for (const text of texts) expect(compilePattern(pattern, 'u').test(text), `${pattern} on ${JSON.stringify(text.slice(0, 12))}`).toBe(new RegExp(pattern, 'u').test(text));
    }
    // What cannot be so written is not given to RE2: `\\S` among other members of a class, a lone surrogate.
    expect(writtenForRe2('[a\\S]+x')).toBeUndefined();
    expect(writtenForRe2('\\uD800+x')).toBeUndefined();
  });

  it('writes counts past RE2’s 1,000 and \\u escapes as RE2 reads them, so such documents start, with RegExp’s verdicts', async () => {
    expect(writtenForRe2('arn:[^/]a{0,1023}')).toBe('arn:[^/](?:a){0,1000}(?:a){0,23}');
    expect(writtenForRe2('(?<x>a){1500,}b')).toBe('(?:(?:a)){1000,1000}(?:(?:a)){500,}b');
    expect(writtenForRe2('\\u002F[\\u0021-\\u007E]+\\u{2F}')).toBe('\\x{2f}[\\x{21}-\\x{7e}]+\\x{2f}');
    // An escaped backslash before `u` is no escape; a count past 10,000 is not written out.
    expect(writtenForRe2('\\\\u0041')).toBe('\\\\u0041');
    expect(writtenForRe2('a{0,20000}b')).toBeUndefined();
    // Both were refused at start before (AWS's IAM and Resource Groups documents).
    const cases: [string, string[]][] = [
      ['^arn:aws:iam::\\d{12}:user(?:(\\u002F)|(\\u002F[\\u0021-\\u007E]+\\u002F))[\\w+=,.@-]+$', ['arn:aws:iam::123456789012:user/a/b/name', 'arn:aws:iam::123456789012:user/name', 'arn:aws:iam::123456789012:username', 'arn:aws:iam::12345678901:user/x']],
      ['arn:aws(-[\\w]+)*:[a-z0-9-\\\\.]{0,63}:[a-z0-9-\\\\.]{0,63}:[0-9]{12}:(\\w|\\/|-){1,1011}', ['arn:aws:s3:us-east-1:123456789012:bucket/x', 'arn:aws-cn:a:b:123456789012:', `arn:aws:a:b:123456789012:${'x'.repeat(1_011)}`, `arn:aws:a:b:123456789012:${'!'.repeat(1_100)}`]],
    ];
    for (const [pattern, texts] of cases) {
      expect(mayBacktrack(pattern), pattern).toBe(true);
      await expect(preparePatterns({ pattern })).resolves.toEqual({ linearEngine: true });
      expect(engineOf(pattern), pattern).toBe('re2');
      for (const text of texts) expect(compilePattern(pattern, 'u').test(text), `${pattern} on ${text}`).toBe(new RegExp(pattern, 'u').test(text));
    }
  });
});
