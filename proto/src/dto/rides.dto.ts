import { z } from 'zod';
import type { AiFeedbackDto } from './analysis.dto.js';
import type { WorkoutDto } from './workout.dto.js';
import {
  DEFAULT_RIDE_SORT_BY,
  DEFAULT_RIDE_SORT_ORDER,
  RIDE_FILTER_MAX_MILES,
  RIDE_FILTER_MAX_MINUTES,
  RIDE_SORT_FIELDS,
  RIDE_SORT_ORDERS,
  RideFilterMessages,
} from './ride-filter.constants.js';
import { CYCLING_SPORT_TYPES, RIDES_PAGE_MAX, RIDES_PAGE_SIZE, RideMessages } from './rides.constants.js';

export * from './rides.constants.js';
export * from './ride-filter.constants.js';

/** Seconds spent in one zone (zones are numbered from 1). */
export interface ZoneTimeDto {
  zone: number;
  seconds: number;
}

/** The best average power held for `durationSeconds` within one ride. */
export interface BestEffortDto {
  durationSeconds: number;
  watts: number;
}

/**
 * A ride's training metrics, computed once at import (from the 1 Hz streams when present, from
 * Strava's summary fields otherwise) and stored. Power metrics only come from a power meter
 * (`device_watts`); without one they are null and the zone list is empty.
 */
export interface RideMetricsDto {
  /** 'streams' once the streams were fetched; 'summary' until then or when Strava has none */
  source: 'streams' | 'summary';
  /** watts */
  averagePower: number | null;
  /** watts: 30 s rolling mean, 4th power, mean, 4th root */
  normalizedPower: number | null;
  /** normalized power / average power */
  variabilityIndex: number | null;
  /** normalized power / FTP */
  intensityFactor: number | null;
  /** seconds x NP x IF / (FTP x 3600) x 100 */
  trainingStressScore: number | null;
  /** normalized power / average heart rate */
  efficiencyFactor: number | null;
  /** Pw:HR decoupling in percent: how much power per heartbeat the second half lost against the first */
  aerobicDecoupling: number | null;
  /** the FTP (watts) the ride was measured against, and where it came from */
  ftp: number | null;
  ftpSource: 'rider' | 'estimated' | null;
  /** the lactate threshold heart rate the heart-rate zones are measured against */
  lthr: number | null;
  /** Coggan power zones Z1-Z7 (seconds) */
  powerZones: ZoneTimeDto[];
  /** heart-rate zones Z1-Z5 of LTHR (seconds) */
  heartRateZones: ZoneTimeDto[];
  /** 5 s, 1, 5, 20 and 60 min, where the ride is long enough */
  bestEfforts: BestEffortDto[];
  maxPower: number | null;
  maxHeartrate: number | null;
  /**
   * Work done, kJ: the sum of the recorded power over time (1 Hz samples, gaps filled as
   * GoldenCheetah does), null without a power meter. Metrics stored before it existed lack it.
   */
  kilojoules?: number | null;
  /** seconds of the 1 Hz series the stream metrics were computed over (null from the summary) */
  recordedSeconds?: number | null;
  /** the session read from the data (intervals, sets, type); null until streams arrive or without data */
  workout?: WorkoutDto | null;
  /** how the FTP used was estimated, in words ("estimated from your 20-minute best on 3 Sep"); null when set by the rider */
  ftpDescription?: string | null;
}

/** A ride as the rides list answers it (spec section 3). Distances in metres, speeds in m/s, times in seconds. */
export interface RideDto {
  id: string;
  /** falls back to "Unnamed Ride" */
  name: string;
  /** ISO 8601, UTC */
  startDate: string;
  /** Strava sport type; falls back to "Ride" */
  type: string;
  /** where the ride came from: "Strava", or "Uploaded FIT, Garmin Edge 530" (see isUploadedSourceLabel) */
  sourceLabel: string;
  distance: number;
  movingTime: number;
  totalElevationGain: number;
  averageSpeed: number;
  /** watts from a power meter; null without one */
  averageWatts: number | null;
  averageHeartrate: number | null;
  averageCadence: number | null;
  hasAiFeedback: boolean;
  /** the same as hasAiFeedback; the spec's views read both names */
  hasFeedback: boolean;
  /** the analysis service owns feedback; null until it composes it into this list */
  aiFeedback: AiFeedbackDto | null;
  metrics: RideMetricsDto | null;
}

export const UNNAMED_RIDE = 'Unnamed Ride';
export const DEFAULT_RIDE_TYPE = 'Ride';

