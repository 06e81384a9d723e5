import { DEFAULT_RIDE_TYPE, UNNAMED_RIDE, type RideDto } from '@domestique/proto';
import { sourceLabelOf } from './ride-source.js';
import type { RideEntity } from './ride.entity.js';

/** A ride as the API answers it (spec section 3). Power is shown only when a power meter measured it. */
export const toRideDto = (ride: RideEntity): RideDto => ({
  id: ride.id,
  name: ride.name?.trim() || UNNAMED_RIDE,
  startDate: ride.startDate.toISOString(),
  type: ride.sportType || DEFAULT_RIDE_TYPE,
  sourceLabel: sourceLabelOf(ride),
  distance: ride.distanceM,
  movingTime: ride.movingTimeS,
  totalElevationGain: ride.totalElevationGainM,
  averageSpeed: ride.averageSpeedMps,
  averageWatts: ride.deviceWatts ? ride.averageWatts : null,
  averageHeartrate: ride.averageHeartrate,
  averageCadence: ride.averageCadence,
  hasAiFeedback: ride.hasAiFeedback,
  hasFeedback: ride.hasAiFeedback,
  aiFeedback: null,
  metrics: ride.metrics,
});
