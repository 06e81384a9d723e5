import { DEFAULT_RIDE_TYPE, isCyclingSportType } from '@domestique/proto';
import type { ParsedActivity } from '../activity-files/index.js';
import type { UploadedRide } from '../rides/rides.repository.js';
import { activityName } from '../strava/strava-activity.mapper.js';
import type { ActivityChannels } from './duplicates.js';

/** What an archive's activities.csv says about a file (the file rarely carries a name). */
export interface ActivityHints {
  name?: string | null;
  /** Strava's sport type ("VirtualRide") */
  sportType?: string | null;
}

/** A file's sub-sport as Strava's sport types name it (the rides list filters on those). */
const SPORT_TYPE_OF_SUB_SPORT: Record<string, string> = {
  virtual_activity: 'VirtualRide',
  mountain: 'MountainBikeRide',
  gravel_cycling: 'GravelRide',
  e_bike_fitness: 'EBikeRide',
  e_bike_mountain: 'EMountainBikeRide',
  hand_cycling: 'Handcycle',
};

const sportTypeOf = (activity: ParsedActivity, hints: ActivityHints): string => {
  if (hints.sportType && isCyclingSportType(hints.sportType)) return hints.sportType;
  return SPORT_TYPE_OF_SUB_SPORT[activity.subSport ?? ''] ?? DEFAULT_RIDE_TYPE;
};

/** An uploaded file's ride row: the file's summary, the CSV's name and type when given. */
export const uploadedRideOf = (
  activity: ParsedActivity,
  sha256: string,
  hints: ActivityHints = {},
): UploadedRide => {
  const sportType = sportTypeOf(activity, hints);
  return {
    externalId: sha256,
    name: activityName(hints.name ?? activity.name),
    sportType,
    startDate: activity.startDate,
    timeZone: null,
    distanceM: activity.distanceM,
    movingTimeS: Math.round(activity.movingTimeS),
    elapsedTimeS: Math.round(activity.elapsedTimeS),
    totalElevationGainM: activity.totalElevationGainM,
    averageSpeedMps: activity.averageSpeedMps,
    averageWatts: activity.averageWatts,
    weightedAverageWatts: null,
    maxWatts: activity.maxWatts,
    // a file's power comes from a meter (or a smart trainer): never an estimate
    deviceWatts: activity.averageWatts !== null,
    averageHeartrate: activity.averageHeartrate,
    maxHeartrate: activity.maxHeartrate,
    averageCadence: activity.averageCadence,
    trainer: activity.indoor && sportType !== 'VirtualRide',
    commute: false,
    isPrivate: false,
    fileFormat: activity.format,
    device: activity.device,
  };
};

export const channelsOfUpload = (ride: UploadedRide): ActivityChannels => ({
  power: ride.deviceWatts,
  heartrate: ride.averageHeartrate !== null,
  cadence: ride.averageCadence !== null,
});