/** A number from a query string ("12.5") or from GraphQL (12.5); a blank string stays invalid. */
const queryNumber = (message: string, max: number, int: boolean) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
    (int ? z.number({ error: message }).int(message) : z.number({ error: message }))
      .min(0, message)
      .max(max, message),
  );

/** A calendar day, YYYY-MM-DD, that exists (no 31 February). */
const calendarDay = (name: 'from' | 'to') =>
  z.string({ error: RideFilterMessages.invalidDate(name) }).refine(
    (day) => {
      const date = new Date(`${day}T00:00:00Z`);
      return (
        /^\d{4}-\d{2}-\d{2}$/.test(day) && !Number.isNaN(date.getTime()) && date.toISOString().startsWith(day)
      );
    },
    { message: RideFilterMessages.invalidDate(name) },
  );

/**
 * The rides list's filter and sort (spec section 2), in the units the screens show: distances in
 * miles, durations in minutes, days as YYYY-MM-DD in the time zone `tz` (UTC without it). Every
 * filter is off unless given; the sort defaults to date, descending. `hasAiFeedback` is "true" or
 * "false" in a query string, a boolean in GraphQL.
 */
export const RideFilterFields = {
  from: calendarDay('from').optional(),
  to: calendarDay('to').optional(),
  type: z.enum(CYCLING_SPORT_TYPES, { error: RideFilterMessages.invalidType }).optional(),
  minDistance: queryNumber(
    RideFilterMessages.invalidDistance('minDistance'),
    RIDE_FILTER_MAX_MILES,
    false,
  ).optional(),
  maxDistance: queryNumber(
    RideFilterMessages.invalidDistance('maxDistance'),
    RIDE_FILTER_MAX_MILES,
    false,
  ).optional(),
  minDuration: queryNumber(
    RideFilterMessages.invalidDuration('minDuration'),
    RIDE_FILTER_MAX_MINUTES,
    true,
  ).optional(),
  maxDuration: queryNumber(
    RideFilterMessages.invalidDuration('maxDuration'),
    RIDE_FILTER_MAX_MINUTES,
    true,
  ).optional(),
  hasAiFeedback: z
    .union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')], {
      error: RideFilterMessages.invalidHasAiFeedback,
    })
    .optional(),
  sortBy: z.enum(RIDE_SORT_FIELDS, { error: RideFilterMessages.invalidSortBy }).default(DEFAULT_RIDE_SORT_BY),
  sortOrder: z
    .enum(RIDE_SORT_ORDERS, { error: RideFilterMessages.invalidSortOrder })
    .default(DEFAULT_RIDE_SORT_ORDER),
  tz: z.string().max(64, RideMessages.invalidTimeZone).optional(),
};

/**
 * `GET /api/rides?limit=&cursor=&from=&to=&type=&minDistance=&maxDistance=&minDuration=&maxDuration=&hasAiFeedback=&sortBy=&sortOrder=&tz=`:
 * one page of the rides the filter keeps, in its order. The REST body stays a JSON array (the spec's
 * ride list); the filtered total is in `X-Total-Count` and the next page's cursor in `X-Next-Cursor`
 * (absent on the last page). Without parameters the answer is every ride, newest first.
 */
export const RidesPageQuery = z
  .strictObject({
    limit: z.coerce
      .number({ error: `limit must be a whole number from 1 to ${RIDES_PAGE_MAX}` })
      .int(`limit must be a whole number from 1 to ${RIDES_PAGE_MAX}`)
      .min(1, `limit must be a whole number from 1 to ${RIDES_PAGE_MAX}`)
      .max(RIDES_PAGE_MAX, `limit must be a whole number from 1 to ${RIDES_PAGE_MAX}`)
      .default(RIDES_PAGE_SIZE),
    cursor: z.string().max(200, RideMessages.invalidCursor).optional(),
    ...RideFilterFields,
  })
  .superRefine((query, context) => {
    const check = (ok: boolean, message: string, path: string) => {
      if (!ok) context.addIssue({ code: 'custom', message, path: [path] });
    };
    if (query.from && query.to) check(query.from <= query.to, RideFilterMessages.dateOrder, 'from');
    if (query.minDistance !== undefined && query.maxDistance !== undefined)
      check(query.minDistance <= query.maxDistance, RideFilterMessages.distanceOrder, 'minDistance');
    if (query.minDuration !== undefined && query.maxDuration !== undefined)
      check(query.minDuration <= query.maxDuration, RideFilterMessages.durationOrder, 'minDuration');
  });
export type RidesPageQuery = z.infer<typeof RidesPageQuery>;

