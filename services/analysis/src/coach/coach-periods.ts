import { calendarDate } from '../engine/format.js';
import type { CoachRide } from './coach-question.js';
import { NUMBER_PATTERN, numberOf } from './number-words.js';

/**
 * What a rider's words point at: a period ("the last 4 weeks", "this month", "in May"), one ride
 * ("my last ride", "Saturday's ride"), a date ("12 June", "in 8 weeks"). Calendar days are UTC.
 */

export const DAY_MS = 86_400_000;

export interface Period {
  /** "in the last 4 weeks", "this month (since Jun 1, 2025)" */
  label: string;
  startMs: number;
  /** exclusive */
  endMs: number;
  /** the numbers the label states ("4 weeks": { weeks: 4 }) */
  numbers?: Record<string, number>;
}

const isoDay = (ms: number): string | null =>
  Number.isFinite(ms) ? new Date(ms).toISOString().slice(0, 10) : null;

/** The facts a period's label states: its first and last day and the numbers in its words. */
export const periodFacts = (period: Period) => ({
  label: period.label,
  firstDate: isoDay(period.startMs),
  lastDate: isoDay(period.endMs - 1),
  ...period.numbers,
});

const NUMBER = NUMBER_PATTERN;

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
const MONTH = String.raw`(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)`;
const monthIndex = (word: string): number =>
  MONTHS.findIndex((m) => m.startsWith(word.toLowerCase().slice(0, 3)));
const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

export const startOfDay = (ms: number): number => Math.floor(ms / DAY_MS) * DAY_MS;
const startOfWeek = (ms: number): number => {
  const day = startOfDay(ms);
  return day - ((new Date(day).getUTCDay() + 6) % 7) * DAY_MS;
};
const utc = (year: number, month: number, day = 1) => Date.UTC(year, month, day);
const since = (ms: number) => `since ${calendarDate(new Date(ms).toISOString())}`;

/** The period a message names, as of `asOfMs`; null when it names none. */
export const periodOf = (message: string, asOfMs: number): Period | null => {
  const text = message.toLowerCase();
  const end = asOfMs + 1;
  const today = startOfDay(asOfMs);
  const now = new Date(asOfMs);
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();

  const span = new RegExp(
    String.raw`\b(?:last|past|previous|over the last|in the last)\s+${NUMBER}\s+(day|week|month|year)s?\b`,
  ).exec(text);
  if (span) {
    const n = numberOf(span[1]!);
    const unit = span[2]!;
    const startMs =
      unit === 'day'
        ? today - (n - 1) * DAY_MS
        : unit === 'week'
          ? asOfMs - n * 7 * DAY_MS
          : unit === 'month'
            ? Date.UTC(year, month - n, now.getUTCDate(), now.getUTCHours(), now.getUTCMinutes())
            : Date.UTC(year - n, month, now.getUTCDate(), now.getUTCHours(), now.getUTCMinutes());
    return {
      label: `in the last ${n} ${unit}${n === 1 ? '' : 's'}`,
      startMs,
      endMs: end,
      numbers: { [unit === 'day' ? 'days' : unit === 'week' ? 'weeks' : `${unit}s`]: n },
    };
  }
  if (/\b(?:last|past) fortnight\b/.test(text))
    return { label: 'in the last 2 weeks', startMs: asOfMs - 14 * DAY_MS, endMs: end, numbers: { weeks: 2 } };
  if (/\bpast week\b|\blast 7 days\b/.test(text))
    return { label: 'in the last 7 days', startMs: asOfMs - 7 * DAY_MS, endMs: end, numbers: { days: 7 } };
  if (/\bthis week\b/.test(text)) {
    const startMs = startOfWeek(asOfMs);
    return { label: `this week (${since(startMs)})`, startMs, endMs: end };
  }
  if (/\blast week\b/.test(text)) {
    const endMs = startOfWeek(asOfMs);
    const startMs = endMs - 7 * DAY_MS;
    return {
      label: `last week (${calendarDate(new Date(startMs).toISOString())} to ${calendarDate(new Date(endMs - DAY_MS).toISOString())})`,
      startMs,
      endMs,
    };
  }
  if (/\bthis month\b|\bso far this month\b/.test(text)) {
    const startMs = utc(year, month);
    return { label: `this month (${since(startMs)})`, startMs, endMs: end };
  }
  if (/\blast month\b/.test(text)) {
    const startMs = utc(year, month - 1);
    return {
      label: `in ${capitalMonth(new Date(startMs).getUTCMonth())} ${new Date(startMs).getUTCFullYear()}`,
      startMs,
      endMs: utc(year, month),
      numbers: { year: new Date(startMs).getUTCFullYear() },
    };
  }
  if (/\bthis year\b|\bso far this year\b|\bytd\b|\byear to date\b/.test(text)) {
    const startMs = utc(year, 0);
    return { label: `this year (${since(startMs)})`, startMs, endMs: end };
  }
  if (/\blast year\b/.test(text))
    return {
      label: `in ${year - 1}`,
      startMs: utc(year - 1, 0),
      endMs: utc(year, 0),
      numbers: { year: year - 1 },
    };
  if (/\btoday\b|\bthis morning\b|\bthis evening\b|\btonight\b/.test(text))
    return { label: 'today', startMs: today, endMs: end };
  if (/\byesterday\b/.test(text)) return { label: 'yesterday', startMs: today - DAY_MS, endMs: today };
  const named = new RegExp(String.raw`\b(?:in|during|for|of)\s+${MONTH}\b(?:\s+(\d{4}))?`).exec(text);
  if (named) {
    const m = monthIndex(named[1]!);
    const y = named[2] ? Number(named[2]) : m <= month ? year : year - 1;
    return {
      label: `in ${capitalMonth(m)} ${y}`,
      startMs: utc(y, m),
      endMs: Math.min(utc(y, m + 1), end),
      numbers: { year: y },
    };
  }
  return null;
};

