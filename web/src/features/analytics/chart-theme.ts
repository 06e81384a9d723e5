import type { DefaultSeries, LineSvgProps } from '@nivo/line';

type ChartTheme = NonNullable<LineSvgProps<DefaultSeries>['theme']>;

/**
 * Okabe-Ito colours: told apart by riders with every common kind of colour blindness, and each
 * series also differs by line style or position, never by colour alone.
 */
export const CHART_COLORS = {
  blue: '#0072B2',
  orange: '#E69F00',
  green: '#009E73',
  vermillion: '#D55E00',
  purple: '#CC79A7',
  sky: '#56B4E9',
  yellow: '#F0E442',
} as const;

/** Zone bars from easy to hard: cool to warm, in Okabe-Ito order of distinguishability. */
export const ZONE_COLORS = [
  CHART_COLORS.sky,
  CHART_COLORS.blue,
  CHART_COLORS.green,
  CHART_COLORS.yellow,
  CHART_COLORS.orange,
  CHART_COLORS.vermillion,
  CHART_COLORS.purple,
];

/** Readable on a phone: 12 px ticks, dark text, light grid. */
export const chartTheme: ChartTheme = {
  text: { fontSize: 12, fill: '#344159' },
  axis: {
    legend: { text: { fontSize: 12, fontWeight: 600, fill: '#24304a' } },
    ticks: { text: { fontSize: 12, fill: '#40506d' } },
  },
  grid: { line: { stroke: '#e4e8ef' } },
  tooltip: { container: { fontSize: 13 } },
};

/** "2026-03-09" -> "Mar 9" (the week's Monday). */
export const weekLabel = (week: string): string =>
  new Date(`${week}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });

/** Every third week's label on a phone (the current week always), every week's on a wider screen. */
export const tickWeeks = (weeks: string[], narrow: boolean): string[] =>
  narrow ? weeks.filter((_, index) => (weeks.length - 1 - index) % 3 === 0) : weeks;
