/**
 * The eval's own arithmetic over a simulated ride's raw 1 Hz streams, written apart from the rides
 * service's metrics code (same published formulas: Coggan's NP, IF and TSS; work as the sum of the
 * recorded power), so a number the coach states is checked against the data, not against itself.
 */

export interface RawRide {
  /** 1 Hz samples; watts null without a power meter */
  watts: ArrayLike<number> | null;
  heartrate: ArrayLike<number> | null;
  moving: ArrayLike<number>;
  /** metres, cumulative */
  distance: ArrayLike<number>;
  length: number;
}

export interface IndependentFigures {
  /** watts over the ridden seconds: moving or pedalling (stops do not lower averages) */
  averagePower: number | null;
  normalizedPower: number | null;
  /** the sum of the recorded power, kJ */
  kilojoules: number | null;
  movingSeconds: number;
  distanceM: number;
  maxHeartrate: number | null;
}

const NP_WINDOW = 30;

/** NP: the 30 s rolling mean, to the 4th power, averaged, 4th root. */
const normalized = (watts: readonly number[]): number | null => {
  if (watts.length < NP_WINDOW) return null;
  let sum = 0;
  let fourth = 0;
  let windows = 0;
  for (let i = 0; i < watts.length; i += 1) {
    sum += watts[i]!;
    if (i >= NP_WINDOW) sum -= watts[i - NP_WINDOW]!;
    if (i >= NP_WINDOW - 1) {
      fourth += (sum / NP_WINDOW) ** 4;
      windows += 1;
    }
  }
  return (fourth / windows) ** 0.25;
};

export const independentFigures = (ride: RawRide): IndependentFigures => {
  const { watts, heartrate, moving, distance, length } = ride;
  const moved: number[] = [];
  let work = 0;
  let maxHeartrate: number | null = null;
  for (let i = 0; i < length; i += 1) {
    if (watts) work += watts[i]!;
    if (moving[i] || (watts && watts[i]! > 0)) moved.push(watts ? watts[i]! : 0);
    const hr = heartrate?.[i] ?? 0;
    if (hr > 0 && hr <= 230) maxHeartrate = Math.max(maxHeartrate ?? 0, hr);
  }
  return {
    averagePower: watts && moved.length ? moved.reduce((a, b) => a + b, 0) / moved.length : null,
    normalizedPower: watts ? normalized(moved) : null,
    kilojoules: watts ? work / 1000 : null,
    movingSeconds: moved.length,
    distanceM: length ? distance[length - 1]! : 0,
    maxHeartrate,
  };
};

/** IF = NP / FTP; TSS = seconds x NP x IF / (FTP x 3600) x 100. */
export const intensity = (np: number, ftp: number, seconds: number) => {
  const intensityFactor = np / ftp;
  return { intensityFactor, tss: ((seconds * np * intensityFactor) / (ftp * 3600)) * 100 };
};
