/** The mock's idea of now: fixed by `--now`, or the real clock. */
export type Clock = () => Date;

export type NowOption = Date | string | number;

/** `2031-01-01` or an ISO 8601 date-time as a Date; throws a RangeError naming the rule. */
export function parseInstant(text: string): Date {
  const date = /^\d{4}-\d{2}-\d{2}(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/.test(text.trim()) ? new Date(text.trim()) : undefined;
  if (!date || Number.isNaN(date.getTime())) throw new RangeError(`--now must be a date such as 2031-01-01 or 2031-01-01T12:00:00Z, got "${text}".`);
  return date;
}

export function createClock(now: NowOption | undefined): Clock {
  if (now === undefined) return () => new Date();
  const fixed = typeof now === 'string' ? parseInstant(now) : new Date(now);
  if (Number.isNaN(fixed.getTime())) throw new RangeError(`[petstore-mock] now must be a valid date, got ${String(now)}.`);
  return () => new Date(fixed.getTime());
}
