/**
 * Turns Strava's streams (one sample per recorded point, at irregular times with smart recording)
 * into 1 Hz series, the time base every metric below assumes.
 *
 * Gaps between samples (GoldenCheetah's "fix gaps" convention, with its 90 s stop limit):
 * - while moving (Strava's `moving` flag, else `velocity_smooth` >= 0.5 m/s, true on both sides of
 *   the gap), a gap of up to MAX_INTERPOLATE_SECONDS is filled with values interpolated linearly
 *   between the samples on either side; a longer one is a recording dropout filled with zeros (the
 *   time was ridden, the work is unknown and counts as none);
 * - while stopped (not moving on one side of the gap), the gap is a pause (auto-pause, a café stop)
 *   and counts as one second, and seconds recorded while stopped without pedalling (a device that
 *   does not auto-pause) are left out, so stops never add zeros to the averages: averages, NP and
 *   TSS are over the ridden time, like Strava's moving-time averages;
 * - without a moving or speed stream (some indoor files), a gap of up to 90 s is interpolated and a
 *   longer one taken as a pause.
 * Readings that cannot be true are dropouts: power above MAX_POWER_WATTS is 0 W for that second;
 * heart rate above MAX_HEARTRATE_BPM, or jumping by more than MAX_HEARTRATE_JUMP_BPM from the last good
 * reading of the 10 s before, is no reading (0, skipped by heart-rate averages).
 */
export const MAX_INTERPOLATE_SECONDS = 90;
export const MAX_POWER_WATTS = 2500;
export const MAX_HEARTRATE_BPM = 230;
export const MAX_HEARTRATE_JUMP_BPM = 40;
/** a jump is checked against a good reading at most this old */
const HEARTRATE_JUMP_WINDOW_SECONDS = 10;
/** after this many rejected heart-rate samples in a row the new level is believed (a strap re-pairing) */
const HEARTRATE_REJECTS_BEFORE_RESET = 5;
/** m/s: slower is stopped (when there is no moving stream) */
const MOVING_SPEED_MPS = 0.5;

/** Streams as Strava sends them (`key_by_type=true`), each the same length as `time`. */
export interface RawStreams {
  time: ArrayLike<number>;
  watts?: ArrayLike<number | null> | null;
  heartrate?: ArrayLike<number | null> | null;
  cadence?: ArrayLike<number | null> | null;
  /** Strava's moving flag (booleans, or 1/0 as stored) */
  moving?: ArrayLike<boolean | number | null> | null;
  /** Strava's velocity_smooth, m/s */
  velocity?: ArrayLike<number | null> | null;
}

/** 1 Hz series; a series is null when the stream is absent. */
export interface Series {
  length: number;
  watts: Float64Array | null;
  heartrate: Float64Array | null;
  cadence: Float64Array | null;
}

const usable = <T>(stream: ArrayLike<T> | null | undefined, length: number): ArrayLike<T> | null =>
  stream && stream.length === length ? stream : null;

const finite = (value: number | null | undefined): number =>
  value !== null && value !== undefined && value > 0 && value < Infinity ? value : 0;

/** Power with spikes above MAX_POWER_WATTS as 0 W. */
const cleanPower = (watts: ArrayLike<number | null>): Float64Array =>
  Float64Array.from({ length: watts.length }, (_, i) => {
    const v = finite(watts[i]);
    return v > MAX_POWER_WATTS ? 0 : v;
  });

/** Heart rate with impossible readings (too high, or an impossible jump) as 0 (no reading). */
const cleanHeartrate = (heartrate: ArrayLike<number | null>, time: ArrayLike<number>): Float64Array => {
  const out = new Float64Array(heartrate.length);
  let last = 0;
  let lastAt = 0;
  let rejected = 0;
  for (let i = 0; i < heartrate.length; i += 1) {
    const v = finite(heartrate[i]);
    if (v === 0 || v > MAX_HEARTRATE_BPM) continue;
    if (
      last > 0 &&
      time[i]! - lastAt <= HEARTRATE_JUMP_WINDOW_SECONDS &&
      Math.abs(v - last) > MAX_HEARTRATE_JUMP_BPM &&
      rejected < HEARTRATE_REJECTS_BEFORE_RESET
    ) {
      rejected += 1;
      continue;
    }
    out[i] = v;
    last = v;
    lastAt = time[i]!;
    rejected = 0;
  }
  return out;
};

