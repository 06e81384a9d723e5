/**
 * What `npm run eval:coach` (infra/eval) runs of this service, as the sync and streams workers run
 * it: a Strava activity into a ride, its streams into the 1 Hz series, the efforts it gives the
 * estimates, the thresholds as of its date, its metrics and workout, and the facts the analysis
 * service reads. No Nest, no queues, no database.
 */
import { DEFAULT_UNIT_SYSTEM, type RideAnalysisContext } from '@domestique/proto';
import {
  toRideDetailFacts,
  toRideSummaryFacts,
  toRiderThresholdFacts,
} from './analysis-context/analysis-context.mapper.js';
import type { RideEfforts } from './metrics/physiology.js';
import { computeRideMetrics, thresholdInputs } from './metrics/ride-metrics.js';
import type { Series } from './metrics/series.js';
import type { RiderProfileEntity } from './rider/rider-profile.entity.js';
import { thresholdsAsOf } from './rider/rider-thresholds.service.js';
import { seriesOf, summaryOf, type MeasuredStreams } from './rides/ride-measure.js';
import type { RideEntity } from './rides/ride.entity.js';
import { rideFromActivity } from './strava/strava-activity.mapper.js';
import type { StravaActivity } from './strava/strava.types.js';

export type { MeasuredStreams, RideEfforts, Series, StravaActivity };

/** A rider who set nothing: every threshold is estimated from the rides. */
const profileOf = (userId: string, timeZone: string | null, weightKg: number | null): RiderProfileEntity => ({
  userId,
  ftpWatts: null,
  thresholdHeartrate: null,
  maxHeartrate: null,
  weightKg,
  timeZone,
  units: DEFAULT_UNIT_SYSTEM,
  updatedAt: new Date(0),
});

export const RidesCoachKit = {
  profileOf,
  /** Strava's activity JSON as a stored ride (metrics to be measured from the streams) */
  rideFrom: (userId: string, id: string, activity: StravaActivity): RideEntity => {
    const imported = rideFromActivity(activity, { ftp: null, ftpSource: null, lthr: null });
    return {
      ...imported,
      id,
      userId,
      source: 'strava',
      hasAiFeedback: false,
      best20MinutePower: null,
      best20MinuteHeartrate: null,
      streamsFetchedAt: new Date(),
      createdAt: new Date(),
      updatedAt: new Date(),
    } as RideEntity;
  },
  seriesOf: (streams: MeasuredStreams): Series | null => seriesOf(streams),
  effortsOf: (ride: RideEntity, series: Series | null): RideEfforts => ({
    rideId: ride.id,
    startDate: ride.startDate,
    ...thresholdInputs(series, ride.deviceWatts),
  }),
  thresholdsAsOf,
  /** measures a ride as the streams worker does, against the thresholds as of its date */
  measure: (
    ride: RideEntity,
    series: Series | null,
    profile: RiderProfileEntity,
    efforts: readonly RideEfforts[],
  ) => {
    const thresholds = thresholdsAsOf(profile, efforts, ride.startDate);
    ride.metrics = computeRideMetrics(series, summaryOf(ride), thresholds);
    return ride;
  },
  rideFacts: (ride: RideEntity): RideAnalysisContext['ride'] => toRideDetailFacts(ride),
  summaryFacts: toRideSummaryFacts,
  riderFacts: (profile: RiderProfileEntity, efforts: readonly RideEfforts[], at: Date) =>
    toRiderThresholdFacts(thresholdsAsOf(profile, efforts, at), profile.units),
};
