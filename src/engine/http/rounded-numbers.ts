/** A number in a JSON text that `JSON.parse` turns into another number. */
export interface RoundedNumber {
  /** Where it stands: `categoryId`, `pets.0.id`. */
  path: string;
  /** As the client wrote it, e.g. `1e-400`; a long one shortened with `…` in the middle, since messages quote it. */
  literal: string;
  /** What JavaScript makes of it, e.g. `0`. */
  value: number;
}

// Only texts with a fraction, an exponent or a long run of digits can hold such a number.
const MAY_ROUND = /\d[.eE]|\d{16}/;
const NUMBER = /-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

/**
 * The first number of valid JSON `text` that is not an integer, or is not exactly one, but that
 * JavaScript reads as an integer (`1e-400` as 0, `1.0000000000000000001` as 1, 2^53+1 as 2^53), or
 * that it reads as Infinity (`1e400`): stored as read, it would be another value than the client sent. Iterative, so deep nesting is fine.
 */
export function findRoundedNumber(text: string): RoundedNumber | undefined {
  if (!MAY_ROUND.test(text)) return undefined;
  const frames: { kind: 'object' | 'array'; key: string | number }[] = [];
  let expectKey = false;
  let index = 0;
  while (index < text.length) {
    const char = text[index] as string;
    if (char === '"') {
      const end = endOfString(text, index);
      const top = frames.at(-1);
      if (expectKey && top) {
        top.key = JSON.parse(text.slice(index, end + 1)) as string;
        expectKey = false;
      }
      index = end + 1;
    } else if (char === '-' || (char >= '0' && char <= '9')) {
      NUMBER.lastIndex = index;
      const literal = NUMBER.exec(text)?.[0] ?? char;
      const value = Number(literal);
      if (isRounded(literal, value)) return { path: frames.map(frame => frame.key).join('.'), literal: shortened(literal), value };
      index += literal.length;
    } else {
      if (char === '{') {
        frames.push({ kind: 'object', key: '' });
        expectKey = true;
      } else if (char === '[') frames.push({ kind: 'array', key: 0 });
      else if (char === '}' || char === ']') frames.pop();
      else if (char === ',') {
        const top = frames.at(-1);
        if (top?.kind === 'object') expectKey = true;
        else if (top) top.key = (top.key as number) + 1;
      }
      index++;
    }
  }
  return undefined;
}

function shortened(literal: string): string {
  return literal.length <= 60 ? literal : `${literal.slice(0, 40)}…${literal.slice(-10)} (${literal.length} characters)`;
}

function endOfString(text: string, start: number): number {
  let index = start + 1;
  while (index < text.length && text[index] !== '"') index += text[index] === '\\' ? 2 : 1;
  return index;
}

/** True when `value` is infinite (`1e400`, which JSON would then write as null), or an integer `literal` does not denote exactly. */
function isRounded(literal: string, value: number): boolean {
  if (!Number.isFinite(value)) return true;
  if (!Number.isInteger(value)) return false;
  const match = /^-?(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(literal);
  if (!match) return false;
  const fraction = match[2] ?? '';
  let digits = `${match[1] ?? ''}${fraction}`.replace(/^0+/, '');
  let exponent = Number(match[3] ?? 0) - fraction.length;
  if (digits === '') return false;
  // A loop, not /0*$/: that regex goes back over a long run of zeros from each of its places.
  let end = digits.length;
  while (digits[end - 1] === '0') end--;
  exponent += digits.length - end;
  digits = digits.slice(0, end);
  if (exponent < 0) return true;
  const magnitude = BigInt(digits) * 10n ** BigInt(exponent);
  return magnitude !== BigInt(Math.abs(value));
}
