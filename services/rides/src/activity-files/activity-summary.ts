import type { StravaStreamSet } from '../strava/strava.types.js';
import type { ActivityFormat, ParsedActivity, ParsedLap } from './activity-file.types.js';

/**
 * One recorded point, whatever the format, before it becomes Strava-shaped streams. A null is "not
 * recorded at this point"; a heart rate or cadence of 0 is stored as null (no strap, not 0 bpm).
 */
export interface ActivitySample {
  /** epoch milliseconds */
  time: number;
  lat: number | null;
  lng: number | null;
  altitude: number | null;
  /** cumulative distance as the device recorded it, metres */
  distance: number | null;
  /** recorded speed, m/s */
  speed: number | null;
  heartrate: number | null;
  cadence: number | null;
  watts: number | null;
}

/** What a parser knows beyond its samples. */
export interface ActivityFacts {
  format: ActivityFormat;
  subSport: string | null;
  device: string | null;
  name: string | null;
  /** the device's own start (FIT session start_time); defaults to the first sample */
  startDate?: Date;
  /** the device's total distance (FIT session), preferred over the samples when present */
  deviceDistanceM?: number | null;
  laps: { start: Date; durationS: number; distanceM: number | null }[];
  /** the file's own record count when it differs from the samples kept */
  records?: number;
}

/** Mean Earth radius (IUGG), metres, as gpxpy and the fixtures' expected distances use. */
const EARTH_RADIUS_M = 6_371_008.8;
/** A sample at least this fast is moving. */
const MOVING_SPEED_MPS = 0.5;
/** A longer interval between two samples is a gap (a pause, a stop) and never moving time. */
const MAX_MOVING_GAP_S = 60;
/** Climbs smaller than this are altimeter noise (GoldenCheetah's ElevationGain hysteresis). */
const ASCENT_HYSTERESIS_M = 3;
const INDOOR_SUB_SPORTS = new Set(['indoor_cycling', 'virtual_activity', 'spin', 'trainer']);

const RADIANS = Math.PI / 180;

/** Great-circle distance in metres. */
export const haversineM = (lat1: number, lng1: number, lat2: number, lng2: number): number => {
  const dLat = (lat2 - lat1) * RADIANS;
  const dLng = (lng2 - lng1) * RADIANS;
  const a =
    Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * RADIANS) * Math.cos(lat2 * RADIANS) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(a)));
};

const hasPosition = (s: ActivitySample): s is ActivitySample & { lat: number; lng: number } =>
  s.lat !== null && s.lng !== null;

/** Haversine distance of each step (0 for the first sample and where a position is missing). */
const gpsSteps = (samples: ActivitySample[]): Float64Array => {
  const steps = new Float64Array(samples.length);
  let last: (ActivitySample & { lat: number; lng: number }) | null = null;
  for (let i = 0; i < samples.length; i += 1) {
    const s = samples[i]!;
    if (!hasPosition(s)) continue;
    if (last) steps[i] = haversineM(last.lat, last.lng, s.lat, s.lng);
    last = s;
  }
  return steps;
};

/**
 * Speed at each sample: the recorded speed, else Δdistance/Δt from the recorded distance, else the
 * haversine step over Δt; null where none can be known.
 */
const speeds = (samples: ActivitySample[], steps: Float64Array): (number | null)[] =>
  samples.map((s, i) => {
    if (s.speed !== null) return s.speed;
    if (i === 0) return null;
    const previous = samples[i - 1]!;
    const dt = (s.time - previous.time) / 1000;
    if (dt <= 0) return null;
    if (s.distance !== null && previous.distance !== null)
      return Math.max(0, s.distance - previous.distance) / dt;
    return hasPosition(s) && hasPosition(previous) ? steps[i]! / dt : null;
  });

/** Moving: at least MOVING_SPEED_MPS, or pedalling, or producing power. */
const isMoving = (s: ActivitySample, speed: number | null): boolean =>
  (speed !== null && speed >= MOVING_SPEED_MPS) || (s.cadence ?? 0) > 0 || (s.watts ?? 0) > 0;

