import {
  DEFAULT_RIDE_TYPE,
  type BestEffortDto,
  type RideMetricsDto,
  type ZoneTimeDto,
} from '@domestique/proto';
import {
  BEST_EFFORT_SECONDS,
  HEART_RATE_ZONE_UPPER_BOUNDS,
  POWER_ZONE_UPPER_BOUNDS,
  bestMean,
  max,
  mean,
  meanOfPositive,
  normalizedPower,
  sum,
  timeInZones,
  trainingStressScore,
} from './power.js';
import { CP_DURATIONS, type RideEfforts } from './physiology.js';
import type { Series } from './series.js';
import { readWorkout } from './workout/read-workout.js';

/** Strava's summary fields of an activity, the fallback when there are no streams. */
export interface RideSummary {
  movingTimeS: number;
  /** true when the watts come from a power meter (Strava's device_watts) */
  deviceWatts: boolean;
  averageWatts: number | null;
  /** Strava's weighted average power (its NP) */
  weightedAverageWatts: number | null;
  maxWatts: number | null;
  averageHeartrate: number | null;
  maxHeartrate: number | null;
  /** context for reading the workout (an e-bike, a commute, indoors) */
  sportType?: string | null;
  commute?: boolean;
  indoor?: boolean;
}

/** EF and decoupling need at least this much riding (seconds). */
export const MIN_EFFICIENCY_SECONDS = 20 * 60;
/** Decoupling needs a steady ride of at least this long (seconds). */
export const MIN_DECOUPLING_SECONDS = 45 * 60;
/** Without a workout reading, a ride is steady when its VI is at most this. */
export const STEADY_MAX_VARIABILITY_INDEX = 1.1;

/** The thresholds a ride is measured against. */
export interface Thresholds {
  ftp: number | null;
  ftpSource: 'rider' | 'estimated' | null;
  lthr: number | null;
  /** how the FTP was estimated, in words (null when the rider set it) */
  ftpDescription?: string | null;
  /** the rider's max heart rate (set or estimated) */
  maxHeartrate?: number | null;
}

/** What a ride contributes to the rider's estimates (stored with the ride as `efforts`). */
export type StoredEfforts = Omit<RideEfforts, 'rideId' | 'startDate'>;

/** What a ride contributes to the rider's thresholds (stored beside the metrics). */
export interface ThresholdInputs extends StoredEfforts {
  /** best 20-minute power (power meter only) */
  best20MinutePower: number | null;
}

const round = (value: number | null, decimals: number): number | null => {
  if (value === null || !Number.isFinite(value)) return null;
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
};

/**
 * Derived metrics are stored unrounded: every screen and text rounds once, as it displays them
 * (stored at 3 decimals, an IF of 0.93475 showed as 0.94 where NP / FTP gives 0.93).
 */
const exact = (value: number | null): number | null =>
  value !== null && Number.isFinite(value) ? value : null;

const zones = (counts: number[]): ZoneTimeDto[] =>
  counts.map((seconds, index) => ({ zone: index + 1, seconds }));

const ratio = (a: number | null, b: number | null): number | null => (a !== null && b ? a / b : null);

/** The thresholds-independent inputs a ride gives the rider's FTP and LTHR estimates. */
export const thresholdInputs = (series: Series | null, deviceWatts: boolean): ThresholdInputs => {
  const watts = deviceWatts ? (series?.watts ?? null) : null;
  const bestPower: Partial<Record<number, number>> = {};
  if (watts)
    for (const seconds of CP_DURATIONS) {
      const best = round(bestMean(watts, seconds), 1);
      if (best) bestPower[seconds] = best;
    }
  const heartrate = series?.heartrate ?? null;
  const highest = heartrate ? max(heartrate) : 0;
  return {
    bestPower,
    best20MinutePower: bestPower[1200] ?? null,
    best20MinuteHeartrate: heartrate ? round(bestMean(heartrate, 1200), 1) : null,
    maxHeartrate: highest > 0 ? highest : null,
  };
};

/** True when a ride's efforts can change an estimate (it has power or heart-rate readings). */
export const contributes = (efforts: StoredEfforts): boolean =>
  Object.keys(efforts.bestPower).length > 0 ||
  efforts.best20MinuteHeartrate !== null ||
  efforts.maxHeartrate !== null;

