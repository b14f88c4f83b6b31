// What `--delay` (and `delay` in code) takes, as the options' rules and the engine's latency read it.

/** Milliseconds, fixed or drawn uniformly from a range. */
export interface DelayRange {
  min: number;
  max: number;
}

export type DelayOption = number | DelayRange;

export const MAX_DELAY = 60_000;

/** Whole milliseconds from 0 to MAX_DELAY, the lower bound first. */
export function isDelayRange({ min, max }: DelayRange): boolean {
  return Number.isInteger(min) && Number.isInteger(max) && min >= 0 && max >= min && max <= MAX_DELAY;
}
