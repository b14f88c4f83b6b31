// What `--now` (and `now` in code) takes, as the options' rules and the clock read it.

export const INSTANT_RULE = 'must be a date such as 2031-01-01 or 2031-01-01T12:00:00Z';

/** `2031-01-01`, an ISO 8601 date-time, a valid Date or epoch milliseconds as a Date; undefined for anything else. */
export function toInstant(option: unknown): Date | undefined {
  let date: Date | undefined;
  if (typeof option === 'string') {
    date = /^\d{4}-\d{2}-\d{2}(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/.test(option.trim()) ? new Date(option.trim()) : undefined;
  } else if (option instanceof Date || (typeof option === 'number' && Number.isFinite(option))) date = new Date(option);
  return date && !Number.isNaN(date.getTime()) ? date : undefined;
}
