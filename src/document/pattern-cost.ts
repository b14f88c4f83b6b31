import { deepEnough, groupNameOf, groupOpeningAt, hasBackreference, isBackreference, partsOf, type GroupPart, type Part, type Quantifier } from './pattern-parts.js';

/**
 * How long JavaScript's RegExp may take on a pattern, read from the pattern alone. RegExp tries the
 * pattern at each start of the text (only the first where it begins with `^`), and at each start it
 * may try every count each quantifier can take, times every count of the ones it overlaps, before
 * it fails. Measured on Node 20 (1 MiB is the default body limit):
 * - `^(a+)+$` took 51 s on 33 `a`s and a `!` (a repeated group holding a quantifier: exponential);
 * - `\w+$` took 12.7 s on 100,000 `a`s and a `!`, and `[a-z]+-x` 10.4 s (an unanchored start times an
 *   unbounded quantifier: quadratic, whatever follows it);
 * - `[a-z]{0,100}[a-z]{0,100}[a-z]{0,100}!` took 5.7 s on 300 `a`s, and thirteen `a?` and a `!` 55 s
 *   on 1 MiB (bounded quantifiers that overlap multiply);
 * - `^[a-z]{0,100}:[a-z]{0,100}:[a-z]{0,100}!` took 0.1 ms: a quantifier followed by a character it
 *   cannot take (`:`) has one count that can go on, so it multiplies nothing after it.
 * The estimate is a polynomial in the text's length: its degree, and a coefficient from the bounded
 * quantifiers. A pattern past `MOST_LINEAR_COEFFICIENT` times linear, or past `MOST_BOUNDED_WAYS`
 * ways where it has no factor of the text, may backtrack (`mayBacktrack`).
 */

/** What reading a pattern found and knows: a repeated group that may split a text many ways; whether lookarounds' tails run at their least; the groups backreferences read. */
interface Reading {
  repeatsChoices: boolean;
  readonly lookaroundTailsAtLeast: boolean;
  readonly captures: Captures;
  /**
   * Read for a start past the text's first character, where a `^` fails at once: what comes after one
   * is never tried (`(?!^[0-9]+$)[a-z0-9]+` runs its lookahead's body at the first start only).
   */
  readonly laterStart: boolean;
}

/** The capturing groups of a pattern, by number and by name, and the most characters each may capture (`Infinity` where unbounded). */
interface Captures {
  readonly byNumber: ReadonlyMap<number, GroupPart>;
  readonly byName: ReadonlyMap<string, GroupPart>;
  longest(group: GroupPart): number;
}

/** A cost: `coefficient` times the text's length to the `degree`. */
interface Cost {
  readonly degree: number;
  readonly coefficient: number;
}

const ONE: Cost = { degree: 0, coefficient: 1 };
const TEXT_LENGTH: Cost = { degree: 1, coefficient: 1 };

/** How many times linear a pattern may be and stay on RegExp (`^\w+[a-z]{0,4}!`: 35 ms on 1 MiB; `{0,8}`: 59 ms). */
const MOST_LINEAR_COEFFICIENT = 4;
/** How many ways bounded quantifiers may split a text where nothing else is a factor of its length (`^[a-z]{0,100}[a-z]{0,100}[a-z]{0,100}!`: 1,030,301 ways, 37 ms). */
const MOST_BOUNDED_WAYS = 1_000_000;

/**
 * Whether JavaScript's RegExp could take more than a few times linear time on `pattern`: a repeated
 * group holding a quantifier or an alternation, or a cost past the bounds above. A pattern it cannot
 * read is taken to.
 */
export function mayBacktrack(pattern: string): boolean {
  return deepEnough(() => backtrackingRead(pattern), true);
}

