import type { PlanCalendarDto, PlanSessionDto, PlannedWorkoutType, TrainingPlanDto } from '@domestique/proto';
import { addDays } from '../training/load-ranges';
import { mondayOf } from '../plans/plan-text';

/**
 * The calendar's geometry and moves (issue 23, section 2), Monday first, on calendar days
 * (YYYY-MM-DD in the rider's time zone). Pure.
 */
export type CalendarView = 'month' | 'week';
export type CalendarDay = PlanCalendarDto['days'][number];

const firstOfMonth = (day: string): string => `${day.slice(0, 7)}-01`;

const lastOfMonth = (day: string): string => {
  const [year, month] = day.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
};

/** The days a view shows around `anchor`: whole weeks, Monday to Sunday (a month: at most 42 days). */
export const visibleRange = (view: CalendarView, anchor: string): { from: string; to: string } => {
  if (view === 'week') {
    const from = mondayOf(anchor);
    return { from, to: addDays(from, 6) };
  }
  return { from: mondayOf(firstOfMonth(anchor)), to: addDays(mondayOf(lastOfMonth(anchor)), 6) };
};

/** The anchor a step back (-1) or on (+1) shows: the month before or after, or the week. */
export const shiftAnchor = (view: CalendarView, anchor: string, step: -1 | 1): string => {
  if (view === 'week') return addDays(anchor, 7 * step);
  const [year, month] = anchor.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month - 1 + step, 1)).toISOString().slice(0, 10);
};

/** Every day from `from` to `to`, both included. */
export const daysFrom = (from: string, to: string): string[] => {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
};

const format = (day: string, options: Intl.DateTimeFormatOptions): string =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { ...options, timeZone: 'UTC' });

/** "March 2026", or "Mar 9 – Mar 15, 2026" for a week. */
export const rangeTitle = (view: CalendarView, anchor: string): string => {
  if (view === 'month') return format(anchor, { month: 'long', year: 'numeric' });
  const { from, to } = visibleRange('week', anchor);
  return `${format(from, { month: 'short', day: 'numeric' })} – ${format(to, { month: 'short', day: 'numeric', year: 'numeric' })}`;
};

/** "Monday, March 9" (how a day is named to a screen reader and in the agenda). */
export const longDay = (day: string): string =>
  format(day, { weekday: 'long', month: 'long', day: 'numeric' });

/** The day a key moves a picked-up session to: a day either side, or a week; null for other keys. */
export const keyedDay = (day: string, key: string): string | null => {
  const steps: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };
  return key in steps ? addDays(day, steps[key]!) : null;
};

/** Within the days shown. */
export const clampDay = (day: string, range: { from: string; to: string }): string =>
  day < range.from ? range.from : day > range.to ? range.to : day;

/** A session can be moved while it is still to ride: planned, today or later. */
export const canMove = (session: PlanSessionDto, today: string): boolean =>
  session.status === 'planned' && session.date >= today;

/** Sessions can be put on today and the days after (the server refuses past days). */
export const canDropOn = (day: string, today: string): boolean => day >= today;

/** The days with one session put on another day (as the calendar shows a move while it is sent). */
export const withSessionMoved = (
  days: readonly CalendarDay[],
  sessionId: string,
  date: string,
): CalendarDay[] => {
  const session = days.flatMap((day) => day.sessions).find((s) => s.id === sessionId);
  if (!session) return [...days];
  const moved = { ...session, date };
  return days.map((day) => {
    const sessions = day.sessions.filter((s) => s.id !== sessionId);
    return { ...day, sessions: day.date === date ? [...sessions, moved] : sessions };
  });
};

/** The days with their sessions as the plan now has them (an answer that may have changed others). */
export const withPlanSessions = (days: readonly CalendarDay[], plan: TrainingPlanDto): CalendarDay[] =>
  days.map((day) => ({ ...day, sessions: plan.sessions.filter((session) => session.date === day.date) }));

/** The session with this id among the days. */
export const findSession = (days: readonly CalendarDay[], sessionId: string): PlanSessionDto | undefined =>
  days.flatMap((day) => day.sessions).find((session) => session.id === sessionId);

/** Each session type's colour palette. */
export const TYPE_PALETTES: Record<PlannedWorkoutType, string> = {
  recovery: 'gray',
  endurance: 'blue',
  tempo: 'green',
  'sweet-spot': 'yellow',
  threshold: 'orange',
  vo2max: 'red',
  anaerobic: 'purple',
  race: 'brand',
  mixed: 'purple',
  rest: 'gray',
};
