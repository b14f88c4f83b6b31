/**
 * Patterns as JavaScript reads them. OpenAPI says a `pattern` is ECMA-262, but documents are written
 * by generators in other languages, and carry their dialects: Django REST framework's `^[-\w]+\z`
 * (Python's end of text), PCRE's `\A`, Python's `(?P<name>…)`, and escapes a Unicode-mode RegExp
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