function backtrackingRead(pattern: string): boolean {
  const branches = partsOf(pattern);
  if (branches === undefined) return true;
  const reading: Reading = { repeatsChoices: false, lookaroundTailsAtLeast: !hasBackreference(pattern), captures: capturesOf(branches), laterStart: false };
  const anchored = branches.every(branch => anchoredAtStart(branch));
  let cost = alternativesCost(branches, true, reading);
  // Unanchored, RegExp tries the pattern at each start: the first as read, every later one with its `^`s failing.
  if (!anchored) cost = larger(cost, times(alternativesCost(branches, true, { ...reading, laterStart: true }), TEXT_LENGTH));
  if (reading.repeatsChoices || cost.degree >= 2) return true;
  // RE2JS takes time in the text's length times its program's size, which a count copies its atom into:
  // `[a-z]{0,255}$` took 5.6 s on 100,000 characters there, 1 ms on RegExp. No faster there, it stays;
  // unless RE2 cannot be given its counts at all (past MOST_REWRITTEN_COUNT): `[a-z]{0,999999}-` would
  // stay on RegExp, quadratic on any text a body holds, where it is now refused.
  return cost.coefficient > Math.max(cost.degree === 1 ? MOST_LINEAR_COEFFICIENT : MOST_BOUNDED_WAYS, re2ProgramSizeOf(branches));
}

/**
 * About how many instructions RE2 makes of the parts: one each, a count's atom once per count it may
 * take; 0 where a count is past what RE2 is given (`MOST_REWRITTEN_COUNT`), and it makes none.
 */
function re2ProgramSizeOf(branches: Part[][]): number {
  let size = 0;
  /** Adds the parts' instructions, and says whether RE2 could be given every count among them. */
  const visit = (parts: Part[], copies: number): boolean => {
    for (const part of parts) {
      const quantifier = part.quantifier;
      if (quantifier !== undefined && pastRe2Counts(quantifier.least, quantifier.most)) return false;
      const most = quantifier === undefined ? 1 : quantifier.most === Infinity ? Math.max(1, quantifier.least) : quantifier.most;
      size += copies * most;
      if (part.kind === 'group' && !part.branches.every(branch => visit(branch, copies * most))) return false;
    }
    return true;
  };
  return branches.every(branch => visit(branch, 1)) ? size : 0;
}

/**
 * `pattern` with the last quantifier of each lookahead's branches at its least count:
 * `(?![_-]{2,})` as `(?![_-]{2})`. A lookahead only asks whether its body matches here, and a
 * body ending in `X{m,n}` matches exactly when it does with `X{m}`, so every text gets the same
 * verdict; but RegExp runs a greedy `{2,}` to the end of its run each time it tries the lookaround,
 * quadratic where a repeated group holds it (Linode's usernames,
 * `^[a-zA-Z0-9]((?![_-]{2,})[a-zA-Z0-9-_])+[a-zA-Z0-9]$`). Not where a backreference could read what
 * the body captured, nor in a lookbehind (its free end is its first part, not its last). The
 * pattern itself where nothing changes.
 */
export function withLookaroundTailsAtLeast(pattern: string): string {
  return deepEnough(() => lookaheadTailsAtLeast(pattern), pattern);
}

function lookaheadTailsAtLeast(pattern: string): string {
  if (!pattern.includes('(?') || hasBackreference(pattern)) return pattern;
  const branches = partsOf(pattern);
  if (branches === undefined) return pattern;
  const tails: Quantifier[] = [];
  // The tail of a sequence nothing follows: its last quantifier, or, in a last group without one, each branch's tail.
  const atLeast = (parts: Part[]): void => {
    const last = parts.at(-1);
    if (last?.quantifier !== undefined) {
      if (last.quantifier.most !== last.quantifier.least) tails.push(last.quantifier);
    } else if (last?.kind === 'group' && !last.lookaround) for (const branch of last.branches) atLeast(branch);
  };
  const visit = (parts: Part[]): void => {
    for (const part of parts) {
      if (part.kind !== 'group') continue;
      for (const branch of part.branches) {
        visit(branch);
        if (part.lookaround && !part.behind) atLeast(branch);
      }
    }
  };
  for (const branch of branches) visit(branch);
  return withEdits(pattern, tails.map(({ start, end, least }) => ({ start, end, text: `{${least}}` })));
}

/**
 * Whether a sequence can match only at the text's start: it begins with `^`, or with a group whose
 * every branch does, after lookarounds that can hold only there (`(?!^[.-])^[a-z]+$`).
 */
