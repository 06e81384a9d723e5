// Summary fields of an activity, computed from its own streams so the two always agree.
import type { DemoAthlete } from './athletes.js';
import type { ActivityPlan } from './planner.js';
import { encodePolyline } from './polyline.js';
import { createRandom, hashSeed, round } from './random.js';
import type { ActivityStreams, Simulation } from './ride-model.js';

// Math captured once: a global lookup per call is slow where jest runs tests (a vm context).
const { floor, max: mathMax, round: mathRound } = Math;

export interface ActivityStats {
  distance: number;
  movingTime: number;
  elapsedTime: number;
  totalElevationGain: number;
  elevHigh: number | null;
  elevLow: number | null;
  averageSpeed: number;
  maxSpeed: number;
  /** Null when the sport has no power at all (runs, walks, e-bikes). */
  averageWatts: number | null;
  weightedAverageWatts: number | null;
  maxWatts: number | null;
  kilojoules: number | null;
  /** Null when the sport has no power at all. */
  deviceWatts: boolean | null;
  averageHeartrate: number | null;
  maxHeartrate: number | null;
  averageCadence: number | null;
  calories: number;
  startLatlng: [number, number] | null;
  endLatlng: [number, number] | null;
  summaryPolyline: string;
  polyline: string;
}

type Values = ArrayLike<number>;

/**
 * Normalized power: 30 s rolling mean, raised to the 4th power, averaged, 4th root. Over `at` (indexes
 * into `watts`) when given, else over every sample.
 */
export const normalizedPower = (watts: Values, at?: ArrayLike<number>): number => {
  const n = at ? at.length : watts.length;
  const value = at ? (k: number) => watts[at[k]!]! : (k: number) => watts[k]!;
  if (n === 0) return 0;
  if (n < 30) {
    let sum = 0;
    for (let k = 0; k < n; k += 1) sum += value(k);
    return sum / n;
  }
  let window = 0;
  let sum4 = 0;
  for (let k = 0; k < n; k += 1) {
    window += value(k);
    if (k >= 30) window -= value(k - 30);
    if (k >= 29) {
      const mean = window / 30;
      const square = mean * mean;
      sum4 += square * square;
    }
  }
  return (sum4 / (n - 29)) ** 0.25;
};

const maxOf = (values: Values, n: number): number => {
  let max = -Infinity;
  for (let i = 0; i < n; i += 1) if (values[i]! > max) max = values[i]!;
  return max;
};

/** Samples recorded while moving (index 0 is the start and never counts). */
const movingIndexes = (streams: ActivityStreams): Int32Array => {
  const indexes = new Int32Array(streams.length);
  let count = 0;
  for (let i = 1; i < streams.length; i += 1) if (streams.moving[i]) indexes[count++] = i;
  return indexes.subarray(0, count);
};

const mean = (values: Values, at: Int32Array, skipZero = false): number | null => {
  let sum = 0;
  let count = 0;
  for (const i of at) {
    const value = values[i]!;
    if (skipZero && value === 0) continue;
    sum += value;
    count += 1;
  }
  return count ? sum / count : null;
};

/** Every k-th GPS point (and the last), at most `most` of them. */
const track = (streams: ActivityStreams, most: number): [number, number][] => {
  const { lat, lng, length } = streams;
  if (!lat || !lng) return [];
  const step = mathMax(1, length / most);
  const points: [number, number][] = [];
  for (let k = 0; floor(k * step) < length; k += 1) {
    const i = floor(k * step);
    points.push([lat[i]!, lng[i]!]);
  }
  points.push([lat[length - 1]!, lng[length - 1]!]);
  return points;
};

const hasPowerAtAll = (plan: ActivityPlan) =>
  plan.sportType !== 'Run' && plan.sportType !== 'Walk' && plan.sportType !== 'EBikeRide';