/**
 * Moving time: Σ Δt over consecutive samples where Δt ≤ 60 s and the later sample is moving. So
 * pauses (timer stops, which leave no samples), auto-pause gaps and stops without pedalling are
 * left out, whatever the recording interval (smart recording, 1 Hz). Close to GoldenCheetah's "Time
 * Moving" and to the fixtures' expected values.
 */
const movingTimeS = (samples: ActivitySample[], moving: boolean[]): number => {
  let total = 0;
  for (let i = 1; i < samples.length; i += 1) {
    const dt = (samples[i]!.time - samples[i - 1]!.time) / 1000;
    if (dt > 0 && dt <= MAX_MOVING_GAP_S && moving[i]) total += dt;
  }
  return total;
};

/** Ascent from the recorded altitude, counting a climb only once it exceeds the hysteresis. */
export const ascentM = (altitudes: number[]): number => {
  if (altitudes.length === 0) return 0;
  let gain = 0;
  let reference = altitudes[0]!;
  for (const altitude of altitudes) {
    if (altitude > reference + ASCENT_HYSTERESIS_M) {
      gain += altitude - reference;
      reference = altitude;
    } else if (altitude < reference - ASCENT_HYSTERESIS_M) reference = altitude;
  }
  return gain;
};

/** Total distance: the device's, else the span of the recorded distance, else the GPS track. */
const totalDistanceM = (
  samples: ActivitySample[],
  steps: Float64Array,
  deviceDistanceM?: number | null,
): number => {
  if (deviceDistanceM !== undefined && deviceDistanceM !== null) return deviceDistanceM;
  const recorded = samples.filter((s) => s.distance !== null);
  if (recorded.length > 1) return recorded[recorded.length - 1]!.distance! - recorded[0]!.distance!;
  return steps.reduce((sum, step) => sum + step, 0);
};

interface Stats {
  mean: number | null;
  max: number | null;
}

/** Mean and max over the samples where `pick` gives a value (callers drop zeros they do not want). */
const stats = (samples: ActivitySample[], pick: (s: ActivitySample) => number | null): Stats => {
  let sum = 0;
  let count = 0;
  let max = -Infinity;
  for (const s of samples) {
    const value = pick(s);
    if (value === null) continue;
    sum += value;
    count += 1;
    if (value > max) max = value;
  }
  return count === 0 ? { mean: null, max: null } : { mean: round1(sum / count), max };
};

const round1 = (value: number): number => Math.round(value * 10) / 10;

const positive = (value: number | null): number | null => (value !== null && value > 0 ? value : null);

/**
 * The samples as Strava-shaped streams: one entry per distinct second (a point repeated at a TCX lap
 * boundary is kept once), time in whole seconds from the start, a channel only when the file has it.
 * Missing readings are 0 for sensors (as Strava sends dropouts) and carried forward for position,
 * altitude and distance.
 */