function anchoredAtStart(parts: Part[]): boolean {
  for (const part of parts) {
    if (part.kind === 'assertion') return part.source === '^';
    // A group anchors only where it must match: `(?:^)?` does not.
    if (part.kind !== 'group' || (part.quantifier !== undefined && part.quantifier.least === 0)) return false;
    const anchored = part.branches.every(branch => anchoredAtStart(branch));
    if (!part.lookaround || !anchored) return anchored;
  }
  return false;
}

/**
 * `pattern` as RE2 must be given it to allow the texts JavaScript's RegExp (flag `u`) allows, or
 * undefined where that cannot be written. RE2 reads some of JavaScript's syntax otherwise:
 * - `.` takes `\r`, U+2028 and U+2029 in RE2, not in JavaScript: written as the class JavaScript means;
 * - `\s` is `[\t\n\f\r ]` in RE2, Unicode's spaces too in JavaScript (U+00A0, U+FEFF, …): written out,
 *   `\S` as the class's complement (`[\s\S]` as any character; inside another class, not written);
 * - `\uXXXX` and `\u{…}` are `\x{…}` (a surrogate pair one code point; a lone surrogate not written);
 * - a count past 1,000 is refused: written as counts within it (`.{0,1023}` as `.{0,1000}.{0,23}`,
 *   the same texts; AWS's ARNs have `[^/].{0,1023}`), up to `MOST_REWRITTEN_COUNT`;
 * - named groups are unnamed (a copy would name one twice; RE2 runs no backreference anyway).
 */
export function writtenForRe2(pattern: string): string | undefined {
  return deepEnough(() => re2Writing(pattern), undefined);
}

function re2Writing(pattern: string): string | undefined {
  const counted = withCountsWithin(pattern);
  if (counted === null) return undefined;
  return spelledForRe2(counted ?? pattern);
}

/** JavaScript's `\s` with flag `u`, as the members of an RE2 class. */
const JAVASCRIPT_SPACES = '\\t\\n\\x{0B}\\f\\r \\x{A0}\\x{1680}\\x{2000}-\\x{200A}\\x{2028}\\x{2029}\\x{202F}\\x{205F}\\x{3000}\\x{FEFF}';
/** JavaScript's `.` without flag `s`. */
const JAVASCRIPT_DOT = '[^\\n\\r\\x{2028}\\x{2029}]';
const ANY_CHARACTER = '[\\x{0}-\\x{10FFFF}]';

function spelledForRe2(pattern: string): string | undefined {
  let written = '';
  let inClass = false;
  for (let index = 0; index < pattern.length; index += 1) {
    const character = pattern[index] as string;
    if (character === '\\') {
      const code = /^\\u(?:\{([0-9A-Fa-f]+)\}|([0-9A-Fa-f]{4}))/.exec(pattern.slice(index, index + 16));
      if (code !== null) {
        let value = Number.parseInt(code[1] ?? code[2] ?? '', 16);
        let length = code[0].length;
        const low = /^\\u([Dd][C-Fc-f][0-9A-Fa-f]{2})/.exec(pattern.slice(index + length, index + length + 6));
        if (code[2] !== undefined && value >= 0xd800 && value <= 0xdbff && low !== null) {
          value = 0x10000 + ((value - 0xd800) << 10) + (Number.parseInt(low[1] ?? '', 16) - 0xdc00);
          length += 6;
        }
        if (value >= 0xd800 && value <= 0xdfff) return undefined;
        written += `\\x{${value.toString(16)}}`;
        index += length - 1;
        continue;
      }
      const escaped = pattern[index + 1] ?? '';
      index += 1;
      if (escaped === 's') written += inClass ? JAVASCRIPT_SPACES : `[${JAVASCRIPT_SPACES}]`;
      else if (escaped === 'S' && !inClass) written += `[^${JAVASCRIPT_SPACES}]`;
      else if (escaped === 'S') return undefined;
      else written += `\\${escaped}`;
      continue;
    }
    if (inClass) {
      if (character === ']') inClass = false;
      written += character;
      continue;
    }
    const anything = ['[\\s\\S]', '[\\S\\s]', '[^]'].find(spelling => pattern.startsWith(spelling, index));
    if (anything !== undefined) {
      written += ANY_CHARACTER;
      index += anything.length - 1;
    } else if (pattern.startsWith('[\\S]', index)) {
      written += `[^${JAVASCRIPT_SPACES}]`;
      index += 3;
    } else if (character === '(' && groupOpeningAt(pattern, index).name !== undefined) {
      written += '(?:';
      index = pattern.indexOf('>', index);
    } else if (character === '[') {
      // `[]` takes nothing in JavaScript; RE2 reads `]` first in a class as a member.
      if (pattern[index + 1] === ']') return undefined;
      inClass = true;
      written += character;
    } else written += character === '.' ? JAVASCRIPT_DOT : character;
  }
  return written;
}

