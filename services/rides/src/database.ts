import { RiderRideTotalsEntity } from './analytics/rider-ride-totals.entity.js';
import { GoalEntity } from './goals/goal.entity.js';
import { migrations } from './migrations/index.js';
import { RiderProfileEntity } from './rider/rider-profile.entity.js';
import { RideStreamsEntity } from './rides/ride-streams.entity.js';
import { RideEntity } from './rides/ride.entity.js';
import { StravaConnectionEntity } from './strava/strava-connection.entity.js';

/** The rides schema's entities and committed migrations. */
export const ridesDatabase = {
  entities: [
    RideEntity,
    RideStreamsEntity,
    RiderProfileEntity,
    StravaConnectionEntity,
    GoalEntity,
    RiderRideTotalsEntity,
  ],
  migrations,
};
