import type { PlanAdjustmentDto, PlanPhase, PlanSessionDto } from '@domestique/proto';

/** How the plan's words and colours are shown (issue 23). Pure. */

export const PHASE_LABELS: Record<PlanPhase, string> = {
  base: 'Base',
  build: 'Build',
  peak: 'Peak',
  taper: 'Taper',
};

/** Each phase's colour palette (the strip, the weeks' badges). */
export const PHASE_PALETTES: Record<PlanPhase, string> = {
  base: 'blue',
  build: 'orange',
  peak: 'red',
  taper: 'green',
};

export const ADJUSTMENT_LABELS: Record<PlanAdjustmentDto['kind'], string> = {
  moved: 'Moved',
  eased: 'Eased',
  replaced: 'Replaced',
  dropped: 'Dropped',
  'week-load': 'Week load',
};

export const VERDICT_LABELS: Record<NonNullable<PlanSessionDto['compliance']>['verdict'], string> = {
  done: 'Done as planned',
  partial: 'Partly done',
  harder: 'Harder than planned',
};

const DAY_MS = 86_400_000;

/** Whole days from one calendar day to another (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** "12 weeks to go", "5 days to go", "Event day", "Event passed" */
export const timeToGo = (today: string, eventDate: string): string => {
  const days = daysBetween(today, eventDate);
  if (days < 0) return 'Event passed';
  if (days === 0) return 'Event day';
  if (days < 14) return `${days} ${days === 1 ? 'day' : 'days'} to go`;
  return `${Math.floor(days / 7)} weeks to go`;
};

/** Newest first, whatever order they came in. */
export const newestFirst = (adjustments: readonly PlanAdjustmentDto[]): PlanAdjustmentDto[] =>
  [...adjustments].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));

/** 0.85 -> "85%" */
export const percent = (ratio: number): string => `${Math.round(ratio * 100)}%`;

/** seconds -> "3:05:10" (a pacing time) */
export const clockTime = (seconds: number): string => {
  const total = Math.max(0, Math.round(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
};

/** The Monday of a day's week (plans and the calendar run Monday to Sunday). */
export const mondayOf = (day: string): string => {
  const date = new Date(`${day}T00:00:00Z`);
  const sinceMonday = (date.getUTCDay() + 6) % 7;
  return new Date(date.getTime() - sinceMonday * DAY_MS).toISOString().slice(0, 10);
};
