import type { RideIntervalDto, RideStreamSeriesDto } from '@domestique/proto';
import type { Domain } from './chart-geometry';
import { nearestIndex, type Channel } from './series';
import type { QuantityName } from './units';

/** A span of the ride in seconds of its time axis (the zoomed range, an interval). */
export interface TimeRange {
  from: number;
  to: number;
}

export type XAxisKind = 'time' | 'distance';

export type ChannelKey = 'power' | 'heartRate' | 'cadence' | 'speed' | 'altitude';

export interface ChannelSpec {
  key: ChannelKey;
  label: string;
  quantity: QuantityName;
  color: string;
  /** amounts start their axis at 0; altitude fits its values */
  fromZero: boolean;
}

/** The charted channels, top to bottom (Okabe-Ito colours, as the app's other charts). */
export const CHANNELS: readonly ChannelSpec[] = [
  { key: 'power', label: 'Power', quantity: 'power', color: '#0072B2', fromZero: true },
  { key: 'heartRate', label: 'Heart rate', quantity: 'heartRate', color: '#D55E00', fromZero: false },
  { key: 'cadence', label: 'Cadence', quantity: 'cadence', color: '#009E73', fromZero: true },
  { key: 'speed', label: 'Speed', quantity: 'speed', color: '#CC79A7', fromZero: true },
  { key: 'altitude', label: 'Altitude', quantity: 'elevation', color: '#8a6d00', fromZero: false },
];

/** The channels a series has, in chart order. */
export const channelsOf = (series: RideStreamSeriesDto): { spec: ChannelSpec; values: Channel }[] =>
  CHANNELS.flatMap((spec) => {
    const values = series[spec.key];
    return values && values.length === series.time.length ? [{ spec, values }] : [];
  });

/**
 * One series seen along time or distance: its x axis, the visible domain for a zoomed time range,
 * and the conversions between the two axes (distance advances with time, so each is a lookup).
 */
export interface AxisView {
  axis: readonly number[];
  domain: Domain;
  /** the x value (seconds or metres) at a time */
  xOfTime: (seconds: number) => number;
  /** the time at an x value */
  timeOfX: (x: number) => number;
}

export const axisView = (series: RideStreamSeriesDto, kind: XAxisKind, view: TimeRange | null): AxisView => {
  const { time } = series;
  const axis = kind === 'distance' && series.distance ? series.distance : time;
  const xOfTime = (seconds: number) => axis[Math.max(0, nearestIndex(time, seconds))] ?? 0;
  const timeOfX = (x: number) => time[Math.max(0, nearestIndex(axis, x))] ?? 0;
  const first = axis[0] ?? 0;
  const last = axis[axis.length - 1] ?? 0;
  const domain = view ? { from: xOfTime(view.from), to: xOfTime(view.to) } : { from: first, to: last };
  return { axis, domain: domain.to > domain.from ? domain : { from: first, to: last }, xOfTime, timeOfX };
};

/** An interval's span on the x axis (distance uses its own bounds when the server gave them). */
export const intervalSpan = (interval: RideIntervalDto, kind: XAxisKind, view: AxisView): Domain =>
  kind === 'distance' && interval.startDistance !== null && interval.endDistance !== null
    ? { from: interval.startDistance, to: interval.endDistance }
    : { from: view.xOfTime(interval.startTime), to: view.xOfTime(interval.endTime) };

/** The smallest range a zoom may show, in seconds. */
export const MIN_ZOOM_SECONDS = 30;

/** A time range widened to the minimum zoom and kept within the ride. */
export const clampRange = (range: TimeRange, rideEnd: number): TimeRange => {
  let from = Math.max(0, Math.min(range.from, range.to));
  let to = Math.min(rideEnd, Math.max(range.from, range.to));
  if (to - from < MIN_ZOOM_SECONDS) {
    const middle = (from + to) / 2;
    from = Math.max(0, Math.min(rideEnd - MIN_ZOOM_SECONDS, middle - MIN_ZOOM_SECONDS / 2));
    to = Math.min(rideEnd, from + MIN_ZOOM_SECONDS);
  }
  return { from, to };
};

/** Zooms in (factor < 1) or out (> 1) around a time; null once it shows the whole ride again. */
export const zoomAround = (
  current: TimeRange | null,
  at: number,
  factor: number,
  rideEnd: number,
): TimeRange | null => {
  const range = current ?? { from: 0, to: rideEnd };
  const span = (range.to - range.from) * factor;
  if (span >= rideEnd) return null;
  const share = range.to > range.from ? (at - range.from) / (range.to - range.from) : 0.5;
  const from = Math.max(0, Math.min(rideEnd - span, at - span * share));
  return clampRange({ from, to: from + span }, rideEnd);
};
