import type { EntityManager } from 'typeorm';
import type { RidesRepository, RideTwin } from '../rides/rides.repository.js';
import { RIDE_SOURCES } from '../rides/ride-source.js';

/** Two rides that started within this many seconds of each other… */
export const DUPLICATE_START_WINDOW_S = 60;
/** …and whose durations differ by at most this share of the longer one are the same activity. */
export const DUPLICATE_DURATION_TOLERANCE = 0.05;

/** What the duplicate rules read of a ride (a stored one, a parsed file or a Strava activity). */
export interface ActivityTiming {
  startDate: Date;
  elapsedTimeS: number;
  movingTimeS: number;
}

/** What makes one copy of an activity richer than another. */
export interface ActivityChannels {
  /** power from a meter (or a smart trainer) */
  power: boolean;
  heartrate: boolean;
  cadence: boolean;
}

/**
 * The duration compared: elapsed time (what both a file and Strava record the same way), moving
 * time when either copy has no elapsed time.
 */
const durationsOf = (a: ActivityTiming, b: ActivityTiming): [number, number] =>
  a.elapsedTimeS > 0 && b.elapsedTimeS > 0
    ? [a.elapsedTimeS, b.elapsedTimeS]
    : [a.movingTimeS, b.movingTimeS];

/** Issue 21: a start within 60 s and a duration within 5% make the same activity. */
export const isSameActivity = (a: ActivityTiming, b: ActivityTiming): boolean => {
  if (Math.abs(a.startDate.getTime() - b.startDate.getTime()) > DUPLICATE_START_WINDOW_S * 1000) return false;
  const [x, y] = durationsOf(a, b);
  const longer = Math.max(x, y);
  return longer === 0 || Math.abs(x - y) <= DUPLICATE_DURATION_TOLERANCE * longer;
};

const channelCount = (channels: ActivityChannels): number =>
  Number(channels.power) + Number(channels.heartrate) + Number(channels.cadence);

/**
 * Why `candidate` is richer than `existing` ('no power': it has power and the other none; 'less
 * data': more channels without that), or null when it is not (a tie keeps the existing copy).
 */
export const richerBecause = (
  candidate: ActivityChannels,
  existing: ActivityChannels,
): 'no power' | 'less data' | null => {
  if (candidate.power !== existing.power) return candidate.power ? 'no power' : null;
  return channelCount(candidate) > channelCount(existing) ? 'less data' : null;
};

export const channelsOfTwin = (twin: RideTwin): ActivityChannels => ({
  power: twin.deviceWatts,
  heartrate: twin.averageHeartrate !== null,
  cadence: twin.averageCadence !== null,
});

/** The rider's stored ride that is the same activity as `activity`, closest start first; null without one. */
export const findSameActivity = async (
  rides: RidesRepository,
  manager: EntityManager,
  userId: string,
  activity: ActivityTiming,
): Promise<RideTwin | null> => {
  const near = await rides.findTwins(manager, userId, activity.startDate, DUPLICATE_START_WINDOW_S);
  return near.find((twin) => isSameActivity(activity, twin)) ?? null;
};

/**
 * The Strava activities (as rides to upsert) that are not the same activity as one of the rider's
 * uploaded rides: a Strava sync after an upload (or an archive import) must not create the ride a
 * second time. Call it in the importer's transaction, before `RidesRepository.upsert`.
 */
export const withoutUploadedTwins = async <R extends ActivityTiming>(
  rides: RidesRepository,
  manager: EntityManager,
  userId: string,
  activities: R[],
): Promise<R[]> => {
  if (activities.length === 0) return [];
  // one read for the whole page: the uploaded rides within the window of its first and last starts
  const starts = activities.map((activity) => activity.startDate.getTime());
  const windowMs = DUPLICATE_START_WINDOW_S * 1000;
  const uploaded = await rides.findTwinsBetween(
    manager,
    userId,
    RIDE_SOURCES.upload,
    new Date(Math.min(...starts) - windowMs),
    new Date(Math.max(...starts) + windowMs),
  );
  return activities.filter((activity) => !uploaded.some((twin) => isSameActivity(activity, twin)));
};
