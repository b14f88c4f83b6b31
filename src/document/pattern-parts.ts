/**
 * A pattern's syntax as the readings of patterns need it (pattern-cost.ts prices it, pattern-automaton.ts
 * runs it): its alternatives as sequences of parts, each a character, a group or an assertion, with
 * its quantifier. It follows JavaScript's syntax with flag `u`; a pattern RegExp refuses may be read
 * some way, so a reader that must be exact checks the pattern with RegExp first.
 */

/** A quantifier as written: where it is, and the counts it allows (`most` is `Infinity` when unbounded). */
export interface Quantifier {
  readonly start: number;
  readonly end: number;
  readonly least: number;
  readonly most: number;
}

/** One part of a pattern's sequence, with where it is written. */
export type Part =
  /** One character: a literal, an escape, a class, `.`, or a backreference (which may be more). */
  | { readonly kind: 'character'; readonly source: string; readonly start: number; quantifier: Quantifier | undefined }
  /** `lookaround`: a lookahead or a lookbehind (`behind`), which takes no character, `negated` where it holds when its body does not; `capture`: the number a backreference reads it by, `name` its name. */
  | { readonly kind: 'group'; readonly branches: Part[][]; readonly lookaround: boolean; readonly behind: boolean; readonly negated: boolean; readonly capture: number | undefined; readonly name: string | undefined; readonly start: number; quantifier: Quantifier | undefined }
  /** `^`, `$`, `\b`, `\B`: they take no character. */
  | { readonly kind: 'assertion'; readonly source: string; readonly start: number; quantifier: Quantifier | undefined };

export type GroupPart = Extract<Part, { kind: 'group' }>;

/**
 * What `read` gives, or `otherwise` where the pattern nests so deep that reading it runs out of
 * stack (1,500 groups one in another): such a pattern is taken to backtrack, and is not rewritten.
 */
export function deepEnough<T>(read: () => T, otherwise: T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof RangeError) return otherwise;
    throw error;
  }
}

/**
 * A group's name as RegExp reads it, `\uXXXX` and `\u{…}` escapes read as their characters: `(?<\u0061>x)\k<a>`
 * is one name. The syntax of names JavaScript allows (`$`, letters beyond ASCII, escapes): `GROUP_NAME`.
 */
export function groupNameOf(written: string): string {
  return written.replace(/\\u\{([0-9A-Fa-f]+)\}|\\u([0-9A-Fa-f]{4})/g, (_escape, point: string | undefined, unit: string | undefined) =>
    point === undefined ? String.fromCharCode(Number.parseInt(unit ?? '', 16)) : String.fromCodePoint(Math.min(Number.parseInt(point, 16), 0x10ffff)),
  );
}

/** A group's name as JavaScript writes it (an IdentifierName: `$`, `_`, letters of any script, `\u` escapes). */
const GROUP_NAME = String.raw`(?:[$_\p{ID_Start}]|\\u[0-9A-Fa-f]{4}|\\u\{[0-9A-Fa-f]+\})(?:[$\u200C\u200D\p{ID_Continue}]|\\u[0-9A-Fa-f]{4}|\\u\{[0-9A-Fa-f]+\})*`;
/** What opens a group: `(`, `(?:`, a lookaround's, or a named group's `(?<name>`, however long its name (sticky). */
const GROUP_OPENING = new RegExp(String.raw`\((\?(?::|=|!|<=|<!|<(${GROUP_NAME})>))?`, 'uy');

/** The opening of the group at `index`: its kind (`?:`, `?<name>`, …; empty for a plain capture) and the name as written. */
export function groupOpeningAt(pattern: string, index: number): { kind: string; name: string | undefined } {
  GROUP_OPENING.lastIndex = index;
  const opening = GROUP_OPENING.exec(pattern);
  return { kind: opening?.[1] ?? '', name: opening?.[2] };
}

/** Whether a character part's source is a backreference (`\\1`, `\\k<name>`): it matches what its group took. */
export function isBackreference(source: string): boolean {
  return /^\\(?:[1-9]|k<)/.test(source);
}

/** Whether a pattern may hold a backreference (read from its text: `\\1` or `\\k<` anywhere). */
export function hasBackreference(pattern: string): boolean {
  return /\\[1-9]|\\k</.test(pattern);
}

/**
 * The pattern's top-level alternatives as sequences of parts, or undefined where it is not a
 * pattern this reading follows (an unclosed group or class).
 */