/**
 * Every metric of one ride. From the 1 Hz series when present, else from Strava's summary. Power
 * metrics need a power meter (`deviceWatts`): estimated watts are never trusted.
 */
export const computeRideMetrics = (
  series: Series | null,
  summary: RideSummary,
  thresholds: Thresholds,
): RideMetricsDto => {
  const { ftp, lthr } = thresholds;
  const watts = summary.deviceWatts ? (series?.watts ?? null) : null;
  const heartrate = series?.heartrate ?? null;
  const fromStreams = series !== null && series.length > 0;

  let averagePower: number | null;
  let np: number | null;
  let seconds: number;
  let maxPower: number | null;
  if (fromStreams && watts) {
    averagePower = mean(watts);
    np = normalizedPower(watts);
    seconds = series.length;
    maxPower = max(watts);
  } else {
    averagePower = summary.deviceWatts ? summary.averageWatts : null;
    np = summary.deviceWatts ? (summary.weightedAverageWatts ?? summary.averageWatts) : null;
    seconds = summary.movingTimeS;
    maxPower = summary.deviceWatts ? summary.maxWatts : null;
  }

  const averageHeartrate = heartrate ? meanOfPositive(heartrate) : summary.averageHeartrate;
  const intensityFactor = np !== null && ftp ? np / ftp : null;
  const tss = np !== null && ftp ? trainingStressScore(seconds, np, ftp) : null;
  const variabilityIndex = ratio(np, averagePower);

  const workout = fromStreams
    ? readWorkout(series, {
        ftp,
        lthr,
        maxHeartrate: thresholds.maxHeartrate ?? null,
        deviceWatts: summary.deviceWatts,
        sportType: summary.sportType ?? DEFAULT_RIDE_TYPE,
        commute: summary.commute ?? false,
        indoor: summary.indoor ?? false,
        movingTimeS: summary.movingTimeS,
      })
    : null;
  const steady = workout
    ? workout.steady
    : variabilityIndex !== null && variabilityIndex <= STEADY_MAX_VARIABILITY_INDEX;

  // EF and decoupling mean nothing over a few minutes; decoupling only over a long steady effort
  let decoupling: number | null = null;
  if (watts && heartrate && seconds >= MIN_DECOUPLING_SECONDS && steady) {
    const half = Math.floor(series!.length / 2);
    const first = ratio(normalizedPower(watts, 0, half), meanOfPositive(heartrate, 0, half));
    const second = ratio(
      normalizedPower(watts, half, series!.length),
      meanOfPositive(heartrate, half, series!.length),
    );
    if (first !== null && second !== null && first > 0) decoupling = ((first - second) / first) * 100;
  }

  const bestEfforts: BestEffortDto[] = [];
  if (watts) {
    for (const durationSeconds of BEST_EFFORT_SECONDS) {
      const best = bestMean(watts, durationSeconds);
      if (best !== null) bestEfforts.push({ durationSeconds, watts: best });
    }
  }

  return {
    source: fromStreams ? 'streams' : 'summary',
    averagePower: exact(averagePower),
    normalizedPower: exact(np),
    variabilityIndex: exact(variabilityIndex),
    intensityFactor: exact(intensityFactor),
    trainingStressScore: exact(tss),
    efficiencyFactor: seconds >= MIN_EFFICIENCY_SECONDS ? exact(ratio(np, averageHeartrate)) : null,
    aerobicDecoupling: exact(decoupling),
    ftp,
    ftpSource: ftp ? thresholds.ftpSource : null,
    ftpDescription: ftp && thresholds.ftpSource === 'estimated' ? (thresholds.ftpDescription ?? null) : null,
    lthr,
    powerZones: watts && ftp ? zones(timeInZones(watts, ftp, POWER_ZONE_UPPER_BOUNDS, false)) : [],
    heartRateZones:
      heartrate && lthr ? zones(timeInZones(heartrate, lthr, HEART_RATE_ZONE_UPPER_BOUNDS, true)) : [],
    bestEfforts,
    maxPower: round(maxPower, 0),
    maxHeartrate: round(heartrate ? max(heartrate) : summary.maxHeartrate, 0),
    // work: every recorded second's power (1 Hz), so stops and coasting add nothing
    kilojoules: fromStreams && watts ? sum(watts) / 1000 : null,
    recordedSeconds: fromStreams ? series.length : null,
    workout,
  };
};
