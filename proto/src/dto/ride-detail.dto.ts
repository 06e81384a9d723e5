import { z } from 'zod';
import type { RideDto } from './rides.dto.js';
import { WORKOUT_TYPES } from './workout.dto.js';

/**
 * The ride page's data (issue 20): `GET /api/rides/{id}` and `GET /api/rides/{id}/streams`. New
 * endpoints, so SI units throughout: metres, m/s, seconds, watts, bpm, rpm; the web converts to the
 * rider's units. Both answer 404 `{ message: "Ride not found" }` for a missing ride, another rider's
 * ride or a malformed id, and are gzip-compressed for a client that accepts it.
 *
 * Feedback is not part of these answers: the analysis service owns it. Fetch it with the GraphQL
 * query `ride(id: $id) { id hasAiFeedback aiFeedback { summary strengths weaknesses recommendations
 * fullAnalysis outdated } }` (the `aiFeedback` field is resolved by the analysis service through the
 * gateway's federation, as on the rides list); analyse with the existing `analyzeRide` mutation or
 * `POST /api/rides/{id}/analyze`.
 */

export const RideDetailMessages = {
  rideNotFound: 'Ride not found',
  invalidPoints: (min: number, max: number) => `points must be a whole number from ${min} to ${max}`,
  invalidResolution: 'resolution must be "display" or "full"',
} as const;

/** How many points the display resolution answers: the default, and the bounds of `?points=`. */
export const RIDE_STREAM_POINTS = { default: 1500, min: 100, max: 5000 } as const;
export const RIDE_STREAM_RESOLUTIONS = ['display', 'full'] as const;
export type RideStreamResolution = (typeof RIDE_STREAM_RESOLUTIONS)[number];

/**
 * The durations of a power-duration curve, seconds: 1, 2, 5, 10, 15, 20, 30 s, then 1, 2, 3, 5, 8,
 * 10, 12, 15, 20, 30, 45, 60, 90, 120, 180, 240, 300 min. A ride's curve stops at its length.
 */
export const POWER_CURVE_SECONDS = [
  1, 2, 5, 10, 15, 20, 30, 60, 120, 180, 300, 480, 600, 720, 900, 1200, 1800, 2700, 3600, 5400, 7200, 10800,
  14400, 18000,
] as const;

/** The window of the rider's best curve the ride page compares against: the 90 days up to the ride. */
export const BEST_POWER_CURVE_DAYS = 90;

// ---- GET /api/rides/{id}/streams ------------------------------------------------------------

const pointsMessage = RideDetailMessages.invalidPoints(RIDE_STREAM_POINTS.min, RIDE_STREAM_POINTS.max);

/**
 * `?points=N&resolution=display|full`. `points` (default 1500, 100-5000) is the most points the
 * display resolution answers; `resolution=full` answers every stored sample and ignores `points`.
 * Anything else is a 400 `{ message }`.
 */
export const RideStreamsQuery = z.strictObject({
  points: z.coerce
    .number({ error: pointsMessage })
    .int(pointsMessage)
    .min(RIDE_STREAM_POINTS.min, pointsMessage)
    .max(RIDE_STREAM_POINTS.max, pointsMessage)
    .default(RIDE_STREAM_POINTS.default),
  resolution: z
    .enum(RIDE_STREAM_RESOLUTIONS, { error: RideDetailMessages.invalidResolution })
    .default('display'),
});
export type RideStreamsQuery = z.infer<typeof RideStreamsQuery>;

/**
 * The ride's streams, every series the same length as `time` and aligned on it (index i of each
 * series is the sample at `time[i]`). A series is absent when the ride has no such sensor. Values:
 * time s from the start (elapsed, pauses included), distance m, power W, heartRate bpm, cadence rpm,
 * speed m/s, altitude m, latlng [lat, lng] degrees. A missing reading is 0 (a dropout, coasting).
 */
export const RideStreamSeriesSchema = z.object({
  time: z.array(z.number()),
  distance: z.array(z.number()).optional(),
  power: z.array(z.number()).optional(),
  heartRate: z.array(z.number()).optional(),
  cadence: z.array(z.number()).optional(),
  speed: z.array(z.number()).optional(),
  altitude: z.array(z.number()).optional(),
  latlng: z.array(z.tuple([z.number(), z.number()])).optional(),
});
export type RideStreamSeriesDto = z.infer<typeof RideStreamSeriesSchema>;

/**
 * `GET /api/rides/{id}/streams`. At display resolution the samples are reduced with a
 * largest-triangle-three-buckets selection over all channels at once (one shared index set, so every
 * series stays aligned), always keeping the first, the last and the max-power sample: at most
 * `points` points. While the ride's streams are still being fetched from Strava: `pending: true`
 * and every series empty (poll again later).
 */
export const RideStreamsSchema = z.object({
  rideId: z.string(),
  /** how many points each series has */
  points: z.number().int(),
  /** true when every stored sample is answered (resolution=full, or a ride with fewer samples than points) */
  full: z.boolean(),
  /** true while the streams are not fetched yet */
  pending: z.boolean(),
  /** how many samples the stored streams have */
  totalSamples: z.number().int(),
  series: RideStreamSeriesSchema,
});
export type RideStreamsDto = z.infer<typeof RideStreamsSchema>;