export function partsOf(pattern: string): Part[][] | undefined {
  interface Open { readonly branches: Part[][]; readonly lookaround: boolean; readonly behind: boolean; readonly negated: boolean; readonly capture: number | undefined; readonly name: string | undefined; readonly start: number }
  const stack: Open[] = [{ branches: [[]], lookaround: false, behind: false, negated: false, capture: undefined, name: undefined, start: 0 }];
  let captures = 0;
  const current = (): Part[] => {
    const open = stack[stack.length - 1] as Open;
    return open.branches[open.branches.length - 1] as Part[];
  };
  for (let index = 0; index < pattern.length; ) {
    const character = pattern[index] as string;
    const sequence = current();
    const previous = sequence[sequence.length - 1];
    const quantifier = previous !== undefined && previous.quantifier === undefined ? quantifierAt(pattern, index) : undefined;
    if (quantifier !== undefined && previous !== undefined) {
      previous.quantifier = quantifier;
      index = quantifier.end;
      continue;
    }
    if (character === '\\') {
      let end = escapeEnd(pattern, index);
      // `\uD83D\uDE00`, a surrogate pair written as two escapes, is one character with flag `u`.
      if (HIGH_SURROGATE_ESCAPE.test(pattern.slice(index, end)) && LOW_SURROGATE_ESCAPE.test(pattern.slice(end, end + 6))) end += 6;
      const source = pattern.slice(index, end);
      sequence.push(source === '\\b' || source === '\\B' ? { kind: 'assertion', source, start: index, quantifier: undefined } : { kind: 'character', source, start: index, quantifier: undefined });
      index = end;
    } else if (character === '[') {
      const end = classEnd(pattern, index);
      if (end === undefined) return undefined;
      sequence.push({ kind: 'character', source: pattern.slice(index, end), start: index, quantifier: undefined });
      index = end;
    } else if (character === '(') {
      // Deeper than any reading here follows on every Node's stack: not read (taken to backtrack, not given to RE2).
      if (stack.length > MOST_NESTED_GROUPS) return undefined;
      const { kind, name: written } = groupOpeningAt(pattern, index);
      const name = written === undefined ? undefined : groupNameOf(written);
      // RegExp numbers capturing groups, named or not, by where they open.
      const capturing = kind === '' || name !== undefined;
      stack.push({ branches: [[]], lookaround: /^\?<?[=!]$/.test(kind), behind: kind.startsWith('?<=') || kind.startsWith('?<!'), negated: kind === '?!' || kind === '?<!', capture: capturing ? ++captures : undefined, name, start: index });
      index += 1 + kind.length;
    } else if (character === ')') {
      const open = stack.pop();
      if (open === undefined || stack.length === 0) return undefined;
      current().push({ kind: 'group', branches: open.branches, lookaround: open.lookaround, behind: open.behind, negated: open.negated, capture: open.capture, name: open.name, start: open.start, quantifier: undefined });
      index += 1;
    } else if (character === '|') {
      (stack[stack.length - 1] as Open).branches.push([]);
      index += 1;
    } else {
      // A character beyond the Basic Multilingual Plane is one, as flag `u` reads it (`😀+` repeats both halves).
      const literal = String.fromCodePoint(pattern.codePointAt(index) as number);
      sequence.push(character === '^' || character === '$' ? { kind: 'assertion', source: character, start: index, quantifier: undefined } : { kind: 'character', source: literal, start: index, quantifier: undefined });
      index += literal.length;
    }
  }
  return stack.length === 1 ? (stack[0] as Open).branches : undefined;
}

/** Where the escape at `index` ends: `\p{…}`, `\u{…}`, `\uXXXX`, `\xXX`, `\cX`, `\k<name>`, or one character. */
function escapeEnd(pattern: string, index: number): number {
  ESCAPE.lastIndex = index;
  return index + (ESCAPE.exec(pattern)?.[0].length ?? 1);
}

const HIGH_SURROGATE_ESCAPE = /^\\u[dD][89abAB][0-9a-fA-F]{2}$/;
const LOW_SURROGATE_ESCAPE = /^\\u[dD][c-fC-F][0-9a-fA-F]{2}$/;

/** An escape, read where it starts (sticky), however long its name or digits. */
const ESCAPE = /\\(?:[pP]\{[^}]*\}|u\{[0-9A-Fa-f]+\}|u[0-9A-Fa-f]{4}|x[0-9A-Fa-f]{2}|c[A-Za-z]|k<[^>]*>|[1-9]\d*|[\s\S])/y;

/** Where the class opened at `index` ends (past its `]`), or undefined when it does not. */
function classEnd(pattern: string, index: number): number | undefined {
  for (let at = index + 1; at < pattern.length; at += 1) {
    if (pattern[at] === '\\') at += 1;
    else if (pattern[at] === ']') return at + 1;
  }
  return undefined;
}

/** The most groups one in another a pattern is read with (1,500 overflowed the stack of the reading on Node 20). */
const MOST_NESTED_GROUPS = 500;

/** A count, read where it starts (sticky): however many digits it has (`{0000000000000000000000000000000000000001,}` is `+`). */
const COUNT = /\{(\d+)(,(\d*))?\}/y;

/** The quantifier at `index` (`*`, `+`, `?`, `{n}`, `{n,}`, `{n,m}`, each maybe lazy), if one is there. */
function quantifierAt(pattern: string, index: number): Quantifier | undefined {
  const character = pattern[index];
  const lazy = (length: number): number => index + (pattern[index + length] === '?' ? length + 1 : length);
  if (character === '*') return { start: index, end: lazy(1), least: 0, most: Infinity };
  if (character === '+') return { start: index, end: lazy(1), least: 1, most: Infinity };
  if (character === '?') return { start: index, end: lazy(1), least: 0, most: 1 };
  if (character !== '{') return undefined;
  COUNT.lastIndex = index;
  const match = COUNT.exec(pattern);
  if (!match) return undefined;
  const least = Number(match[1]);
  const most = match[2] === undefined ? least : match[3] === '' ? Infinity : Number(match[3]);
  return { start: index, end: lazy(match[0].length), least, most };
}

/** The index of the `)` closing the group opened at `open` (past escapes and classes), or the pattern's last. */
export function groupEnd(source: string, open: number): number {
  let depth = 0;
  let inClass = false;
  for (let index = open; index < source.length; index += 1) {
    const char = source.charAt(index);
    if (char === '\\') index += 1;
    else if (inClass) inClass = char !== ']';
    else if (char === '[') inClass = true;
    else if (char === '(') depth += 1;
    else if (char === ')' && (depth -= 1) === 0) return index;
  }
  return source.length - 1;
}