/** `pattern` with its counts past 1,000 written within it; undefined where there is none, null where one cannot be (or the pattern is not read). */
function withCountsWithin(pattern: string): string | undefined | null {
  const branches = partsOf(pattern);
  // A pattern this reading does not follow is not given to RE2 either.
  if (branches === undefined) return null;
  const rewrites: { start: number; end: number; text: string }[] = [];
  const visit = (parts: Part[]): void => {
    for (const part of parts) {
      const { quantifier } = part;
      if (quantifier !== undefined && (quantifier.least > RE2_MOST_COUNT || (quantifier.most > RE2_MOST_COUNT && quantifier.most !== Infinity))) {
        // Copies of a group keep what is inside as written: RE2 refuses a count past 1,000 there still.
        rewrites.push({ start: part.start, end: quantifier.end, text: countsWithin(pattern.slice(part.start, quantifier.start), quantifier.least, quantifier.most) });
      } else if (part.kind === 'group') for (const branch of part.branches) visit(branch);
    }
  };
  for (const branch of branches) visit(branch);
  if (rewrites.length === 0) return undefined;
  if (rewrites.some(({ text }) => text === '')) return null;
  return withEdits(pattern, rewrites);
}

/** `text` with each edit's span replaced, in one pass (a 600 KB pattern of 100,000 edits took 65 s edited one at a time). */
function withEdits(text: string, edits: readonly { start: number; end: number; text: string }[]): string {
  const pieces: string[] = [];
  let at = 0;
  for (const edit of [...edits].sort((left, right) => left.start - right.start)) {
    pieces.push(text.slice(at, edit.start), edit.text);
    at = edit.end;
  }
  pieces.push(text.slice(at));
  return pieces.join('');
}

const RE2_MOST_COUNT = 1_000;
/** The largest count `withCountsForRe2` writes out (RE2JS compiled 11,000 copies of `.` in 95 ms). */
const MOST_REWRITTEN_COUNT = 10_000;

/** Whether a count `{least,most}` writes a number past what RE2 is given (`MOST_REWRITTEN_COUNT`; `{20000,}` does). */
function pastRe2Counts(least: number, most: number): boolean {
  return Math.max(least, most === Infinity ? least : most) > MOST_REWRITTEN_COUNT;
}

/** `atom{least,most}` as copies with counts of at most 1,000 each, or '' past `MOST_REWRITTEN_COUNT`. */
function countsWithin(atom: string, least: number, most: number): string {
  if (pastRe2Counts(least, most)) return '';
  const copies: string[] = [];
  let [left, right] = [least, most];
  while (left > RE2_MOST_COUNT || (right !== Infinity && right > RE2_MOST_COUNT)) {
    const takeLeast = Math.min(left, RE2_MOST_COUNT);
    const takeMost = right === Infinity ? takeLeast : RE2_MOST_COUNT;
    copies.push(`(?:${atom}){${takeLeast},${takeMost}}`);
    left -= takeLeast;
    right -= takeMost;
  }
  copies.push(`(?:${atom}){${left},${right === Infinity ? '' : right}}`);
  return copies.join('');
}

/** The most a set of alternatives costs: the dearest, once for each (each is tried). */
function alternativesCost(branches: Part[][], trailing: boolean, reading: Reading): Cost {
  let dearest = ONE;
  for (const branch of branches) dearest = larger(dearest, sequenceCost(branch, trailing, reading));
  // Alternatives whose first characters no two share: at a start, one at most takes its first, the rest fail at once.
  if (startsApart(branches)) return dearest;
  return { degree: dearest.degree, coefficient: dearest.coefficient * branches.length };
}