const Fill = {
  /** one slot: the sample itself */
  Sample: 0,
  /** gap - 1 interpolated slots, then the sample */
  Interpolate: 1,
  /** gap - 1 zero slots, then the sample */
  Zeros: 2,
} as const;

/** Resamples streams to 1 Hz in one pass (O(duration)). Missing values count as 0. */
export const toSeries = (streams: RawStreams): Series => {
  const { time } = streams;
  const n = time.length;
  if (n === 0) return { length: 0, watts: null, heartrate: null, cadence: null };
  const rawWatts = usable(streams.watts, n);
  const rawHeartrate = usable(streams.heartrate, n);
  const rawCadence = usable(streams.cadence, n);
  const moving = usable(streams.moving, n);
  const velocity = usable(streams.velocity, n);
  const flagged = (i: number): boolean | null =>
    moving ? Boolean(moving[i]) : velocity ? (velocity[i] ?? 0) >= MOVING_SPEED_MPS : null;
  // a file that never moves (a trainer without speed) says nothing about stops
  let movedAtAll = false;
  for (let i = 0; i < n && !movedAtAll; i += 1) movedAtAll = flagged(i) === true;
  const isMoving = (i: number): boolean | null => (movedAtAll ? flagged(i) : null);
  /** a second recorded while stopped and not pedalling: left out, like a pause */
  const stopped = (i: number): boolean => isMoving(i) === false && !(finite(rawWatts?.[i]) > 0);

  // How each sample fills the seconds since the previous one.
  const fills = new Uint8Array(n);
  const slots = new Int32Array(n);
  let length = 0;
  for (let i = 0; i < n; i += 1) {
    const gap = i === 0 ? 1 : Math.round(time[i]! - time[i - 1]!);
    let fill: number = Fill.Sample;
    if (gap > 1) {
      const movingAcross = isMoving(i) === null ? null : isMoving(i - 1)! && isMoving(i)!;
      if (movingAcross === false) fill = Fill.Sample;
      else if (gap <= MAX_INTERPOLATE_SECONDS) fill = Fill.Interpolate;
      else fill = movingAcross ? Fill.Zeros : Fill.Sample;
    }
    fills[i] = fill;
    slots[i] = fill === Fill.Sample ? (stopped(i) ? 0 : 1) : gap;
    length += slots[i]!;
  }

  /** `skipZeros`: a zero is no reading, so a gap next to one is not interpolated (heart rate). */
  const expand = (values: Float64Array | null, skipZeros: boolean): Float64Array | null => {
    if (!values) return null;
    const out = new Float64Array(length);
    let at = 0;
    for (let i = 0; i < n; i += 1) {
      const v = values[i]!;
      const count = slots[i]!;
      if (count === 0) continue;
      if (count > 1 && fills[i] === Fill.Interpolate) {
        const from = values[i - 1]!;
        if (!skipZeros || (from > 0 && v > 0))
          for (let k = 1; k < count; k += 1) out[at + k - 1] = from + ((v - from) * k) / count;
      }
      // Fill.Zeros and uninterpolated slots stay 0
      at += count - 1;
      out[at++] = v;
    }
    return out;
  };

  return {
    length,
    watts: expand(rawWatts && cleanPower(rawWatts), false),
    heartrate: expand(rawHeartrate && cleanHeartrate(rawHeartrate, time), true),
    cadence: expand(rawCadence && Float64Array.from({ length: n }, (_, i) => finite(rawCadence[i])), false),
  };
};
