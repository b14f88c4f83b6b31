import type { RE2JS } from 're2js';

/**
 * The document's `pattern`s run where a client's text meets them (Prism's validator, through Ajv).
 * JavaScript's RegExp backtracks: `^(a+)+$` took 51 s on 33 `a`s and a `!`, holding every client.
 * A pattern that could backtrack so (a quantified group that holds a quantifier or an alternation,
 * or more than one unbounded quantifier) runs instead on RE2JS, a linear-time engine (RE2's
 * algorithm in plain JavaScript: no native build, the same in a page), which gives the same verdict
 * on every text for the patterns it reads. One it cannot read (a backreference, a lookaround: RE2
 * has neither) stays on RegExp. Every other pattern stays on RegExp: nothing changes for it.
 * RE2JS is loaded only for a document that has such a pattern.
 */

let re2: typeof RE2JS | undefined;

/** Whether JavaScript's RegExp could take exponential or high polynomial time on `pattern`. */
export function mayBacktrack(pattern: string): boolean {
  const groups: { quantified: boolean; alternation: boolean }[] = [{ quantified: false, alternation: false }];
  let unbounded = 0;
  let inClass = false;
  let closed: { quantified: boolean; alternation: boolean } | undefined;
  for (let index = 0; index < pattern.length; index += 1) {
    const character = pattern[index] as string;
    const current = groups[groups.length - 1] as (typeof groups)[number];
    if (character === '\\') {
      index += 1;
      closed = undefined;
      continue;
    }
    if (inClass) {
      if (character === ']') inClass = false;
      continue;
    }
    const quantifier = quantifierAt(pattern, index);
    if (quantifier !== undefined) {
      if (quantifier.unbounded) unbounded += 1;
      if (closed !== undefined && quantifier.repeats && (closed.quantified || closed.alternation)) return true;
      if (quantifier.repeats) current.quantified = true;
      index += quantifier.length - 1;
      closed = undefined;
      continue;
    }
    closed = undefined;
    if (character === '[') inClass = true;
    else if (character === '(') {
      groups.push({ quantified: false, alternation: false });
      // A group's kind (`(?:`, `(?=`, `(?<name>`) is no quantifier.
      const kind = /^\?(?::|=|!|<=|<!|<[A-Za-z_][\w]*>)/.exec(pattern.slice(index + 1));
      if (kind) index += kind[0].length;
    }
    else if (character === '|') current.alternation = true;
    else if (character === ')' && groups.length > 1) {
      closed = groups.pop();
      const outer = groups[groups.length - 1] as (typeof groups)[number];
      outer.quantified ||= closed?.quantified ?? false;
    }
  }
  return unbounded > 1;
}

/** The quantifier at `index` (`*`, `+`, `?`, `{n}`, `{n,}`, `{n,m}`, each maybe lazy), if one is there. */
function quantifierAt(pattern: string, index: number): { length: number; unbounded: boolean; repeats: boolean } | undefined {
  const character = pattern[index];
  const lazy = (length: number): number => (pattern[index + length] === '?' ? length + 1 : length);
  if (character === '*' || character === '+') return { length: lazy(1), unbounded: true, repeats: true };
  if (character === '?') return { length: lazy(1), unbounded: false, repeats: false };
  if (character !== '{') return undefined;
  const match = /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(index));
  if (!match) return undefined;
  const most = match[2] === undefined ? Number(match[1]) : match[3] === '' ? Infinity : Number(match[3]);
  return { length: lazy(match[0].length), unbounded: most === Infinity, repeats: most > 1 };
}

/** Every `pattern` (and `patternProperties` key) of a parsed document, without recursion. */
function patternsOf(source: unknown): string[] {
  const found: string[] = [];
  const stack: unknown[] = [source];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value !== 'object' || value === null) continue;
    if (Array.isArray(value)) {
      stack.push(...(value as unknown[]));
      continue;
    }
    const { pattern, patternProperties } = value as { pattern?: unknown; patternProperties?: unknown };
    if (typeof pattern === 'string') found.push(pattern);
    if (typeof patternProperties === 'object' && patternProperties !== null) found.push(...Object.keys(patternProperties));
    for (const [key, item] of Object.entries(value)) if (key !== 'example' && key !== 'examples' && key !== 'default' && key !== 'const') stack.push(item);
  }
  return found;
}

/** Loads RE2JS when the document has a pattern that may backtrack, so that `compilePattern` can use it (synchronously, as Ajv compiles). */
export async function preparePatterns(source: unknown): Promise<void> {
  if (re2 !== undefined || !patternsOf(source).some(mayBacktrack)) return;
  ({ RE2JS: re2 } = await import('re2js'));
}

/** What Ajv needs of a compiled pattern. */
export interface CompiledPattern {
  test(text: string): boolean;
  toString(): string;
}

/**
 * A pattern as the validator runs it: on RE2JS where it may backtrack and RE2JS reads it (and is
 * loaded), else on RegExp with `flags`.
 */
export function compilePattern(pattern: string, flags: string): CompiledPattern {
  if (re2 !== undefined && mayBacktrack(pattern)) {
    try {
      const compiled = re2.compile(pattern);
      return { test: text => compiled.matcher(text).find(), toString: () => `re2:/${pattern}/` };
    } catch {
      // Syntax RE2 does not have (a backreference, a lookaround): RegExp reads it.
    }
  }
  return new RegExp(pattern, flags);
}