export const RIDES_PAGE_HEADERS = { totalCount: 'x-total-count', nextCursor: 'x-next-cursor' } as const;

/** One page of rides (GraphQL `ridesPage`). */
export interface RidesPageDto {
  rides: RideDto[];
  totalCount: number;
  /** pass it back to get the next page; null on the last page */
  nextCursor: string | null;
}

/** This week's totals (spec section 3): miles, seconds, feet, watts. */
export interface WeeklyStatsDto {
  totalDistance: number;
  totalTime: number;
  totalElevation: number;
  avgPower: number;
}

/** `GET /api/dashboard/stats` (spec section 3). */
export interface DashboardStatsDto {
  weeklyStats: WeeklyStatsDto;
  recentRides: RideDto[];
}

/** `GET /api/dashboard/stats?tz=`: the browser's time zone, used when Strava gave none. */
export const DashboardStatsQuery = z.strictObject({
  tz: z.string().max(64, RideMessages.invalidTimeZone).optional(),
});
export type DashboardStatsQuery = z.infer<typeof DashboardStatsQuery>;

/**
 * `GET /api/user/averages` (spec section 3), in the units of a ride so the two compare directly:
 * averageSpeed m/s, averagePower watts (rides with a power meter; 0 without any), averageDistance metres.
 */
export interface UserAveragesDto {
  totalRides: number;
  averageSpeed: number;
  averagePower: number;
  averageDistance: number;
}

/** Profile's Account Statistics: every ride, and those with AI feedback. */
export interface RideTotalsDto {
  totalRides: number;
  analysedRides: number;
}

export const SYNC_STATES = ['idle', 'running', 'completed', 'failed'] as const;
export type SyncState = (typeof SYNC_STATES)[number];

/**
 * `POST /api/strava/sync` (spec section 3: message, syncedCount). `status` says whether the import
 * finished while the call waited ('completed') or continues in the background ('running').
 */
export interface SyncResponseDto {
  message: string;
  syncedCount: number;
  status: 'completed' | 'running';
}

/** Progress of the rider's Strava import, polled by the client while it runs. */
export interface StravaSyncStatusDto {
  state: SyncState;
  /** new rides imported by the current (or last) run */
  imported: number;
  /** activities looked at so far */
  scanned: number;
  /**
   * how many rides the import will have imported, when known: Strava's count (raised to `imported`
   * as it passes it) while a first import runs, exactly `imported` once it completed
   */
  total: number | null;
  /** the failure message of a failed run */
  message: string | null;
  /** the rider's Strava rides whose detailed data (streams) has been fetched; fetched newest first */
  streamsFetched: number;
  /** the rider's Strava rides (this and streamsFetched are 0 while Strava is not connected) */
  streamsTotal: number;
}

export interface StravaConnectionDto {
  connected: boolean;
  athleteId: string | null;
  /** ISO 8601 */
  connectedAt: string | null;
}

/** The FTP the rider set (watts), or null to go back to the estimate. */
export const RiderFtpRequest = z.strictObject({
  ftp: z
    .number({ error: 'FTP must be a number of watts' })
    .int('FTP must be a whole number of watts')
    .min(30, 'FTP must be between 30 and 2000 watts')
    .max(2000, 'FTP must be between 30 and 2000 watts')
    .nullable(),
});
export type RiderFtpRequest = z.infer<typeof RiderFtpRequest>;

/** Strava's webhook validation request (`GET /api/strava/webhook`). */
export const StravaWebhookValidationQuery = z.object({
  'hub.mode': z.literal('subscribe', { error: 'hub.mode must be subscribe' }),
  'hub.verify_token': z.string({ error: 'hub.verify_token is required' }).max(200),
  'hub.challenge': z.string({ error: 'hub.challenge is required' }).min(1).max(200),
});

/** An event Strava pushes (`POST /api/strava/webhook`), as Strava sends it. */
export const StravaWebhookEventBody = z.object({
  object_type: z.enum(['activity', 'athlete'], { error: 'Unknown object_type' }),
  object_id: z.union([z.number().int(), z.string().regex(/^\d+$/)], { error: 'object_id must be a number' }),
  aspect_type: z.enum(['create', 'update', 'delete'], { error: 'Unknown aspect_type' }),
  owner_id: z.union([z.number().int(), z.string().regex(/^\d+$/)], { error: 'owner_id must be a number' }),
  subscription_id: z.union([z.number().int(), z.string().regex(/^\d+$/)]).optional(),
  event_time: z.number({ error: 'event_time must be a number' }).int(),
  updates: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
});
export type StravaWebhookEventBody = z.infer<typeof StravaWebhookEventBody>;
