/**
 * The training-load chart's range picker: a few windows ending today, in the rider's calendar (the
 * browser's time zone, which the server cuts days in too), and the whole history.
 */
export const LOAD_RANGES = [
  { key: '6w', label: '6 weeks', short: '6 wk', days: 42 },
  { key: '3m', label: '3 months', short: '3 mo', days: 91 },
  { key: '6m', label: '6 months', short: '6 mo', days: 182 },
  { key: '1y', label: '1 year', short: '1 yr', days: 365 },
  { key: 'all', label: 'All', short: 'All', days: null },
] as const;
export type LoadRangeKey = (typeof LOAD_RANGES)[number]['key'];

export const DEFAULT_LOAD_RANGE: LoadRangeKey = '3m';

const DAY_MS = 86_400_000;

/** A date's calendar day (YYYY-MM-DD) in a time zone (the browser's when null). */
export const calendarDay = (at: Date, timeZone: string | null): string =>
  // en-CA writes dates as YYYY-MM-DD
  new Intl.DateTimeFormat('en-CA', {
    timeZone: timeZone ?? undefined,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);

/** A calendar day `days` later (earlier when negative). */
export const addDays = (day: string, days: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The `from`/`to` of a range ending `today`; `from` is left out for the whole history. */
export const loadRangeDates = (key: LoadRangeKey, today: string): { from?: string; to: string } => {
  const { days } = LOAD_RANGES.find((range) => range.key === key)!;
  return days === null ? { to: today } : { from: addDays(today, -(days - 1)), to: today };
};

/** "2026-03-09" -> "Mar 9, 2026" (with the year) or "Mar 9". */
export const dayLabel = (day: string, withYear = false): string =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    ...(withYear ? { year: 'numeric' } : {}),
    timeZone: 'UTC',
  });
