/** One measure, in one unit, week by week (a chart's series). */
export interface WeeklySeries {
  id: string;
  color: string;
  /** formats a value with its unit for the tooltip ("12.40 mi") */
  format: (value: number) => string;
  values: { week: string; value: number | null }[];
}

/** Whether a series has a value to draw (a week without one is a gap in the line). */
export const hasValues = (series: Pick<WeeklySeries, 'values'>): boolean =>
  series.values.some((v) => v.value !== null);

/** Whether any of the weeks had a ride: without one, the weekly charts have nothing to show. */
export const hasRiddenWeeks = (weeks: readonly { rides: number }[]): boolean =>
  weeks.some((week) => week.rides > 0);