const toStreams = (
  samples: ActivitySample[],
  start: number,
  distance: number[],
  velocity: (number | null)[],
  moving: boolean[],
): StravaStreamSet => {
  const kept: number[] = [];
  let lastSecond = -Infinity;
  samples.forEach((s, i) => {
    const second = Math.round((s.time - start) / 1000);
    if (second > lastSecond) kept.push(i);
    lastSecond = Math.max(lastSecond, second);
  });
  const carried = (pick: (s: ActivitySample) => number | null): number[] => {
    const first = samples.find((s) => pick(s) !== null);
    let last = first ? pick(first)! : 0;
    return kept.map((i) => (last = pick(samples[i]!) ?? last));
  };
  const any = (pick: (s: ActivitySample) => number | null) => samples.some((s) => (pick(s) ?? 0) > 0);
  const streams: StravaStreamSet = {
    time: { data: kept.map((i) => Math.round((samples[i]!.time - start) / 1000)) },
    moving: { data: kept.map((i) => moving[i]!) },
  };
  if (samples.some((s) => s.distance !== null || hasPosition(s)))
    streams.distance = { data: kept.map((i) => distance[i]!) };
  if (velocity.some((v) => v !== null)) streams.velocity_smooth = { data: kept.map((i) => velocity[i] ?? 0) };
  if (samples.some((s) => s.altitude !== null)) streams.altitude = { data: carried((s) => s.altitude) };
  if (samples.some(hasPosition)) {
    const lat = carried((s) => s.lat);
    const lng = carried((s) => s.lng);
    streams.latlng = { data: lat.map((value, j) => [value, lng[j]!]) };
  }
  if (any((s) => s.heartrate)) streams.heartrate = { data: kept.map((i) => samples[i]!.heartrate ?? 0) };
  if (any((s) => s.cadence)) streams.cadence = { data: kept.map((i) => samples[i]!.cadence ?? 0) };
  if (samples.some((s) => s.watts !== null))
    streams.watts = { data: kept.map((i) => samples[i]!.watts ?? 0) };
  return streams;
};

/** Cumulative distance per sample: the recorded one (from 0) where present, else the GPS track. */
const cumulativeDistance = (samples: ActivitySample[], steps: Float64Array): number[] => {
  const recorded = samples.find((s) => s.distance !== null);
  if (recorded) {
    const origin = recorded.distance!;
    let last = 0;
    return samples.map((s) => (last = s.distance !== null ? Math.max(0, s.distance - origin) : last));
  }
  let total = 0;
  return samples.map((_, i) => (total += steps[i]!));
};

/**
 * Summarises samples (sorted by time, at least one) into a ParsedActivity: times, distance, ascent,
 * averages (power over every sample carrying power, zeros included; heart rate and cadence over
 * samples above 0: the GoldenCheetah rules the fixtures' expected values follow) and streams.
 */
export function summarise(samples: ActivitySample[], facts: ActivityFacts): ParsedActivity {
  const first = samples[0]!;
  const start = first.time;
  const steps = gpsSteps(samples);
  const velocity = speeds(samples, steps);
  const moving = samples.map((s, i) => isMoving(s, velocity[i]!));
  const movingS = movingTimeS(samples, moving);
  const distanceM = totalDistanceM(samples, steps, facts.deviceDistanceM);
  const power = stats(samples, (s) => s.watts);
  const heartrate = stats(samples, (s) => positive(s.heartrate));
  const cadence = stats(samples, (s) => positive(s.cadence));
  const speed = stats(samples, (s) => s.speed);
  const startDate = facts.startDate ?? new Date(start);
  const laps: ParsedLap[] = facts.laps.map((lap) => ({
    startS: Math.max(0, Math.round((lap.start.getTime() - start) / 1000)),
    durationS: lap.durationS,
    distanceM: lap.distanceM,
  }));
  const altitudes = samples.flatMap((s) => (s.altitude === null ? [] : [s.altitude]));
  return {
    format: facts.format,
    sport: 'cycling',
    subSport: facts.subSport,
    device: facts.device,
    name: facts.name,
    startDate,
    elapsedTimeS: Math.round((samples[samples.length - 1]!.time - start) / 1000),
    movingTimeS: Math.round(movingS),
    distanceM: round1(distanceM),
    totalElevationGainM: round1(ascentM(altitudes)),
    averageSpeedMps: movingS > 0 ? Math.round((distanceM / movingS) * 1000) / 1000 : 0,
    maxSpeedMps: speed.max,
    averageWatts: power.mean,
    maxWatts: power.max,
    averageHeartrate: heartrate.mean,
    maxHeartrate: heartrate.max,
    averageCadence: cadence.mean,
    indoor: (facts.subSport !== null && INDOOR_SUB_SPORTS.has(facts.subSport)) || !samples.some(hasPosition),
    laps,
    streams: toStreams(samples, start, cumulativeDistance(samples, steps), velocity, moving),
    records: facts.records ?? samples.length,
  };
}
