import { defineService } from '@domestique/common';
import { ridesEnvSchema } from './config/env.schema.js';
import { ridesDatabase } from './database.js';
import { RidesModule } from './rides/rides.module.js';

/** The rides service: Strava, rides and their metrics, dashboard, trends, analytics, goals. */
export const ridesService = defineService({
  name: 'rides',
  envSchema: ridesEnvSchema,
  database: ridesDatabase,
  features: [RidesModule],
  api: (config) => ({ host: config.RIDES_HOST, port: config.RIDES_PORT }),
  worker: (config) => ({ host: config.RIDES_HOST, healthPort: config.RIDES_WORKER_HEALTH_PORT }),
});
