import type { BestEffortDto, RideMetricsDto, ZoneTimeDto } from '@domestique/proto';
import {
  BEST_EFFORT_SECONDS,
  HEART_RATE_ZONE_UPPER_BOUNDS,
  POWER_ZONE_UPPER_BOUNDS,
  bestMean,
  max,
  mean,
  meanOfPositive,
  normalizedPower,
  timeInZones,
  trainingStressScore,
} from './power.js';
import type { Series } from './series.js';

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
}

/** The thresholds a ride is measured against. */
export interface Thresholds {
  ftp: number | null;
  ftpSource: 'rider' | 'estimated' | null;
  lthr: number | null;
}

/** What a ride contributes to the rider's thresholds (stored beside the metrics). */
export interface ThresholdInputs {
  /** best 20-minute power (power meter only) */
  best20MinutePower: number | null;
  /** best 20-minute average heart rate */
  best20MinuteHeartrate: number | null;
}

const round = (value: number | null, decimals: number): number | null => {
  if (value === null || !Number.isFinite(value)) return null;
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
};

const zones = (counts: number[]): ZoneTimeDto[] =>
  counts.map((seconds, index) => ({ zone: index + 1, seconds }));

const ratio = (a: number | null, b: number | null): number | null => (a !== null && b ? a / b : null);

/** The thresholds-independent inputs a ride gives the rider's FTP and LTHR estimates. */
export const thresholdInputs = (series: Series | null, deviceWatts: boolean): ThresholdInputs => ({
  best20MinutePower: series?.watts && deviceWatts ? round(bestMean(series.watts, 1200), 1) : null,
  best20MinuteHeartrate: series?.heartrate ? round(bestMean(series.heartrate, 1200), 1) : null,
});

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

  let decoupling: number | null = null;
  if (watts && heartrate) {
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
      if (best !== null) bestEfforts.push({ durationSeconds, watts: round(best, 1)! });
    }
  }

  return {
    source: fromStreams ? 'streams' : 'summary',
    averagePower: round(averagePower, 1),
    normalizedPower: round(np, 1),
    variabilityIndex: round(ratio(np, averagePower), 3),
    intensityFactor: round(intensityFactor, 3),
    trainingStressScore: round(tss, 1),
    efficiencyFactor: round(ratio(np, averageHeartrate), 3),
    aerobicDecoupling: round(decoupling, 2),
    ftp,
    ftpSource: ftp ? thresholds.ftpSource : null,
    lthr,
    powerZones: watts && ftp ? zones(timeInZones(watts, ftp, POWER_ZONE_UPPER_BOUNDS, false)) : [],
    heartRateZones:
      heartrate && lthr ? zones(timeInZones(heartrate, lthr, HEART_RATE_ZONE_UPPER_BOUNDS, true)) : [],
    bestEfforts,
    maxPower: round(maxPower, 0),
    maxHeartrate: round(heartrate ? max(heartrate) : summary.maxHeartrate, 0),
  };
};
