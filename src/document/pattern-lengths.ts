import { deepEnough, isBackreference, partsOf, type Part, type Quantifier } from './pattern-parts.js';

/** A top-level part of a pattern: how many characters one repetition of it takes, and how many repetitions it allows. */
interface Repeated {
  readonly part: Part;
  readonly width: number;
  least: number;
  most: number;
}

/**
 * How many more times than its least a generator writes out a count without bound: json-schema-faker's
 * randexp at most 10 (`defaultRandExpMax`); so a `.*` under a `maxLength` of 1,224 stays a few characters.
 */
const UNBOUNDED_REPEATS = 10;

/**
 * `pattern` with its counts narrowed so that the text a generator writes out from it has a length
 * `minLength` and `maxLength` allow: AWS's ARNs, `^arn:aws:appsync:[A-Za-z0-9_/.-]{0,63}:\d{12}:apis/[0-9A-Za-z_-]{26}$`
 * of 70 to 75 characters, gave texts of 61 to 124, cut to 75 (then breaking the pattern) or drawn
 * again until one fitted, one time in ten; RoboMaker's versions, `(\$LATEST)|[0-9]*` of one
 * character at least, gave `''`. The counts written here (`{9,14}`) take only the texts of lengths
 * the schema allows; what the pattern matches is otherwise the same. Each top-level alternative is
 * narrowed on its own.
 *
 * Undefined where nothing needs narrowing or nothing could be: an alternative is left as it is where
 * no narrowing fits it (the bounds and it allow no length together), or where it is not one this
 * reads (a group whose repetitions may differ in length, `(ab|c)+`, or a backreference).
 */
export function lengthBoundedPattern(pattern: string, minLength: number | undefined, maxLength: number | undefined): string | undefined {
  if (minLength === undefined && maxLength === undefined) return undefined;
  const branches = deepEnough(() => partsOf(pattern), undefined);
  if (branches === undefined) return undefined;
  const counts = branches.flatMap(branch => narrowedCounts(branch, minLength ?? 0, maxLength ?? Infinity) ?? []);
  if (counts.length === 0) return undefined;
  let narrowed = pattern;
  for (const { quantifier, least, most } of counts.sort((one, other) => other.quantifier.start - one.quantifier.start)) {
    narrowed = `${narrowed.slice(0, quantifier.start)}${least === most ? `{${least}}` : `{${least},${most}}`}${narrowed.slice(quantifier.end)}`;
  }
  return narrowed;
}

/** The counts of one alternative's quantifiers that change, narrowed to lengths from `low` to `high`; undefined where none need to or none can. */
function narrowedCounts(branch: readonly Part[], low: number, high: number): { quantifier: Quantifier; least: number; most: number }[] | undefined {
  const parts: Repeated[] = [];
  for (const part of branch) {
    const width = widthOf(part);
    if (width === undefined) return undefined;
    parts.push({ part, width, least: part.quantifier?.least ?? 1, most: part.quantifier?.most ?? 1 });
  }
  const least = (): number => parts.reduce((sum, each) => sum + each.width * each.least, 0);
  // A count without bound (`*`, `+`, `{2,}`) is written out as generators do: up to UNBOUNDED_REPEATS more.
  const most = (): number => parts.reduce((sum, each) => sum + each.width * (Number.isFinite(each.most) ? each.most : each.least + UNBOUNDED_REPEATS), 0);
  if (least() >= low && most() <= high) return undefined;
  const variable = parts.filter(each => each.width > 0 && each.most > each.least);
  // Too short: the first counts that may grow take the characters missing.
  for (const each of variable) {
    const missing = low - least();
    if (missing <= 0) break;
    each.least = Math.min(each.most, each.least + Math.ceil(missing / each.width));
  }
  for (const each of variable) if (!Number.isFinite(each.most)) each.most = each.least + UNBOUNDED_REPEATS;
  // Too long: the last counts that may shrink give up the characters past the bound.
  for (const each of [...variable].reverse()) {
    const excess = most() - high;
    if (excess <= 0) break;
    each.most = Math.max(each.least, each.most - Math.ceil(excess / each.width));
  }
  if (least() < low || most() > high) return undefined;
  return variable.flatMap(({ part: { quantifier }, least: newLeast, most: newMost }) => (quantifier === undefined || (newLeast === quantifier.least && newMost === quantifier.most) ? [] : [{ quantifier, least: newLeast, most: newMost }]));
}

/** How many characters one repetition of `part` takes, where that is always the same; undefined where it varies. */
function widthOf(part: Part): number | undefined {
  if (part.kind === 'assertion') return 0;
  if (part.kind === 'character') return isBackreference(part.source) ? undefined : 1;
  if (part.lookaround) return 0;
  let width: number | undefined;
  for (const branch of part.branches) {
    let sum = 0;
    for (const inner of branch) {
      const each = widthOf(inner);
      const least = inner.quantifier?.least ?? 1;
      if (each === undefined || (inner.quantifier !== undefined && each > 0 && least !== inner.quantifier.most)) return undefined;
      sum += each * least;
    }
    if (width !== undefined && width !== sum) return undefined;
    width = sum;
  }
  return width ?? 0;
}
