import '../../app/zod-jitless';
import { formBand, type FormBand, type TrainingLoadDayDto } from '@domestique/proto';
import { CHART_COLORS } from '../analytics/chart-theme';

/** The training-load charts' data: dates as the time axis wants them, and the figures above the charts. */

/** A calendar day as the time axis' date (midnight UTC: the axis runs in UTC, so no day shifts). */
export const dayDate = (day: string): Date => new Date(`${day}T00:00:00Z`);

/** A time-axis date back to its calendar day. */
export const dateDay = (date: Date): string => date.toISOString().slice(0, 10);

/** True when some day of the series carries load: a range without rides shows its empty state. */
export const hasLoad = (days: readonly TrainingLoadDayDto[]): boolean =>
  days.some((d) => d.load > 0 || d.ctl > 0 || d.atl > 0);

export interface LoadSummary {
  date: string;
  ctl: number;
  atl: number;
  tsb: number;
  band: FormBand;
  /** CTL change over the last 7 days (null with under 8 days of series) */
  rampRate: number | null;
}

/** The figures of the series' last day: today's fitness, fatigue, form and ramp rate. */
export const loadSummary = (days: readonly TrainingLoadDayDto[]): LoadSummary | null => {
  const last = days[days.length - 1];
  if (!last) return null;
  const weekBefore = days.length > 7 ? days[days.length - 8]! : null;
  return {
    date: last.date,
    ctl: last.ctl,
    atl: last.atl,
    tsb: last.tsb,
    band: formBand(last.tsb),
    rampRate: weekBefore ? last.ctl - weekBefore.ctl : null,
  };
};

/**
 * The time axis' ticks for a span of days: weekly over 6 weeks, monthly over a few months, then every
 * 2, 3, 6 or 12 months; about half as many on a phone.
 */
export const dateTickSpec = (spanDays: number, narrow: boolean): string => {
  const span = narrow ? spanDays * 2 : spanDays;
  if (span <= 63) return 'every week';
  if (span <= 120) return 'every 2 weeks';
  if (span <= 250) return 'every month';
  if (span <= 500) return 'every 2 months';
  if (span <= 800) return 'every 3 months';
  if (span <= 1600) return 'every 6 months';
  return 'every year';
};

/** The tick label format for that spacing: "Mar 9", "Mar 2026", "2026". */
export const dateTickFormat = (spec: string): string => {
  if (spec.includes('week')) return '%b %-d';
  if (spec === 'every year') return '%Y';
  return '%b %Y';
};

/** "+3.5", "-12", "0": a signed figure, to one decimal. */
export const signed = (value: number, decimals = 0): string => {
  const rounded = Number(value.toFixed(decimals));
  return `${rounded > 0 ? '+' : ''}${rounded.toFixed(decimals)}`;
};

/** The load charts' colours (Okabe-Ito; the legend names each). */
export const SERIES_COLORS = {
  fitness: CHART_COLORS.blue,
  fatigue: CHART_COLORS.purple,
  form: '#24304a',
  load: '#b8c2d3',
  estimated: CHART_COLORS.orange,
} as const;
