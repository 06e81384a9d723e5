import { isCyclingSportType } from '@domestique/proto';
import { computeRideMetrics, type Thresholds } from '../metrics/ride-metrics.js';
import { timeZoneOf } from '../rider/time-zone.js';
import type { RideImport } from '../rides/rides.repository.js';
import type { StravaActivity } from './strava.types.js';

/** The sport type of an activity (`sport_type`, or the older `type`). */
export const sportTypeOf = (activity: Pick<StravaActivity, 'sport_type' | 'type'>): string | null =>
  activity.sport_type ?? activity.type ?? null;

export const isRide = (activity: Pick<StravaActivity, 'sport_type' | 'type'>): boolean =>
  isCyclingSportType(sportTypeOf(activity));

/** The longest activity name stored (Strava's own titles are short; anything longer is cut). */
export const MAX_NAME_LENGTH = 200;

const LONE_SURROGATES = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
// C0 and C1 control characters (NUL included, which PostgreSQL refuses), line breaks and tabs
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]+/g;

/**
 * An activity name as plain text to store: control characters become spaces, lone surrogates the
 * replacement character, the whole trimmed and cut to MAX_NAME_LENGTH characters (whole code
 * points); null when nothing is left. Markup is kept as text: the clients render names as text.
 */
export const activityName = (value: unknown): string | null => {
  if (typeof value !== 'string') return null;
  const text = value.replace(LONE_SURROGATES, '\ufffd').replace(CONTROL_CHARACTERS, ' ').trim();
  const points = Array.from(text);
  const name = (points.length > MAX_NAME_LENGTH ? points.slice(0, MAX_NAME_LENGTH).join('') : text).trimEnd();
  return name || null;
};

const num = (value: number | null | undefined): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

/** One Strava activity as a ride to store, with the metrics its summary allows. */
export const rideFromActivity = (activity: StravaActivity, thresholds: Thresholds): RideImport => {
  const deviceWatts = activity.device_watts === true;
  const ride: Omit<RideImport, 'metrics'> = {
    externalId: String(activity.id),
    name: activityName(activity.name),
    sportType: sportTypeOf(activity),
    startDate: new Date(activity.start_date),
    timeZone: timeZoneOf(activity.timezone),
    distanceM: num(activity.distance) ?? 0,
    movingTimeS: Math.round(num(activity.moving_time) ?? 0),
    elapsedTimeS: Math.round(num(activity.elapsed_time) ?? 0),
    totalElevationGainM: num(activity.total_elevation_gain) ?? 0,
    averageSpeedMps: num(activity.average_speed) ?? 0,
    averageWatts: num(activity.average_watts),
    weightedAverageWatts: num(activity.weighted_average_watts),
    maxWatts: num(activity.max_watts),
    deviceWatts,
    averageHeartrate: num(activity.average_heartrate),
    maxHeartrate: num(activity.max_heartrate),
    averageCadence: num(activity.average_cadence),
    trainer: activity.trainer === true,
    commute: activity.commute === true,
    isPrivate: activity.private === true,
  };
  return {
    ...ride,
    metrics: computeRideMetrics(
      null,
      {
        movingTimeS: ride.movingTimeS,
        deviceWatts,
        averageWatts: ride.averageWatts,
        weightedAverageWatts: ride.weightedAverageWatts,
        maxWatts: ride.maxWatts,
        averageHeartrate: ride.averageHeartrate,
        maxHeartrate: ride.maxHeartrate,
      },
      thresholds,
    ),
  };
};
