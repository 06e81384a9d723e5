import type { RideSummary } from '../metrics/ride-metrics.js';
import { toSeries, type Series } from '../metrics/series.js';
import type { RideEntity } from './ride.entity.js';

/** The streams a ride's metrics are computed from, as Strava sends them or as stored (decoded). */
export interface MeasuredStreams {
  time?: ArrayLike<number> | null;
  watts?: ArrayLike<number | null> | null;
  heartrate?: ArrayLike<number | null> | null;
  cadence?: ArrayLike<number | null> | null;
  moving?: ArrayLike<boolean | number | null> | null;
  velocity_smooth?: ArrayLike<number | null> | null;
}

/** The 1 Hz series of a ride's streams; null without a time stream. */
export const seriesOf = (streams: MeasuredStreams | null): Series | null => {
  const time = streams?.time;
  if (!streams || !time || time.length === 0) return null;
  return toSeries({
    time,
    watts: streams.watts ?? null,
    heartrate: streams.heartrate ?? null,
    cadence: streams.cadence ?? null,
    moving: streams.moving ?? null,
    velocity: streams.velocity_smooth ?? null,
  });
};

export const isIndoorRide = (ride: Pick<RideEntity, 'trainer' | 'sportType'>): boolean =>
  ride.trainer || (ride.sportType ?? '').toLowerCase().startsWith('virtual');

/** The ride fields a summary is read from: a stored ride's, or an uploaded file's before it is stored. */
export type SummarySource = Pick<
  RideEntity,
  | 'movingTimeS'
  | 'deviceWatts'
  | 'averageWatts'
  | 'weightedAverageWatts'
  | 'maxWatts'
  | 'averageHeartrate'
  | 'maxHeartrate'
  | 'sportType'
  | 'commute'
  | 'trainer'
>;

/** A ride's summary (Strava's or its file's), the fallback of its metrics and the workout's context. */
export const summaryOf = (ride: SummarySource): RideSummary => ({
  movingTimeS: ride.movingTimeS,
  deviceWatts: ride.deviceWatts,
  averageWatts: ride.averageWatts,
  weightedAverageWatts: ride.weightedAverageWatts,
  maxWatts: ride.maxWatts,
  averageHeartrate: ride.averageHeartrate,
  maxHeartrate: ride.maxHeartrate,
  sportType: ride.sportType,
  commute: ride.commute,
  indoor: isIndoorRide(ride),
});
