import { addDays } from './load-ranges';

/**
 * The rider's power-duration curve on a logarithmic time axis (1 s to 5 h): the ticks riders read
 * efforts by, and the two periods the screen compares.
 */
export const CURVE_MIN_S = 1;
export const CURVE_MAX_S = 5 * 3600;

/** The durations every cyclist quotes: sprint, anaerobic, VO2max, FTP test, hour. */
export const CURVE_TICKS = [5, 60, 300, 1200, 3600] as const;

/** A duration as an axis tick: "5s", "1m", "20m", "1h", "1h 30m". */
export const curveTickLabel = (seconds: number): string => {
  if (seconds < 60) return `${seconds}s`;
  if (seconds < 3600) return `${Math.round(seconds / 60)}m`;
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.round((seconds % 3600) / 60);
  return minutes > 0 ? `${hours}h ${minutes}m` : `${hours}h`;
};

/** The axis' domain for the durations drawn: never wider than 1 s to 5 h, never a single point. */
export const curveDomain = (durations: readonly number[]): [number, number] => {
  if (durations.length === 0) return [CURVE_MIN_S, CURVE_MAX_S];
  const low = Math.max(CURVE_MIN_S, Math.min(...durations));
  const high = Math.min(CURVE_MAX_S, Math.max(...durations));
  return high > low ? [low, high] : [low, Math.min(CURVE_MAX_S, low * 10)];
};

/** The standard ticks inside a domain (a tick at either edge is kept). */
export const curveTicks = ([low, high]: [number, number]): number[] =>
  CURVE_TICKS.filter((tick) => tick >= low && tick <= high);

/** The periods the curve compares: the last `days` days, and the same days a year (or a period) before. */
export const CURVE_PERIODS = [
  { key: '90d', label: 'Last 90 days', short: '90 days', days: 90 },
  { key: '42d', label: 'Last 6 weeks', short: '6 weeks', days: 42 },
  { key: '1y', label: 'Last year', short: '1 year', days: 365 },
] as const;
export type CurvePeriodKey = (typeof CURVE_PERIODS)[number]['key'];

export const COMPARISONS = [
  { key: 'year-before', label: 'Same days a year before', short: 'A year before' },
  { key: 'previous', label: 'The period before', short: 'Before' },
  { key: 'none', label: 'No comparison', short: 'None' },
] as const;
export type ComparisonKey = (typeof COMPARISONS)[number]['key'];

export interface DayRange {
  from: string;
  to: string;
}

/** The period ending `today` and the one it is compared with (null: none). */
export const curvePeriods = (
  period: CurvePeriodKey,
  comparison: ComparisonKey,
  today: string,
): { current: DayRange; compared: DayRange | null } => {
  const { days } = CURVE_PERIODS.find((p) => p.key === period)!;
  const current = { from: addDays(today, -(days - 1)), to: today };
  if (comparison === 'none') return { current, compared: null };
  if (comparison === 'previous')
    return { current, compared: { from: addDays(current.from, -days), to: addDays(current.from, -1) } };
  const yearBack = (day: string) =>
    `${Number(day.slice(0, 4)) - 1}${day.slice(4)}`.replace('-02-29', '-02-28');
  return { current, compared: { from: yearBack(current.from), to: yearBack(current.to) } };
};