const capitalMonth = (m: number): string => MONTHS[m]!.charAt(0).toUpperCase() + MONTHS[m]!.slice(1);

export const inPeriod = (rides: readonly CoachRide[], period: Period): CoachRide[] =>
  rides.filter((r) => {
    const t = Date.parse(r.startDate);
    return t >= period.startMs && t < period.endMs;
  });

export interface RideReference {
  ride: CoachRide;
  /** how the rider named it: "your last ride", "Saturday's ride" */
  said: string;
  /** other rides on the same day */
  sameDay: number;
}

/** The one ride a message points at ("my last ride", "yesterday's ride", "Saturday's ride", a name). */
export const rideReferenceOf = (
  message: string,
  rides: readonly CoachRide[],
  asOfMs: number,
): RideReference | null => {
  const text = message.toLowerCase().replace(/[’`]/g, "'");
  const past = rides.filter((r) => Date.parse(r.startDate) <= asOfMs);
  const onDay = (dayMs: number, said: string): RideReference | null => {
    const day = past.filter((r) => startOfDay(Date.parse(r.startDate)) === dayMs);
    return day[0] ? { ride: day[0], said, sameDay: day.length - 1 } : null;
  };
  const named = past.find((r) => r.name.trim().length >= 5 && text.includes(r.name.trim().toLowerCase()));
  if (named) return { ride: named, said: `"${named.name}"`, sameDay: 0 };
  const today = startOfDay(asOfMs);
  if (/\byesterday'?s? ride\b|\bride (?:i did |i rode )?yesterday\b|\byesterday\b/.test(text)) {
    const found = onDay(today - DAY_MS, "yesterday's ride");
    if (found || /\bride\b/.test(text)) return found;
  }
  if (/\btoday'?s ride\b|\bride (?:i did )?today\b|\bthis morning'?s ride\b/.test(text))
    return onDay(today, "today's ride");
  const weekday = new RegExp(String.raw`\b(${WEEKDAYS.join('|')})(?:'s)?\b`).exec(text);
  if (weekday && /\bride|rode|on (?:sun|mon|tues|wednes|thurs|fri|satur)day\b/.test(text)) {
    const wanted = WEEKDAYS.indexOf(weekday[1]!);
    const back = (new Date(today).getUTCDay() - wanted + 7) % 7;
    const said = `${capitalise(weekday[1]!)}'s ride`;
    // today's weekday without a ride today: the same day last week
    return onDay(today - back * DAY_MS, said) ?? (back === 0 ? onDay(today - 7 * DAY_MS, said) : null);
  }
  const date = dateOf(text, asOfMs, 'past');
  if (date !== null && /\bride|rode\b/.test(text)) return onDay(date, 'your ride that day');
  if (
    /\b(?:last|latest|most recent|previous|recent|newest)\s+(?:ride|session|workout|outing|activity)\b/.test(
      text,
    )
  )
    return past[0] ? { ride: past[0], said: 'your last ride', sameDay: 0 } : null;
  return null;
};

const capitalise = (word: string): string => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * A calendar date a message names ("12 June", "June 12th", "2026-06-12", "in 8 weeks"), as the start
 * of its UTC day; the next such date on or after today ('future') or the last one before ('past').
 */
export const dateOf = (message: string, asOfMs: number, direction: 'future' | 'past'): number | null => {
  const text = message.toLowerCase();
  const today = startOfDay(asOfMs);
  const year = new Date(asOfMs).getUTCFullYear();
  const iso = /\b(\d{4})-(\d{2})-(\d{2})\b/.exec(text);
  if (iso) return utc(Number(iso[1]), Number(iso[2]) - 1, Number(iso[3]));
  const dayMonth = new RegExp(
    String.raw`\b(\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?${MONTH}\b(?:\s+(\d{4}))?`,
  ).exec(text);
  const monthDay = new RegExp(String.raw`\b${MONTH}\s+(\d{1,2})(?:st|nd|rd|th)?\b(?:,?\s+(\d{4}))?`).exec(
    text,
  );
  const found = dayMonth
    ? { day: Number(dayMonth[1]), month: monthIndex(dayMonth[2]!), year: dayMonth[3] }
    : monthDay
      ? { day: Number(monthDay[2]), month: monthIndex(monthDay[1]!), year: monthDay[3] }
      : null;
  if (found && found.day >= 1 && found.day <= 31) {
    if (found.year) return utc(Number(found.year), found.month, found.day);
    const thisYear = utc(year, found.month, found.day);
    if (direction === 'future') return thisYear >= today ? thisYear : utc(year + 1, found.month, found.day);
    return thisYear <= today ? thisYear : utc(year - 1, found.month, found.day);
  }
  if (direction === 'future') {
    const ahead = new RegExp(
      String.raw`\b(?:in|within)\s+(?:about\s+|around\s+|just\s+)?${NUMBER}\s+(day|week|month)s?\b`,
    ).exec(text);
    if (ahead) {
      const n = numberOf(ahead[1]!);
      const unit = ahead[2]!;
      return unit === 'day'
        ? today + n * DAY_MS
        : unit === 'week'
          ? today + n * 7 * DAY_MS
          : utc(year, new Date(asOfMs).getUTCMonth() + n, new Date(asOfMs).getUTCDate());
    }
  }
  return null;
};
