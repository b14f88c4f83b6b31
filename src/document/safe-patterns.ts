import type { RE2JS } from 're2js';
import { placeOf } from './document-limits.js';
import { DocumentShapeError } from './document-shape-error.js';
import { automatonOf } from './pattern-automaton.js';
import { mayBacktrack, withLookaroundTailsAtLeast, writtenForRe2 } from './pattern-cost.js';

/**
 * The document's `pattern`s run where a client's text meets them (Prism's validator, through Ajv).
 * JavaScript's RegExp backtracks: `^(a+)+$` took 51 s on 33 `a`s and a `!`, `\w+$` 12.7 s on 100,000
 * `a`s and a `!`, holding every client. A pattern that could take more than a few times linear time
 * (pattern-cost.ts reads that from the pattern) runs instead on RE2JS, a linear-time engine (RE2's
 * algorithm in plain JavaScript: no native build, the same in a page), which gives the same verdict
 * on every text for the patterns it reads. One with a lookaround, which RE2 has no syntax for, runs
 * on the automaton of pattern-automaton.ts, linear too. One with a backreference that may backtrack
 * refuses the document (`preparePatterns`): no automaton runs a backreference.
 * Every other pattern stays on RegExp: nothing changes for it.
 * RE2JS is loaded only for a document that has such a pattern.
 */

let re2: typeof RE2JS | undefined;

/** Every `pattern` (and `patternProperties` key) of a parsed document with its place, without recursion; values (`example`, `default`, …) and `x-` extensions are not schemas. */
function patternsOf(source: unknown): { pattern: string; path: (string | number)[] }[] {
  interface Place { readonly value: unknown; readonly parent: Place | undefined; readonly key: string | number }
  const pathOf = (place: Place, ...more: (string | number)[]): (string | number)[] => {
    const path = more;
    for (let at: Place = place; at.parent !== undefined; at = at.parent) path.unshift(at.key);
    return path;
  };
  const found: { pattern: string; path: (string | number)[] }[] = [];
  const stack: Place[] = [{ value: source, parent: undefined, key: '' }];
  while (stack.length > 0) {
    const place = stack.pop() as Place;
    const { value } = place;
    if (typeof value !== 'object' || value === null) continue;
    // Pushed last first: the first place in the document is the first found.
    if (Array.isArray(value)) {
      for (let index = value.length - 1; index >= 0; index -= 1) stack.push({ value: value[index] as unknown, parent: place, key: index });
      continue;
    }
    const { pattern, patternProperties } = value as { pattern?: unknown; patternProperties?: unknown };
    if (typeof pattern === 'string') found.push({ pattern, path: pathOf(place, 'pattern') });
    if (typeof patternProperties === 'object' && patternProperties !== null) found.push(...Object.keys(patternProperties).map(key => ({ pattern: key, path: pathOf(place, 'patternProperties', key) })));
    const keys = Object.keys(value);
    for (let index = keys.length - 1; index >= 0; index -= 1) {
      const key = keys[index] as string;
      if (!NOT_SCHEMAS.has(key) && !key.startsWith('x-')) stack.push({ value: (value as Record<string, unknown>)[key], parent: place, key });
    }
  }
  return found;
}

const NOT_SCHEMAS = new Set(['example', 'examples', 'default', 'const', 'enum']);

/**
 * Loads RE2JS when the document has a pattern that may backtrack, so that `compilePattern` can use it
 * (synchronously, as Ajv compiles); refuses a document with such a pattern that neither RE2JS nor
 * the automaton can run (a backreference, counts past their sizes), naming its place. No bound
 * on the text makes such a pattern safe on RegExp: `^(a+)+(b)?\2$` took 1.8 s on 27 `a`s and a `!`
 * (each more doubles it), `^(\w+)(\w+)\2$` 17 s on 10,000 characters, `^(\w+)\1$` 1.5 s on 131,072
 * (each split of `\w+` compares the rest). A backreference in a pattern that cannot backtrack so
 * (`^(\w)\1$`, `^([a-z]+)-\1$`: one way to reach it) stays on RegExp, which runs it in linear time.
 */
export async function preparePatterns(source: unknown): Promise<{ linearEngine: boolean }> {
  const backtracking = patternsOf(source).filter(({ pattern }) => mayBacktrack(pattern));
  if (backtracking.length === 0) return { linearEngine: false };
  await loadLinearEngine();
  for (const { pattern, path } of backtracking) {
    const checked = compileChecked(pattern, 'u');
    if (!checked.linear) {
      throw new DocumentShapeError(
        `has a pattern at ${placeOf(path)}, /${pattern.length > 80 ? `${pattern.slice(0, 80)}…` : pattern}/, that JavaScript's RegExp may take more than linear time on (a repeated group holding a quantifier or an alternation, quantifiers whose counts multiply, or a long count tried at every start) and that the linear-time engines cannot run (${checked.refusal}): rewrite it without one or the other`,
      );
    }
  }
  return { linearEngine: true };
}

/** RE2JS loaded, for a document whose patterns were checked elsewhere (a reload's worker thread) and need it. */
export async function loadLinearEngine(): Promise<void> {
  if (re2 === undefined) ({ RE2JS: re2 } = await import('re2js'));
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
  return compileChecked(pattern, flags).compiled;
}

/**
 * The pattern as `compilePattern` runs it, and whether it runs in linear time (nothing that may
 * backtrack left on RegExp); where it does not, why the automaton would not run it.
 */
function compileChecked(pattern: string, flags: string): { compiled: CompiledPattern; linear: true } | { compiled: CompiledPattern; linear: false; refusal: string } {
  // As mayBacktrack reads it: each lookaround's last quantifier at its least count, the same verdicts.
  const onRegExp = (): RegExp => new RegExp(withLookaroundTailsAtLeast(pattern), flags);
  if (!mayBacktrack(pattern)) return { compiled: onRegExp(), linear: true };
  const compiled = re2 === undefined ? undefined : compiledByRe2(re2, pattern);
  if (compiled !== undefined) return { compiled: { test: text => compiled.matcher(text).find(), toString: () => `re2:/${pattern}/` }, linear: true };
  // A lookaround, which RE2 has no syntax for: the automaton runs it.
  const automaton = automatonOf(pattern, flags);
  if (typeof automaton !== 'string') return { compiled: automaton, linear: true };
  return { compiled: onRegExp(), linear: false, refusal: automaton };
}

/** `pattern` compiled by RE2JS as written for it to allow what RegExp allows (`writtenForRe2`); undefined where it cannot be so written or RE2 does not read it. */
function compiledByRe2(engine: typeof RE2JS, pattern: string): RE2JS | undefined {
  const source = writtenForRe2(pattern);
  if (source === undefined) return undefined;
  try {
    return engine.compile(source);
  } catch {
    return undefined;
  }
}
