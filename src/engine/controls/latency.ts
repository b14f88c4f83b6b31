import type { Random } from '../../sessions/index.js';
import { isDelayRange, MAX_DELAY, type DelayOption, type DelayRange } from '../../options/delays.js';

export { isDelayRange, MAX_DELAY, type DelayOption, type DelayRange };

/** `300` or `100-400` (as `--delay` takes it) as a range; throws a RangeError naming the rule. */
export function parseDelay(text: string): DelayRange {
  const match = /^\s*(\d+)\s*(?:-\s*(\d+)\s*)?$/.exec(text);
  const min = Number(match?.[1]);
  const range = { min, max: match?.[2] === undefined ? min : Number(match[2]) };
  if (!match || !isDelayRange(range)) {
    throw new RangeError(`--delay must be milliseconds (300) or a range (100-400) from 0 to ${MAX_DELAY}, the lower bound first; got "${text}".`);
  }
  return range;
}

/** A checked range from the engine's `delay` option. */
export function toDelayRange(option: DelayOption): DelayRange {
  const range = typeof option === 'number' ? { min: option, max: option } : option;
  if (!isDelayRange(range)) {
    throw new RangeError(`[petstore-mock] delay must be whole milliseconds from 0 to ${MAX_DELAY}, the lower bound first; got ${JSON.stringify(option)}.`);
  }
  return range;
}


/** A delay from `range`; a range of one value draws nothing, so it leaves the stream alone. */
export function drawDelay(range: DelayRange, random: Random): number {
  return range.min === range.max ? range.min : range.min + Math.floor(random() * (range.max - range.min + 1));
}
