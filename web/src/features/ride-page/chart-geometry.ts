import { extent, type Channel } from './series';

/**
 * The ride charts' geometry: each channel is one SVG path in a fixed 1000 x 100 box that the browser
 * stretches to the chart's size (non-scaling strokes), so drawing needs no measuring and a resize
 * redraws nothing. Pure functions.
 */
export const PLOT_WIDTH = 1000;
export const PLOT_HEIGHT = 100;

/** The visible part of the x axis, in the axis' own unit (seconds or metres). */
export interface Domain {
  from: number;
  to: number;
}

/** A position on the x axis as a fraction of the visible domain (0 left edge, 1 right edge). */
export const fractionOf = (domain: Domain, x: number): number =>
  domain.to > domain.from ? (x - domain.from) / (domain.to - domain.from) : 0;

/** The x value at a fraction of the visible domain. */
export const valueAt = (domain: Domain, fraction: number): number =>
  domain.from + Math.min(1, Math.max(0, fraction)) * (domain.to - domain.from);

/** The y range a channel is drawn over: its extent in the visible samples, padded, never flat. */
export const yRange = (values: Channel, first: number, last: number, fromZero: boolean): [number, number] => {
  const found = extent(values, first, last) ?? [0, 1];
  const low = fromZero ? Math.min(0, found[0]) : found[0];
  const span = found[1] - low || 1;
  return [fromZero ? low : low - span * 0.05, found[1] + span * 0.05];
};

/** The SVG path of samples first..last of a channel against an x axis, in the 1000 x 100 box. */
export const linePath = (
  axis: readonly number[],
  values: Channel,
  first: number,
  last: number,
  domain: Domain,
  [low, high]: [number, number],
): string => {
  const xScale = PLOT_WIDTH / (domain.to - domain.from || 1);
  const yScale = PLOT_HEIGHT / (high - low || 1);
  const parts: string[] = [];
  for (let i = first; i <= last; i += 1) {
    const x = (axis[i]! - domain.from) * xScale;
    const y = PLOT_HEIGHT - (values[i]! - low) * yScale;
    parts.push(`${i === first ? 'M' : 'L'}${x.toFixed(1)} ${y.toFixed(1)}`);
  }
  return parts.join('');
};

const NICE_STEPS = [1, 2, 2.5, 5];

/** About `count` round tick values within [from, to] (1, 2, 2.5 or 5 times a power of ten apart). */
export const niceTicks = (from: number, to: number, count: number): number[] => {
  if (!(to > from)) return [from];
  const rough = (to - from) / Math.max(1, count);
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = (NICE_STEPS.find((s) => s * power >= rough) ?? 10) * power;
  const ticks: number[] = [];
  for (let tick = Math.ceil(from / step) * step; tick <= to + step * 1e-9; tick += step)
    ticks.push(Number(tick.toPrecision(12)));
  return ticks;
};

const TIME_STEPS = [30, 60, 120, 300, 600, 900, 1200, 1800, 3600, 7200, 10800];

/** About `count` tick times (seconds) on round minutes or hours within [from, to]. */
export const timeTicks = (from: number, to: number, count: number): number[] => {
  const step = TIME_STEPS.find((s) => (to - from) / s <= count) ?? 14400;
  const ticks: number[] = [];
  for (let tick = Math.ceil(from / step) * step; tick <= to; tick += step) ticks.push(tick);
  return ticks;
};