/** The summary of a recorded activity, from its streams. */
export const statsFromStreams = (
  plan: ActivityPlan,
  athlete: DemoAthlete,
  simulation: Simulation,
): ActivityStats => {
  const { streams, truePower } = simulation;
  const n = streams.length;
  const last = n - 1;
  const moving = movingIndexes(streams);
  const movingTime = moving.length;
  const distance = streams.distance[last]!;
  let gain = 0;
  let high = -Infinity;
  let low = Infinity;
  const altitude = streams.altitude;
  for (let i = 0; i < n; i += 1) {
    const here = altitude[i]!;
    if (i > 0 && here > altitude[i - 1]!) gain += here - altitude[i - 1]!;
    if (here > high) high = here;
    if (here < low) low = here;
  }
  const random = createRandom(hashSeed(plan.seed, 0xe5));
  let averageWatts: number | null = null;
  let weightedAverageWatts: number | null = null;
  let maxWatts: number | null = null;
  let kilojoules: number | null = null;
  const watts = streams.watts;
  if (watts) {
    averageWatts = round(mean(watts, moving) ?? 0, 1);
    weightedAverageWatts = mathRound(normalizedPower(watts, moving));
    maxWatts = maxOf(watts, n);
    let joules = 0;
    for (let i = 0; i < n; i += 1) joules += watts[i]!;
    kilojoules = round(joules / 1000, 1);
  } else if (hasPowerAtAll(plan)) {
    // Strava's estimate for a ride without a power meter
    averageWatts = round(truePower * random.range(0.92, 1.08), 1);
    kilojoules = round((averageWatts * movingTime) / 1000, 1);
  }
  const heartrate = streams.heartrate;
  const km = distance / 1000;
  const calories =
    plan.sportType === 'Run'
      ? round(athlete.weight * km * 1.036, 1)
      : plan.sportType === 'Walk'
        ? round(athlete.weight * km * 0.5, 1)
        : round(kilojoules ?? (truePower * movingTime) / 1000, 1);
  const { lat, lng } = streams;
  return {
    distance,
    movingTime,
    elapsedTime: streams.time[last]! - streams.time[0]!,
    totalElevationGain: round(gain, 1),
    elevHigh: round(high, 1),
    elevLow: round(low, 1),
    averageSpeed: movingTime ? round(distance / movingTime, 3) : 0,
    maxSpeed: round(maxOf(streams.velocity, n), 2),
    averageWatts,
    weightedAverageWatts,
    maxWatts,
    kilojoules,
    deviceWatts: hasPowerAtAll(plan) ? Boolean(watts) : null,
    averageHeartrate: heartrate ? round(mean(heartrate, moving) ?? 0, 1) : null,
    maxHeartrate: heartrate ? maxOf(heartrate, n) : null,
    averageCadence: streams.cadence ? round(mean(streams.cadence, moving, true) ?? 0, 1) : null,
    calories,
    startLatlng: lat && lng ? [lat[0]!, lng[0]!] : null,
    endLatlng: lat && lng ? [lat[last]!, lng[last]!] : null,
    summaryPolyline: lat ? encodePolyline(track(streams, 300)) : '',
    polyline: lat ? encodePolyline(track(streams, 2000)) : '',
  };
};

/** A manual entry: typed in by the athlete, no device, no streams. */
export const statsForManual = (plan: ActivityPlan): ActivityStats => {
  const random = createRandom(hashSeed(plan.seed, 0x3a));
  const speed = plan.sportType === 'Run' ? 3 : plan.sportType === 'Walk' ? 1.4 : random.range(6.5, 8.5);
  const distance = round(plan.movingSeconds * speed, 1);
  return {
    distance,
    movingTime: plan.movingSeconds,
    elapsedTime: plan.movingSeconds,
    totalElevationGain: 0,
    elevHigh: null,
    elevLow: null,
    averageSpeed: round(distance / plan.movingSeconds, 3),
    maxSpeed: 0,
    averageWatts: null,
    weightedAverageWatts: null,
    maxWatts: null,
    kilojoules: null,
    deviceWatts: null,
    averageHeartrate: null,
    maxHeartrate: null,
    averageCadence: null,
    calories: 0,
    startLatlng: null,
    endLatlng: null,
    summaryPolyline: '',
    polyline: '',
  };
};
