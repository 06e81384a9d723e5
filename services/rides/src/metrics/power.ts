/**
 * Power and heart-rate arithmetic over 1 Hz series: O(n) windows over typed arrays, no allocation
 * per sample. All functions are pure.
 */

/** Normalized power is defined once, in proto (the web's ride page computes a range's NP with it). */
export { normalizedPower, NP_WINDOW_SECONDS } from '@domestique/proto';

export const sum = (values: Float64Array): number => {
  let total = 0;
  for (let i = 0; i < values.length; i += 1) total += values[i]!;
  return total;
};

export const mean = (values: Float64Array, from = 0, to = values.length): number => {
  if (to <= from) return 0;
  let sum = 0;
  for (let i = from; i < to; i += 1) sum += values[i]!;
  return sum / (to - from);
};

export const max = (values: Float64Array): number => {
  let best = 0;
  for (let i = 0; i < values.length; i += 1) if (values[i]! > best) best = values[i]!;
  return best;
};

/** Mean of the non-zero values (heart rate and cadence: a dropout or coasting is not a reading). */
export const meanOfPositive = (values: Float64Array, from = 0, to = values.length): number | null => {
  let sum = 0;
  let count = 0;
  for (let i = from; i < to; i += 1) {
    const v = values[i]!;
    if (v > 0) {
      sum += v;
      count += 1;
    }
  }
  return count === 0 ? null : sum / count;
};

/** The best mean of `seconds` consecutive values (a sliding window), or null if the series is shorter. */
export const bestMean = (values: Float64Array, seconds: number): number | null => {
  if (seconds <= 0 || values.length < seconds) return null;
  let sum = 0;
  for (let i = 0; i < seconds; i += 1) sum += values[i]!;
  let best = sum;
  for (let i = seconds; i < values.length; i += 1) {
    sum += values[i]! - values[i - seconds]!;
    if (sum > best) best = sum;
  }
  return best / seconds;
};

/**
 * Seconds per zone. `upperBounds` are the zones' inclusive upper limits as fractions of the
 * threshold (ascending); values above the last bound fall in the last zone. Zero values (coasting,
 * a dropout) count in zone 1 for power and are skipped for heart rate (`skipZeros`).
 */
export const timeInZones = (
  values: Float64Array,
  threshold: number,
  upperBounds: readonly number[],
  skipZeros: boolean,
): number[] => {
  const counts = new Array<number>(upperBounds.length + 1).fill(0);
  const limits = upperBounds.map((fraction) => fraction * threshold);
  for (let i = 0; i < values.length; i += 1) {
    const v = values[i]!;
    if (skipZeros && v <= 0) continue;
    let zone = 0;
    while (zone < limits.length && v > limits[zone]!) zone += 1;
    counts[zone] += 1;
  }
  return counts;
};

/** Coggan's power zones as fractions of FTP: Z1 <=55%, Z2 56-75, Z3 76-90, Z4 91-105, Z5 106-120, Z6 121-150, Z7 >150. */
export const POWER_ZONE_UPPER_BOUNDS = [0.55, 0.75, 0.9, 1.05, 1.2, 1.5] as const;

/** Coggan's heart-rate zones as fractions of LTHR: Z1 <=68%, Z2 69-83, Z3 84-94, Z4 95-105, Z5 >105. */
export const HEART_RATE_ZONE_UPPER_BOUNDS = [0.68, 0.83, 0.94, 1.05] as const;

/** Best efforts recorded per ride (seconds): 5 s, 1, 5, 20 and 60 min. */
export const BEST_EFFORT_SECONDS = [5, 60, 300, 1200, 3600] as const;

/** TSS = seconds x NP x IF / (FTP x 3600) x 100. */
export const trainingStressScore = (seconds: number, np: number, ftp: number): number =>
  ((seconds * np * (np / ftp)) / (ftp * 3600)) * 100;
