// Realistic rides for the benchmark: the Strava simulator's 1 Hz model rides them, and the rides
// service's own metrics code (the code its streams worker runs) turns their streams into metrics.
import { resolveAthletes } from '../../simulators/dist/strava/athletes.js';
import { planHistory } from '../../simulators/dist/strava/planner.js';
import { simulate } from '../../simulators/dist/strava/ride-model.js';
import { statsFromStreams } from '../../simulators/dist/strava/summary.js';
import { computeRideMetrics, thresholdInputs } from '@domestique/rides/metrics/ride-metrics';
import { toSeries } from '@domestique/rides/metrics/series';

const CYCLING = new Set(['Ride', 'GravelRide', 'MountainBikeRide', 'VirtualRide', 'EBikeRide']);

const athleteFor = (seed, profile = 'racer') => resolveAthletes([{ profile, activities: 400 }], seed)[0];

/** The streams of a simulated activity as Strava sends them, resampled to 1 Hz by the rides service. */
const seriesOf = ({ streams }) =>
  toSeries({
    time: streams.time.subarray(0, streams.length),
    watts: streams.watts?.subarray(0, streams.length) ?? null,
    heartrate: streams.heartrate?.subarray(0, streams.length) ?? null,
    cadence: streams.cadence?.subarray(0, streams.length) ?? null,
  });

/** The thresholds the rides service measures against (the athlete's FTP as if the rider set it). */
const thresholdsOf = (athlete) => ({
  ftp: athlete.ftp,
  ftpSource: 'rider',
  lthr: Math.round(athlete.maxHeartrate * 0.9),
});

/**
 * `count` cycling rides of one simulated athlete, each as the rides table stores it: Strava's
 * summary columns (from the streams, as Strava computes them) and the streams-derived metrics.
 */
export const sampleRides = (count, seed = 7) => {
  const athlete = athleteFor(seed);
  const plans = planHistory(athlete, seed, Math.floor(Date.now() / 1000)).filter(
    (plan) => CYCLING.has(plan.sportType) && !plan.manual,
  );
  const rides = [];
  for (const plan of plans) {
    if (rides.length >= count) break;
    const simulation = simulate(plan, athlete);
    if (!simulation) continue;
    const stats = statsFromStreams(plan, athlete, simulation);
    const deviceWatts = stats.deviceWatts === true;
    const series = seriesOf(simulation);
    const own = thresholdInputs(series, deviceWatts);
    const metrics = computeRideMetrics(
      series,
      {
        movingTimeS: stats.movingTime,
        deviceWatts,
        averageWatts: stats.averageWatts,
        weightedAverageWatts: stats.weightedAverageWatts,
        maxWatts: stats.maxWatts,
        averageHeartrate: stats.averageHeartrate,
        maxHeartrate: stats.maxHeartrate,
      },
      thresholdsOf(athlete),
    );
    rides.push({
      name: plan.name,
      sport_type: plan.sportType,
      distance_m: stats.distance,
      moving_time_s: stats.movingTime,
      elapsed_time_s: stats.elapsedTime,
      total_elevation_gain_m: stats.totalElevationGain,
      average_speed_mps: stats.averageSpeed,
      average_watts: stats.averageWatts,
      weighted_average_watts: stats.weightedAverageWatts,
      max_watts: stats.maxWatts,
      device_watts: deviceWatts,
      average_heartrate: stats.averageHeartrate,
      max_heartrate: stats.maxHeartrate,
      average_cadence: stats.averageCadence,
      trainer: plan.trainer,
      commute: plan.commute,
      best20_minute_power: own.best20MinutePower,
      best20_minute_heartrate: own.best20MinuteHeartrate,
      metrics,
    });
  }
  if (rides.length < count) throw new Error(`The simulator planned only ${rides.length} rides`);
  return rides;
};

/**
 * A 4-hour 1 Hz ride with power, heart rate and cadence, and the arguments the rides service's
 * streams worker passes to its metrics code for it.
 */
export const fourHourRide = (seed = 11) => {
  const athlete = athleteFor(seed);
  const plan = planHistory(athlete, seed, Math.floor(Date.now() / 1000)).find(
    (p) => p.sportType === 'Ride' && !p.manual && p.power && p.heartRate && p.cadence,
  );
  const simulation = simulate({ ...plan, movingSeconds: 4 * 3600, trainer: false }, athlete);
  const stats = statsFromStreams(plan, athlete, simulation);
  const { streams } = simulation;
  const raw = {
    time: Array.from(streams.time.subarray(0, streams.length)),
    watts: Array.from(streams.watts.subarray(0, streams.length)),
    heartrate: Array.from(streams.heartrate.subarray(0, streams.length)),
    cadence: Array.from(streams.cadence.subarray(0, streams.length)),
  };
  const summary = {
    movingTimeS: stats.movingTime,
    deviceWatts: true,
    averageWatts: stats.averageWatts,
    weightedAverageWatts: stats.weightedAverageWatts,
    maxWatts: stats.maxWatts,
    averageHeartrate: stats.averageHeartrate,
    maxHeartrate: stats.maxHeartrate,
  };
  return { raw, summary, thresholds: thresholdsOf(athlete), samples: streams.length, simulation, stats };
};

/** Milliseconds to compute every metric of one 4-hour ride (resampling, thresholds inputs, metrics). */
export const measureRideMetrics = ({ runs = 200 } = {}) => {
  const { raw, summary, thresholds, samples } = fourHourRide();
  const once = () => {
    const series = toSeries(raw);
    thresholdInputs(series, true);
    return computeRideMetrics(series, summary, thresholds);
  };
  for (let i = 0; i < 20; i += 1) once();
  const times = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    once();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { samples, p50: times[Math.floor(runs / 2)], p99: times[Math.floor(runs * 0.99)] };
};
