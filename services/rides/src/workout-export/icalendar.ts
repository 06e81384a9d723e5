import type { PlannedWorkoutDto, WorkoutStepDto } from '@domestique/proto';
import { addDays } from '../analytics/calendar.js';

/**
 * The rider's planned sessions as an iCalendar feed (RFC 5545): one all-day VEVENT per session
 * (rest days are left out), DTSTART/DTEND as dates, SUMMARY the title, DESCRIPTION the reason and the
 * steps. Text values escaped (section 3.3.11), lines folded at 75 octets (3.1), CRLF endings. Pure.
 */

/** Escapes a TEXT value: backslash, semicolon, comma and line breaks. */
export const escapeText = (text: string): string =>
  text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

const OCTETS_PER_LINE = 75;

/** Folds a content line into lines of at most 75 octets, never inside a UTF-8 character. */
export const foldLine = (line: string): string[] => {
  const lines: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    // continuation lines start with a space, which counts
    if (octets + size > OCTETS_PER_LINE) {
      lines.push(current);
      current = ' ';
      octets = 1;
    }
    current += char;
    octets += size;
  }
  lines.push(current);
  return lines;
};

/** "YYYYMMDD" of "YYYY-MM-DD". */
const basicDate = (day: string): string => day.replace(/-/g, '');

/** "20261127T035500Z" */
const basicTimestamp = (at: Date): string => `${at.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;

/** "1 h 05" or "12 min" or "45 s" */
export const formatDuration = (seconds: number): string => {
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  const hours = Math.floor(minutes / 60);
  const clock =
    hours === 0
      ? `${minutes} min`
      : `${hours} h${minutes % 60 ? ` ${String(minutes % 60).padStart(2, '0')}` : ''}`;
  return rest ? `${clock} ${rest} s` : clock;
};

/** "12 min Sweet spot 1/3 at 88-94% FTP" or "10 min Warm-up in heart-rate zone 2" */
export const describeStep = (step: WorkoutStepDto): string => {
  const target = step.targetPercentFtp
    ? `at ${step.targetPercentFtp[0]}-${step.targetPercentFtp[1]}% FTP`
    : step.targetHrZone !== null
      ? `in heart-rate zone ${step.targetHrZone}`
      : 'at an easy effort';
  return `${formatDuration(step.durationS)} ${step.label} ${target}`;
};

/** `nth`: a day's second session onwards (a moved plan session) gets a UID of its own. */
const eventOf = (session: PlannedWorkoutDto, nth: number, uidSuffix: string, stamp: string): string[] => [
  'BEGIN:VEVENT',
  `UID:workout-${session.date}${nth > 0 ? `-${nth + 1}` : ''}-${uidSuffix}@domestique.app`,
  `DTSTAMP:${stamp}`,
  `DTSTART;VALUE=DATE:${basicDate(session.date)}`,
  `DTEND;VALUE=DATE:${basicDate(addDays(session.date, 1))}`,
  `SUMMARY:${escapeText(`${session.title} (${formatDuration(session.durationS)}, ${session.plannedLoad} TSS)`)}`,
  `DESCRIPTION:${escapeText([session.reason, '', ...session.steps.map(describeStep)].join('\n'))}`,
  'TRANSP:TRANSPARENT',
  'END:VEVENT',
];

/**
 * The calendar of `sessions`. `uidSuffix` keeps each day's UID stable across reads (a calendar app
 * then updates the event instead of adding one); it must not reveal the rider.
 */
export const icalendarOf = (sessions: readonly PlannedWorkoutDto[], uidSuffix: string, now: Date): string => {
  const stamp = basicTimestamp(now);
  const perDay = new Map<string, number>();
  const nthOfDay = (date: string): number => {
    const nth = perDay.get(date) ?? 0;
    perDay.set(date, nth + 1);
    return nth;
  };
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Domestique//Training plan//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'X-WR-CALNAME:Domestique training',
    ...sessions
      .filter((session) => session.steps.length > 0)
      .flatMap((session) => eventOf(session, nthOfDay(session.date), uidSuffix, stamp)),
    'END:VCALENDAR',
  ];
  return `${lines.flatMap(foldLine).join('\r\n')}\r\n`;
};
