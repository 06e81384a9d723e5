/**
 * Calendar arithmetic in a rider's time zone, with the runtime's IANA data (no library): local dates
 * of instants, the instant a local day starts, and the Monday-to-Monday weeks the trends and the
 * lifetime charts are cut into. Dates are 'YYYY-MM-DD' strings; instants are Dates.
 */
import { memoize } from '@domestique/common';

const formatters = new Map<string, Intl.DateTimeFormat>();

const formatterFor = (timeZone: string): Intl.DateTimeFormat => {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
};

/** The wall-clock time of `instant` in `timeZone`, read as if it were UTC (epoch ms). */
const wallClock = (instant: Date, timeZone: string): number => {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant))
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  return Date.UTC(
    parts.year!,
    parts.month! - 1,
    parts.day!,
    parts.hour!,
    parts.minute!,
    parts.second!,
    instant.getUTCMilliseconds(),
  );
};

const DAY_MS = 86_400_000;

/** The local calendar date of `instant` in `timeZone`. */
export const localDate = (instant: Date, timeZone: string): string =>
  new Date(wallClock(instant, timeZone)).toISOString().slice(0, 10);

/** `date` moved by `days` calendar days. */
export const addDays = (date: string, days: number): string =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The Monday of the ISO week `date` falls in. */
export const mondayOf = (date: string): string => {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  return addDays(date, -((weekday + 6) % 7));
};

/**
 * The instant local `date` begins in `timeZone` (00:00, or the first minute that exists when a
 * daylight-saving jump skips midnight).
 */
export const startOfLocalDay = (date: string, timeZone: string): Date =>
  new Date(firstInstantOf(date, timeZone));

/** Pure in its inputs, and each request asks for dozens of days (its weeks): answers are remembered. */
const firstInstantOf = memoize(
  (date: string, timeZone: string): number => {
    const target = Date.parse(`${date}T00:00:00Z`);
    let instant = target - (wallClock(new Date(target), timeZone) - target);
    // a second pass settles offsets that changed between the guess and the answer (DST)
    instant = target - (wallClock(new Date(instant), timeZone) - instant);
    // inside a skipped hour the wall clock reads the previous day: step to the first instant of `date`
    while (localDate(new Date(instant), timeZone) < date) instant += 3_600_000;
    return instant;
  },
  (date, timeZone) => `${timeZone} ${date}`,
  10_000,
);

export interface WeekWindow {
  /** the week's Monday, local */
  week: string;
  /** Monday 00:00 local, inclusive */
  start: Date;
  /** the next Monday 00:00 local, exclusive */
  end: Date;
}

/** The `count` weeks up to and including the one `now` falls in, oldest first. */
export const weekWindows = (now: Date, timeZone: string, count: number): WeekWindow[] => {
  const thisMonday = mondayOf(localDate(now, timeZone));
  return Array.from({ length: count }, (_, index) => {
    const week = addDays(thisMonday, (index - count + 1) * 7);
    return {
      week,
      start: startOfLocalDay(week, timeZone),
      end: startOfLocalDay(addDays(week, 7), timeZone),
    };
  });
};