/** Whether each of the alternatives must take a first character, and no two may take the same (`0[1-9]|1[0-2]`). */
function startsApart(branches: Part[][]): boolean {
  if (branches.length < 2) return false;
  const firsts: Characters[] = [];
  for (const branch of branches) {
    const first = firstCharactersOf(branch);
    if (first === undefined || firsts.some(other => !disjoint(other, first))) return false;
    firsts.push(first);
  }
  return true;
}

/** The characters a sequence's first part takes, where it must take one (no assertion, lookaround or backreference first); undefined otherwise. */
function firstCharactersOf(parts: Part[]): Characters | undefined {
  const first = parts[0];
  if (first === undefined || (first.quantifier !== undefined && first.quantifier.least === 0)) return undefined;
  if (first.kind === 'character') return isBackreference(first.source) ? undefined : charactersOf(first.source);
  if (first.kind !== 'group' || first.lookaround) return undefined;
  let union: Characters = { ascii: 0n, beyondAscii: false };
  for (const branch of first.branches) {
    const taken = firstCharactersOf(branch);
    if (taken === undefined) return undefined;
    union = { ascii: union.ascii | taken.ascii, beyondAscii: union.beyondAscii || taken.beyondAscii };
  }
  return union;
}

/**
 * A sequence's cost: the dearest part, each part's work times the ways the parts before it may have
 * reached it (each way runs it again). A quantified character followed by a character it cannot take
 * adds no ways (only its longest count goes on), nor does a lookaround (atomic in JavaScript), but
 * the ways before them carry on: `^\d{0,10}\d{0,10}-\w+!` runs `\w+` once per split of the digits.
 * `trailing`: nothing follows the sequence in the whole pattern, so its last quantifier is never
 * tried at another count: once it has matched, the pattern has. So too in a lookahead, as RegExp
 * runs it: its last quantifier at its least count (withLookaroundTailsAtLeast), where a greedy one
 * would run to the end of its run at each position RegExp tries it.
 */
function sequenceCost(written: Part[], trailing: boolean, reading: Reading): Cost {
  const parts = inline(written);
  let ways = ONE;
  let dearest = ONE;
  for (const [index, part] of parts.entries()) {
    // A `^` fails at any start but the first: nothing after it is tried.
    if (reading.laterStart && part.kind === 'assertion' && part.source === '^' && part.quantifier === undefined) break;
    const last = trailing && index === parts.length - 1;
    const work = partCost(part, last, reading);
    dearest = larger(dearest, times(ways, larger(work, walkOf(part, last))));
    // A backreference matches one way for each count: what it captured, or nothing.
    if (!addsNoWays(part, parts[index + 1])) ways = times(ways, backreferenceLength(part, reading.captures) === undefined ? work : countsOf(part, last));
    // A lookahead that must hold, and holds only at the first start: nothing after it is tried at a later one.
    if (reading.laterStart && part.kind === 'group' && part.lookaround && !part.behind && !part.negated && part.quantifier === undefined && part.branches.every(branch => anchoredAtStart(branch))) break;
  }
  return dearest;
}

/**
 * The parts with each group that neither repeats nor has alternatives written in place of it, as
 * RegExp runs it (a group that captures only names what it took): `^([a-z]+)-\1$` is `[a-z]+`
 * before a `-` it cannot take, one way to reach the `-`, not a group's many.
 */
function inline(parts: Part[]): Part[] {
  if (!parts.some(isPlainGroup)) return parts;
  return parts.flatMap(part => (isPlainGroup(part) ? inline(part.branches[0] as Part[]) : [part]));
}

function isPlainGroup(part: Part): part is GroupPart {
  return part.kind === 'group' && !part.lookaround && part.quantifier === undefined && part.branches.length === 1;
}

/**
 * How many characters a count past RE2's reach may walk each time it is tried, one way though it is:
 * up to its most (`[a-z]{20000}-` walks 20,000 letters at each start before the `-` fails: 47 s on
 * 256 KiB), or up to its least where nothing follows it (past that it has matched). A count within
 * RE2's reach walks no more than its copies in RE2's program, which the verdict allows (RE2JS is no
 * faster on it: `[a-z]{1000}-` took 1.3 s on 256 KiB on RegExp, and stays).
 */
