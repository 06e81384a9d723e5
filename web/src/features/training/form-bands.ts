import '../../app/zod-jitless';
import { FORM_BANDS, type FormBand } from '@domestique/proto';
import { CHART_COLORS } from '../analytics/chart-theme';

/**
 * How the form chart shades its background the way intervals.icu does: one band per range of TSB.
 * The thresholds are proto's (FORM_BANDS, shared with the server and the coach); only the colours
 * live here. Each colour is drawn faint behind the line and named in the legend, so no band is told
 * apart by colour alone.
 */
export const FORM_BAND_COLORS: Record<FormBand, string> = {
  transition: CHART_COLORS.yellow,
  fresh: CHART_COLORS.sky,
  grey: '#9aa3b2',
  optimal: CHART_COLORS.green,
  'high-risk': CHART_COLORS.vermillion,
};

/** What each band means for a rider, in the legend. */
export const FORM_BAND_HELP: Record<FormBand, string> = {
  transition: 'rested for long: fitness is fading',
  fresh: 'ready to race or test',
  grey: 'neither fresh nor building much',
  optimal: 'building fitness',
  'high-risk': 'overreaching: rest soon',
};

export interface FormBandRange {
  key: FormBand;
  label: string;
  /** the band's bottom and top TSB, clipped to the chart's axis */
  from: number;
  to: number;
  color: string;
}

/** The range of a legend entry: "above +25", "+5 to +25", "below -30". */
export const formBandRangeText = (key: FormBand): string => {
  const index = FORM_BANDS.findIndex((band) => band.key === key);
  const { min } = FORM_BANDS[index]!;
  const above = index === 0 ? null : FORM_BANDS[index - 1]!.min;
  const signed = (value: number) => (value > 0 ? `+${value}` : String(value));
  if (min === null) return `below ${signed(above!)}`;
  if (above === null) return `${signed(min)} and above`;
  return `${signed(min)} to ${signed(above)}`;
};

/**
 * The bands visible on an axis from `low` to `high` (TSB), top band first, each clipped to the
 * axis; bands wholly outside it are left out.
 */
export const visibleFormBands = (low: number, high: number): FormBandRange[] =>
  FORM_BANDS.flatMap((band, index) => {
    const top = index === 0 ? high : Math.min(high, FORM_BANDS[index - 1]!.min!);
    const bottom = band.min === null ? low : Math.max(low, band.min);
    return top > bottom
      ? [{ key: band.key, label: band.label, from: bottom, to: top, color: FORM_BAND_COLORS[band.key] }]
      : [];
  });

/** The form axis: the data's range widened to show at least the grey zone and the optimal band. */
export const formAxis = (values: readonly number[]): [number, number] => {
  const low = Math.min(-35, ...values);
  const high = Math.max(30, ...values);
  return [Math.floor(low / 5) * 5 - 5, Math.ceil(high / 5) * 5 + 5];
};