// ---- GET /api/rides/{id} --------------------------------------------------------------------

/**
 * One zone with its bounds (W for power, bpm for heart rate, to 0.01: threshold x Coggan's
 * fraction): a reading is in the zone when min < reading <= max (zone 1 from 0 inclusive).
 */
export const RideZoneSchema = z.object({
  zone: z.number().int(),
  /** the zone's lower bound (the previous zone's max; 0 for zone 1) */
  min: z.number(),
  /** inclusive upper bound; null for the open top zone */
  max: z.number().nullable(),
  seconds: z.number(),
});
export type RideZoneDto = z.infer<typeof RideZoneSchema>;

/** Time in zones against a threshold (FTP in W for power, LTHR in bpm for heart rate). */
export const RideZonesSchema = z.object({
  threshold: z.number(),
  zones: z.array(RideZoneSchema),
});
export type RideZonesDto = z.infer<typeof RideZonesSchema>;

/**
 * One detected work interval. `startTime`/`endTime` are on the streams' time axis (seconds from the
 * start, pauses included: draw them on the charts directly); `durationSeconds` is the ridden time.
 */
export const RideIntervalSchema = z.object({
  /** 1-based position in the ride */
  number: z.number().int(),
  startTime: z.number(),
  endTime: z.number(),
  durationSeconds: z.number(),
  /** start/end distance on the streams' distance axis (m); null without a distance stream */
  startDistance: z.number().nullable(),
  endDistance: z.number().nullable(),
  averagePower: z.number().nullable(),
  /** whole percent of the FTP the ride was measured against */
  percentOfFtp: z.number().nullable(),
  averageHeartrate: z.number().nullable(),
  averageCadence: z.number().nullable(),
  /** the Coggan power zone (1-7) of the interval's average power; null without power or FTP */
  powerZone: z.number().int().nullable(),
  /** easy seconds after the interval before the next one (null after the last) */
  recoverySeconds: z.number().nullable(),
});
export type RideIntervalDto = z.infer<typeof RideIntervalSchema>;

/** A point of a ride's power-duration curve: the best average power held for `durationSeconds`. */
export const PowerCurvePointSchema = z.object({
  durationSeconds: z.number().int(),
  watts: z.number(),
});
export type PowerCurvePointDto = z.infer<typeof PowerCurvePointSchema>;

/** A point of the rider's best curve, with the ride it was set on. */
export const BestPowerCurvePointSchema = PowerCurvePointSchema.extend({
  rideId: z.string(),
  /** ISO 8601, UTC: the start of that ride */
  startDate: z.string(),
});
export type BestPowerCurvePointDto = z.infer<typeof BestPowerCurvePointSchema>;

/**
 * The rider's best curve over every ride with power-meter streams that started in (from, to]: the
 * 90 days up to and including this ride (so an old ride is set against the form of its time).
 */
export const BestPowerCurveSchema = z.object({
  days: z.number().int(),
  /** ISO 8601 */
  from: z.string(),
  to: z.string(),
  points: z.array(BestPowerCurvePointSchema),
});
export type BestPowerCurveDto = z.infer<typeof BestPowerCurveSchema>;

const isRide = (value: unknown): value is RideDto =>
  typeof value === 'object' && value !== null && typeof (value as { id?: unknown }).id === 'string';

/** What the ride page shows; fetch the streams (charts, route) separately. */
export const RideDetailSchema = z.object({
  /**
   * The ride as the rides list answers it, its stored metrics included (`ride.metrics`: NP, average
   * power, IF, TSS, kJ, VI, EF, decoupling, zone seconds, best efforts, workout). `ride.aiFeedback`
   * is always null here: see the note at the top of this file.
   */
  ride: z.custom<RideDto>(isRide),
  /** a trainer or virtual ride, or a ride without GPS */
  indoor: z.boolean(),
  hasGps: z.boolean(),
  /** true while the streams are not fetched yet: no intervals, curves or zones yet (poll again) */
  streamsPending: z.boolean(),
  /** which series `GET /api/rides/{id}/streams` will answer (empty while pending) */
  channels: z.array(z.enum(['distance', 'power', 'heartRate', 'cadence', 'speed', 'altitude', 'latlng'])),
  /** ride length on the streams' time axis (elapsed seconds, pauses included); null while pending */
  elapsedSeconds: z.number().nullable(),
  /** time in power zones with their bounds; null without a power meter or an FTP */
  powerZones: RideZonesSchema.nullable(),
  /** time in heart-rate zones with their bounds; null without heart rate or an LTHR */
  heartRateZones: RideZonesSchema.nullable(),
  /** the session type read from the data, and its structure in words ("4 x 8 min at 105% of FTP") */
  workoutType: z.enum(WORKOUT_TYPES).nullable(),
  workoutStructure: z.string().nullable(),
  intervals: z.array(RideIntervalSchema),
  /** this ride's curve, at POWER_CURVE_SECONDS up to its length; empty without a power meter */
  powerCurve: z.array(PowerCurvePointSchema),
  /** the rider's best over BEST_POWER_CURVE_DAYS at the same durations; null when this ride has no power */
  bestPowerCurve: BestPowerCurveSchema.nullable(),
});
export type RideDetailDto = z.infer<typeof RideDetailSchema>;
