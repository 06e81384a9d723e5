import { RiderRideTotalsEntity } from './analytics/rider-ride-totals.entity.js';
import { GoalEntity } from './goals/goal.entity.js';
import { RidePowerCurveEntity } from './power-curve/ride-power-curve.entity.js';
import { migrations } from './migrations/index.js';
import { RiderProfileEntity } from './rider/rider-profile.entity.js';
import { RideStreamsEntity } from './rides/ride-streams.entity.js';
import { RideEntity } from './rides/ride.entity.js';
import { StravaConnectionEntity } from './strava/strava-connection.entity.js';
import { DailyLoadEntity } from './training/daily-load.entity.js';
import { TrainingStateEntity } from './training/training-state.entity.js';
import { ArchiveChunkEntity } from './upload/archive-chunk.entity.js';
import { ArchiveImportEntity } from './upload/archive-import.entity.js';
import { RideFileEntity } from './upload/ride-file.entity.js';
import { PlanAdjustmentEntity } from './plans/plan-adjustment.entity.js';
import { PlanSessionEntity } from './plans/plan-session.entity.js';
import { TrainingPlanEntity } from './plans/training-plan.entity.js';
import { CalendarFeedEntity } from './workout-export/calendar-feed.entity.js';

/** The rides schema's entities and committed migrations. */
export const ridesDatabase = {
  entities: [
    RideEntity,
    RideStreamsEntity,
    RiderProfileEntity,
    StravaConnectionEntity,
    GoalEntity,
    RiderRideTotalsEntity,
    RideFileEntity,
    ArchiveImportEntity,
    ArchiveChunkEntity,
    DailyLoadEntity,
    TrainingStateEntity,
    RidePowerCurveEntity,
    CalendarFeedEntity,
    TrainingPlanEntity,
    PlanSessionEntity,
    PlanAdjustmentEntity,
  ],
  migrations,
};
