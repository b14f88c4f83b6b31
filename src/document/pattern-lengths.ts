import { deepEnough, isBackreference, partsOf, type Part } from './pattern-parts.js';

/** A top-level part of a pattern: how many characters one repetition of it takes, and how many repetitions it allows. */
interface Repeated {
  readonly part: Part;
  readonly width: number;
  least: number;
  most: number;
}

/**
 * `pattern` with its counts narrowed so that the text a generator writes out from it has a length
 * `minLength` and `maxLength` allow: AWS's ARNs, `^arn:aws:appsync:[A-Za-z0-9_/.-]{0,63}:\d{12}:apis/[0-9A-Za-z_-]{26}$`
 * of 70 to 75 characters, gave texts of 61 to 124, cut to 75 (then breaking the pattern) or drawn
 * again until one fitted, one time in ten. The counts written here (`{9,14}`) take only the texts
 * of lengths the schema allows; what the pattern matches is otherwise the same.
 *
 * Undefined where nothing needs narrowing, where no narrowing fits (the bounds and the pattern allow
 * no length together), and where the pattern is not one this reads: alternatives at its top, or a
 * group whose repetitions may differ in length (`(ab|c)+`), or a backreference.
 */
export function lengthBoundedPattern(pattern: string, minLength: number | undefined, maxLength: number | undefined): string | undefined {
  if (minLength === undefined && maxLength === undefined) return undefined;
  const branches = deepEnough(() => partsOf(pattern), undefined);
  if (branches?.length !== 1) return undefined;
  const parts: Repeated[] = [];
  for (const part of branches[0] as Part[]) {
    const width = widthOf(part);
    if (width === undefined) return undefined;
    parts.push({ part, width, least: part.quantifier?.least ?? 1, most: part.quantifier?.most ?? 1 });
  }
  const least = (): number => parts.reduce((sum, each) => sum + each.width * each.least, 0);
  const most = (): number => parts.reduce((sum, each) => sum + each.width * each.most, 0);
  const low = minLength ?? 0;
  const high = maxLength ?? Infinity;
  if (least() >= low && most() <= high) return undefined;
  const variable = parts.filter(each => each.width > 0 && each.most > each.least);
  // A count without bound (`*`, `+`, `{2,}`) grows no further than the bound allows it alone.
  if (Number.isFinite(high)) for (const each of variable) if (!Number.isFinite(each.most)) each.most = each.least + Math.ceil(high / each.width);
  // Too short: the first counts that may grow take the characters missing.
  for (const each of variable) {
    const missing = low - least();
    if (missing <= 0) break;
    each.least = Math.min(each.most, each.least + Math.ceil(missing / each.width));
  }
  // Too long: the last counts that may shrink give up the characters past the bound.
  for (const each of [...variable].reverse()) {
    const excess = most() - high;
    if (excess <= 0) break;
    each.most = Math.max(each.least, each.most - Math.ceil(excess / each.width));
  }
  if (least() < low || most() > high || least() > high) return undefined;
  let narrowed = pattern;
  for (const each of [...variable].reverse()) {
    const { quantifier } = each.part;
    if (quantifier === undefined || (each.least === quantifier.least && each.most === quantifier.most)) continue;
    const count = each.least === each.most ? `{${each.least}}` : `{${each.least},${each.most}}`;
    narrowed = `${narrowed.slice(0, quantifier.start)}${count}${narrowed.slice(quantifier.end)}`;
  }
  return narrowed;
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
