import { INSTANT_RULE, toInstant } from '../../options/instants.js';

/** The mock's idea of now: fixed by `--now`, or the real clock. */
export type Clock = () => Date;

export type NowOption = Date | string | number;

export { INSTANT_RULE, toInstant };

/** `2031-01-01` or an ISO 8601 date-time as a Date; throws a RangeError naming the rule. */
export function parseInstant(text: string): Date {
  const date = toInstant(text);
  if (!date) throw new RangeError(`--now ${INSTANT_RULE}, got "${text}".`);
  return date;
}

export function createClock(now: NowOption | undefined): Clock {
  if (now === undefined) return () => new Date();
  const fixed = toInstant(now);
  if (!fixed) throw new RangeError(`[petstore-mock] now ${INSTANT_RULE}, got ${JSON.stringify(now)}.`);
  return () => new Date(fixed.getTime());
}