function walkOf(part: Part, last: boolean): Cost {
  if (part.quantifier === undefined || !pastRe2Counts(part.quantifier.least, part.quantifier.most)) return ONE;
  const walked = last ? part.quantifier.least : part.quantifier.most;
  return walked === Infinity || walked > MOST_BOUNDED_WAYS ? TEXT_LENGTH : { degree: 0, coefficient: Math.max(1, walked) };
}

/** The counts a part may be tried at: one where it has no quantifier, or ends the pattern (it stops at its least). */
function countsOf(part: Part, last: boolean): Cost {
  return part.quantifier === undefined || last ? ONE : countsCost(part.quantifier);
}

function partCost(part: Part, last: boolean, reading: Reading): Cost {
  const counts = countsOf(part, last);
  // A backreference compares what its group captured, each time it is tried: as long as the group may take
  // (`^(\w+)\1$` took 1.8 s on 131,072 characters, each split of `\w+` comparing the rest).
  const compared = backreferenceLength(part, reading.captures);
  if (compared !== undefined) return times(counts, lengthCost(compared));
  if (part.kind !== 'group') return counts;
  // A lookahead's last quantifier runs at its least count (withLookaroundTailsAtLeast), where no backreference reads its captures.
  const trailing = part.lookaround ? !part.behind && reading.lookaroundTailsAtLeast : last && part.quantifier === undefined;
  // A lookbehind reads back from where it is tried, as far as the text's first character, where a `^` holds.
  const within: Reading = part.behind && reading.laterStart ? { ...reading, laterStart: false } : reading;
  const once = alternativesCost(part.branches, trailing, within);
  if (within.repeatsChoices) reading.repeatsChoices = true;
  // A repeated group that may split a text more than one way (a `?`, a count, alternatives at any depth): each
  // turn multiplies the ways. Unbounded, or past MOST_BOUNDED_WAYS, that is exponential (`^(?:aa?)*!`: 2.2 s on
  // 36 `a`s); a few turns of a few ways are a bound (an IPv4 address's `(?:25[0-5]|…)\.){3}`).
  const { quantifier } = part;
  if (quantifier !== undefined && quantifier.most > 1 && (part.branches.length > 1 || part.branches.some(holdsRepeat))) {
    const turns = once.degree === 0 && quantifier.most !== Infinity ? once.coefficient ** quantifier.most : Infinity;
    if (turns > MOST_BOUNDED_WAYS) reading.repeatsChoices = true;
    else return { degree: 0, coefficient: Math.max(1, turns) };
  }
  return times(once, counts);
}

/**
 * Whether a sequence holds a quantifier that repeats or may be left out (a `?`), or alternatives at any
 * depth, so that a repeated group around it may split a text more than one way. A lookaround's body does
 * not count: it takes no character, so it gives the group no second way (what it costs each turn is
 * counted in partCost).
 */
function holdsRepeat(parts: Part[]): boolean {
  return parts.some(
    part =>
      (part.quantifier !== undefined && (part.quantifier.most > 1 || part.quantifier.most !== part.quantifier.least)) ||
      (part.kind === 'group' && !part.lookaround && (part.branches.length > 1 || part.branches.some(holdsRepeat))),
  );
}

function countsCost({ least, most }: Quantifier): Cost {
  if (most === Infinity || most - least + 1 > MOST_BOUNDED_WAYS) return TEXT_LENGTH;
  return { degree: 0, coefficient: most - least + 1 };
}

/**
 * The most characters a backreference (`\1`, `\k<name>`) compares, where `part` is one: as many as
 * its group may capture; any number where no group is read under its number or name.
 */
function backreferenceLength(part: Part, captures: Captures): number | undefined {
  if (part.kind !== 'character' || !part.source.startsWith('\\')) return undefined;
  const numbered = /^\\([1-9]\d*)$/.exec(part.source);
  const named = /^\\k<([^>]*)>$/.exec(part.source);
  if (numbered === null && named === null) return undefined;
  const group = numbered === null ? captures.byName.get(groupNameOf(named?.[1] ?? '')) : captures.byNumber.get(Number(numbered[1]));
  return group === undefined ? Infinity : captures.longest(group);
}

