/**
 * Patterns as JavaScript reads them. OpenAPI says a `pattern` is ECMA-262, but documents are written
 * by generators in other languages, and carry their dialects: Django REST framework's `^[-\w]+\z`
 * (Python's end of text), PCRE's `\A`, Python's `(?P<name>…)`, Java's classes (`\p{Alnum}`, AWS's documents),
 * and escapes a Unicode-mode RegExp
 * refuses (`\_`, `\ `, `[\w-.]`), which Ajv compiles every pattern as. Ajv cannot compile a schema
 * holding one, and Prism then validates nothing of it: any body is taken and stored, and every
 * answer passes. Each is read as its authors meant it, where that is plain.
 */

/** The pattern JavaScript reads with the `u` flag, and what was changed; or why it cannot be read. */
export type ReadPattern = { readonly pattern: string; readonly changes: readonly string[] } | { readonly unreadable: string };

/** Escapes a Unicode-mode RegExp takes outside a character class (`\1` … `\9` are backreferences). */
const ESCAPES_OUTSIDE = '^$\\.*+?()[]{}|/dDwWsSbBfnrtvcxukpP0123456789';
/** Escapes a Unicode-mode RegExp takes inside a character class. */
const ESCAPES_INSIDE = '^$\\.*+?()[]{}|/-dDwWsSbfnrtvcxupP0';
/** Class escapes: a range may not start or end at one in Unicode mode (`[\w-.]`). */
const CLASS_ESCAPES = 'dDwWsSpP';

/**
 * Java's POSIX classes, which it reads as US-ASCII only (java.util.regex.Pattern), as the characters a
 * JavaScript class takes; and `\p{all}`, any character.
 */
const JAVA_CLASSES: ReadonlyMap<string, string> = new Map([
  ['Lower', 'a-z'],
  ['Upper', 'A-Z'],
  ['ASCII', '\\x00-\\x7F'],
  ['Alpha', 'a-zA-Z'],
  ['Digit', '0-9'],
  ['Alnum', 'a-zA-Z0-9'],
  ['Punct', '!-\\/:-@\\[-`{-~'],
  ['Graph', '!-~'],
  ['Print', ' -~'],
  ['Blank', ' \\t'],
  ['Cntrl', '\\x00-\\x1F\\x7F'],
  ['XDigit', '0-9a-fA-F'],
  ['Space', ' \\t\\n\\x0B\\f\\r'],
  ['all', '\\s\\S'],
]);

/** Java's binary properties by their `Is` names (`\p{IsLetter}`), as JavaScript's Unicode properties. */
const JAVA_BINARY_PROPERTIES: ReadonlyMap<string, string> = new Map([
  ['IsLetter', 'L'],
  ['IsDigit', 'Nd'],
  ['IsAlphabetic', 'Alphabetic'],
  ['IsPunctuation', 'P'],
  ['IsUppercase', 'Uppercase'],
  ['IsLowercase', 'Lowercase'],
  ['IsWhite_Space', 'White_Space'],
  ['IsWhiteSpace', 'White_Space'],
  ['IsControl', 'Cc'],
  ['IsIdeographic', 'Ideographic'],
]);

/**
 * A `\p{name}` (or `\P{name}`) JavaScript does not know, as what Java means by it: `[a-zA-Z0-9]` for
 * `\p{Alnum}` (in a class, its characters), `\p{L}` for `\p{IsLetter}`, `\p{Script=Han}` for `\p{Han}`;
 * undefined where it means nothing known, or is a negated POSIX class inside a class (no way to write it).
 */
function javaClass(name: string, negated: boolean, inClass: boolean): string | undefined {
  const escape = negated ? 'P' : 'p';
  const characters = JAVA_CLASSES.get(name);
  if (characters !== undefined) {
    if (inClass) return negated ? undefined : characters;
    return `[${negated ? '^' : ''}${characters}]`;
  }
  const property = JAVA_BINARY_PROPERTIES.get(name);
  if (property !== undefined) return `\\${escape}{${property}}`;
  const script = name.replace(/^Is/, '');
  return compiles(`\\p{Script=${script}}`) ? `\\${escape}{Script=${script}}` : undefined;
}

