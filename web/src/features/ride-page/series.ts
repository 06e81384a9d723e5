/**
 * Arithmetic on a ride's aligned series (every channel one value per sample, at the same index as
 * `time`): where a cursor falls, which samples a zoomed range holds, and that range's averages.
 * Pure functions, O(n), no allocation per sample beyond the 1 Hz grid.
 */
import '../../app/zod-jitless';
import { normalizedPower } from '@domestique/proto';

/** A channel of an aligned series: a value per sample (0 where the sensor gave none). */
export type Channel = readonly number[];

/**
 * The index of the sample nearest to `x` in an ascending axis (time or distance), by binary search;
 * -1 for an empty axis.
 */
export const nearestIndex = (axis: readonly number[], x: number): number => {
  if (axis.length === 0) return -1;
  let low = 0;
  let high = axis.length - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (axis[middle]! < x) low = middle + 1;
    else high = middle;
  }
  if (low > 0 && x - axis[low - 1]! <= axis[low]! - x) return low - 1;
  return low;
};

/** The first index whose axis value is at least `x` (the length when none is). */
const firstAtLeast = (axis: readonly number[], x: number): number => {
  let low = 0;
  let high = axis.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (axis[middle]! < x) low = middle + 1;
    else high = middle;
  }
  return low;
};

/**
 * The first and last index (inclusive) of the samples whose axis value lies within [from, to]; at
 * least one sample on each side is kept when the range falls between two, so a line reaches the edges.
 */
export const indexRange = (axis: readonly number[], from: number, to: number): [number, number] => {
  if (axis.length === 0) return [0, -1];
  const first = Math.min(firstAtLeast(axis, from), axis.length - 1);
  const last = Math.max(first, firstAtLeast(axis, to + Number.EPSILON * Math.abs(to)) - 1);
  return [first, Math.min(last, axis.length - 1)];
};

/**
 * The channel as one value per second from `from` to `to` (seconds of `time`), each second taking the
 * value of the sample at or before it, so a downsampled series weighs its samples by the time they
 * stand for (a 1 Hz series comes back as it is).
 */
export const perSecond = (
  time: readonly number[],
  values: Channel,
  from: number,
  to: number,
): Float64Array => {
  const seconds = Math.max(0, Math.floor(to - from) + 1);
  const grid = new Float64Array(seconds);
  let index = Math.max(0, nearestIndex(time, from));
  if (time[index]! > from && index > 0) index -= 1;
  for (let second = 0; second < seconds; second += 1) {
    const at = from + second;
    while (index + 1 < time.length && time[index + 1]! <= at) index += 1;
    grid[second] = values[index] ?? 0;
  }
  return grid;
};

const meanOf = (values: Float64Array, positiveOnly: boolean): number | null => {
  let total = 0;
  let count = 0;
  for (const value of values) {
    if (positiveOnly && value <= 0) continue;
    total += value;
    count += 1;
  }
  return count === 0 ? null : total / count;
};

export interface RangeAverages {
  /** seconds the range spans */
  seconds: number;
  averagePower: number | null;
  normalizedPower: number | null;
  /** of the samples with a reading (a dropout is not 0 bpm) */
  averageHeartRate: number | null;
  /** of the pedalling samples (coasting is not 0 rpm) */
  averageCadence: number | null;
}

export interface AlignedChannels {
  time: readonly number[];
  power: Channel | null;
  heartRate: Channel | null;
  cadence: Channel | null;
}

/** The averages of the samples between two times (seconds from the start), weighed per second. */
export const rangeAverages = (series: AlignedChannels, from: number, to: number): RangeAverages => {
  const start = Math.max(from, series.time[0] ?? 0);
  const end = Math.min(to, series.time[series.time.length - 1] ?? 0);
  const of = (channel: Channel | null) => (channel ? perSecond(series.time, channel, start, end) : null);
  const power = of(series.power);
  const heartRate = of(series.heartRate);
  const cadence = of(series.cadence);
  return {
    seconds: Math.max(0, end - start),
    averagePower: power ? meanOf(power, false) : null,
    normalizedPower: power ? normalizedPower(power) : null,
    averageHeartRate: heartRate ? meanOf(heartRate, true) : null,
    averageCadence: cadence ? meanOf(cadence, true) : null,
  };
};

/** The smallest and largest value of a channel between two indexes (inclusive); null if none. */
export const extent = (values: Channel, first = 0, last = values.length - 1): [number, number] | null => {
  let low = Infinity;
  let high = -Infinity;
  for (let i = first; i <= last; i += 1) {
    const value = values[i];
    if (value === undefined) continue;
    if (value < low) low = value;
    if (value > high) high = value;
  }
  return low === Infinity ? null : [low, high];
};
