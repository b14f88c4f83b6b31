/** The mock's idea of now: fixed by `--now`, or the real clock. */
export type Clock = () => Date;

export type NowOption = Date | string | number;

export const INSTANT_RULE = 'must be a date such as 2031-01-01 or 2031-01-01T12:00:00Z';

/** `2031-01-01`, an ISO 8601 date-time, a valid Date or epoch milliseconds as a Date; undefined for anything else. */
export function toInstant(option: unknown): Date | undefined {
  let date: Date | undefined;
  if (typeof option === 'string') {
    date = /^\d{4}-\d{2}-\d{2}(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/.test(option.trim()) ? new Date(option.trim()) : undefined;
  } else if (option instanceof Date || (typeof option === 'number' && Number.isFinite(option))) date = new Date(option);
  return date && !Number.isNaN(date.getTime()) ? date : undefined;
}

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