/** A length as a cost: a factor of the text's where unbounded. */
function lengthCost(length: number): Cost {
  if (length === Infinity || length > MOST_BOUNDED_WAYS) return TEXT_LENGTH;
  return { degree: 0, coefficient: Math.max(1, length) };
}

/**
 * The capturing groups of the pattern's branches, numbered as RegExp numbers them (by where they
 * open), and how long a text each may capture.
 */
function capturesOf(branches: Part[][]): Captures {
  const groups: GroupPart[] = [];
  const visit = (parts: Part[]): void => {
    for (const part of parts) {
      if (part.kind !== 'group') continue;
      if (part.capture !== undefined) groups.push(part);
      for (const branch of part.branches) visit(branch);
    }
  };
  for (const branch of branches) visit(branch);
  const captures: Captures = {
    byNumber: new Map(groups.map(group => [group.capture as number, group])),
    byName: new Map(groups.filter(group => group.name !== undefined).map(group => [group.name as string, group])),
    longest: group => longestOf(group),
  };
  // Each group's length is read once (a backreference's group may hold backreferences in turn), and one that holds
  // a backreference to itself, or to a group holding it, may capture any length.
  const known = new Map<GroupPart, number>();
  const longestOf = (group: GroupPart): number => {
    const length = known.get(group);
    if (length !== undefined) return length;
    known.set(group, Infinity);
    const found = longestText([group]);
    known.set(group, found);
    return found;
  };
  const longestText = (parts: readonly Part[]): number => {
    let total = 0;
    for (const part of parts) {
      let one = 0;
      if (part.kind === 'character') {
        one = backreferenceLength(part, captures) ?? 1;
      } else if (part.kind === 'group' && !part.lookaround) {
        for (const branch of part.branches) one = Math.max(one, longestText(branch));
      }
      const most = part.quantifier?.most ?? 1;
      total += one === 0 || most === 0 ? 0 : one * most;
    }
    return total;
  };
  return captures;
}

function addsNoWays(part: Part, next: Part | undefined): boolean {
  if (part.kind === 'group') return part.lookaround;
  if (part.kind !== 'character' || part.quantifier === undefined || next?.kind !== 'character') return false;
  if (next.quantifier !== undefined && next.quantifier.least === 0) return false;
  return disjoint(charactersOf(part.source), charactersOf(next.source));
}

function times(left: Cost, right: Cost): Cost {
  return { degree: left.degree + right.degree, coefficient: left.coefficient * right.coefficient };
}

function larger(left: Cost, right: Cost): Cost {
  if (left.degree !== right.degree) return left.degree > right.degree ? left : right;
  return left.coefficient >= right.coefficient ? left : right;
}

/** Which ASCII characters one character of a pattern takes, and whether it may take others. */
interface Characters {
  readonly ascii: bigint;
  readonly beyondAscii: boolean;
}

const charactersBySource = new Map<string, Characters>();
const EVERY_CHARACTER: Characters = { ascii: (1n << 128n) - 1n, beyondAscii: true };

function disjoint(left: Characters, right: Characters): boolean {
  return !(left.beyondAscii && right.beyondAscii) && (left.ascii & right.ascii) === 0n;
}

/** The characters `source` takes, read by RegExp itself on each ASCII character. */
function charactersOf(source: string): Characters {
  const known = charactersBySource.get(source);
  if (known !== undefined) return known;
  let characters = EVERY_CHARACTER;
  try {
    const expression = new RegExp(`^(?:${source})$`, 'u');
    let ascii = 0n;
    for (let code = 0; code < 128; code += 1) if (expression.test(String.fromCharCode(code))) ascii |= 1n << BigInt(code);
    // Anything that names characters by code, by property or by what they are not, or a non-ASCII letter, may take more.
    const beyondAscii = source === '.' || source.startsWith('[^') || /[^\0-\x7f]|\\[pPuxcsSWD]/.test(source);
    characters = { ascii, beyondAscii };
  } catch {
    // A backreference, or a class RegExp reads only in context: it may take anything.
  }
  if (charactersBySource.size < 10_000) charactersBySource.set(source, characters);
  return characters;
}