export function readPattern(pattern: string): ReadPattern {
  if (compiles(pattern)) return { pattern, changes: [] };
  const changes = new Set<string>();
  let read = '';
  let inClass = false;
  /** Whether the last thing written in the class was a class escape (`\w`): a `-` after it is a hyphen. */
  let afterClassEscape = false;
  for (let index = 0; index < pattern.length; index += 1) {
    const character = pattern[index] as string;
    if (character === '\\') {
      const next = pattern[index + 1];
      index += 1;
      if (next === undefined) return { unreadable: 'it ends in a lone \\' };
      if (!inClass && (next === 'A' || next === 'z' || next === 'Z')) {
        read += next === 'A' ? '^' : '$';
        changes.add(`\\${next} as ${next === 'A' ? '^' : '$'}`);
        continue;
      }
      const named = (next === 'p' || next === 'P') && pattern[index + 1] === '{' ? /^\{([A-Za-z_]+)\}/.exec(pattern.slice(index + 1)) : null;
      // A POSIX class even where JavaScript knows the name (`\p{Alpha}`, Unicode's there): the pattern is Java's.
      const javaName = named?.[1] ?? '';
      const java = named !== null && (JAVA_CLASSES.has(javaName) || !compiles(`\\p{${javaName}}`)) ? javaClass(javaName, next === 'P', inClass) : undefined;
      if (named !== null && java !== undefined) {
        read += java;
        changes.add(`\\${next}${named[0]} as Java's ${inClass && JAVA_CLASSES.has(javaName) ? `[${java}]` : java}`);
        index += named[0].length;
        afterClassEscape = inClass;
        continue;
      }
      const allowed = inClass ? ESCAPES_INSIDE : ESCAPES_OUTSIDE;
      if (!allowed.includes(next)) {
        // An escaped character with no meaning of its own is the character (`\_`, `\ `, `\#`), as RegExp without `u` reads it.
        read += next;
        changes.add(`\\${next} as ${next}`);
        afterClassEscape = false;
        continue;
      }
      read += `\\${next}`;
      afterClassEscape = inClass && CLASS_ESCAPES.includes(next);
      if (inClass && (next === 'p' || next === 'P') && pattern[index + 1] === '{') {
        const end = pattern.indexOf('}', index);
        if (end !== -1) {
          read += pattern.slice(index + 1, end + 1);
          index = end;
        }
      }
      continue;
    }
    if (inClass) {
      if (character === ']') inClass = false;
      else if (character === '-' && pattern[index + 1] !== ']' && !/\[\^?$/.test(read) && (afterClassEscape || (pattern[index + 1] === '\\' && pattern[index + 2] !== undefined && CLASS_ESCAPES.includes(pattern[index + 2] as string)))) {
        // `[\w-.]`: a range cannot end or start at a class, so the `-` is a hyphen, as RegExp without `u` reads it.
        read += '\\-';
        changes.add('a - beside a class escape as a hyphen');
        afterClassEscape = false;
        continue;
      }
      read += character;
      afterClassEscape = false;
      continue;
    }
    if (character === '[') {
      inClass = true;
      read += character;
      // A leading `^` and a `]` first in the class are the class's own.
      if (pattern[index + 1] === '^') read += pattern[(index += 1)] ?? '';
      if (pattern[index + 1] === ']') read += pattern[(index += 1)] ?? '';
      afterClassEscape = false;
      continue;
    }
    if (character === '(' && pattern.startsWith('(?P<', index)) {
      read += '(?<';
      index += 3;
      changes.add('(?P<name> as (?<name>');
      continue;
    }
    if (character === '(' && pattern.startsWith('(?P=', index)) {
      const end = pattern.indexOf(')', index);
      if (end === -1) return { unreadable: 'it has an unclosed (?P=' };
      read += `\\k<${pattern.slice(index + 4, end)}>`;
      index = end;
      changes.add('(?P=name) as \\k<name>');
      continue;
    }
    read += character;
  }
  const error = compileError(read);
  if (error !== undefined) return { unreadable: error };
  return { pattern: read, changes: [...changes] };
}

function compiles(pattern: string): boolean {
  return compileError(pattern) === undefined;
}

function compileError(pattern: string): string | undefined {
  try {
    new RegExp(pattern, 'u');
    return undefined;
  } catch (error) {
    return (error as Error).message.replace(/^Invalid regular expression: /, '');
  }
}
