import { defineService } from '@domestique/common';
import { QUEUES } from '@domestique/proto';
import { AdminCountsModule } from './admin-counts/admin-counts.module.js';
import { AnalysisContextModule } from './analysis-context/analysis-context.module.js';
import { AnalyticsModule } from './analytics/analytics.module.js';
import { ridesEnvSchema } from './config/env.schema.js';
import { ridesDatabase } from './database.js';
import { GoalsModule } from './goals/goals.module.js';
import { PlansModule } from './plans/plans.module.js';
import { PowerCurveModule } from './power-curve/power-curve.module.js';
import { RideDetailModule } from './ride-detail/ride-detail.module.js';
import { RidesModule } from './rides/rides.module.js';
import { StravaModule } from './strava/strava.module.js';
import { UploadModule } from './upload/upload.module.js';
import { TrainingModule } from './training/training.module.js';
import { WorkoutExportModule } from './workout-export/workout-export.module.js';

/** The rides service: Strava, rides and their metrics, dashboard, trends, analytics, goals. */
export const ridesService = defineService({
  name: 'rides',
  envSchema: ridesEnvSchema,
  database: ridesDatabase,
  features: [
    RidesModule,
    // before RideDetailModule: its `api/rides/:id` would take `api/rides/imports`
    UploadModule,
    StravaModule,
    AnalysisContextModule,
    AdminCountsModule,
    GoalsModule,
    AnalyticsModule,
    RideDetailModule,
    TrainingModule,
    PlansModule,
    WorkoutExportModule,
    PowerCurveModule,
  ],
  api: (config) => ({ host: config.RIDES_HOST, port: config.RIDES_PORT }),
  worker: (config) => ({
    host: config.RIDES_HOST,
    healthPort: config.RIDES_WORKER_HEALTH_PORT,
    queues: {
      [QUEUES.stravaSync]: { concurrency: config.STRAVA_SYNC_CONCURRENCY, lockDuration: 120_000 },
      [QUEUES.rideStreams]: { concurrency: config.STRAVA_STREAMS_CONCURRENCY, lockDuration: 60_000 },
      [QUEUES.stravaWebhook]: { concurrency: 4 },
      // one at a time: two recomputes of a rider never race (the later one always writes last)
      [QUEUES.rideMetrics]: { concurrency: 1, lockDuration: 120_000 },
      [QUEUES.rideImport]: { concurrency: config.ARCHIVE_IMPORT_CONCURRENCY, lockDuration: 120_000 },
    },
  }),
});
