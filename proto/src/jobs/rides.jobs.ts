import { z } from 'zod';
import { defineJob, uuid } from './define.js';

/** Frozen queue names of the rides service. Renaming one strands queued work. */
export const RIDES_QUEUES = {
  stravaSync: 'strava-sync',
  rideStreams: 'ride-streams',
  stravaWebhook: 'strava-webhook',
  rideMetrics: 'ride-metrics',
  rideImport: 'ride-import',
} as const;

/** Work the rides service gives its own worker. */
export const RidesJobs = {
  'strava-sync.athlete': defineJob({
    queue: RIDES_QUEUES.stravaSync,
    version: 1,
    schema: z.object({
      userId: uuid,
      reason: z.enum(['connected', 'manual', 'webhook', 'scheduled']),
      correlationId: z.string().optional(),
    }),
  }),
  'ride-streams.fetch': defineJob({
    queue: RIDES_QUEUES.rideStreams,
    version: 1,
    schema: z.object({
      userId: uuid,
      rideId: uuid,
      stravaActivityId: z.string(),
      correlationId: z.string().optional(),
    }),
  }),
  /**
   * Recomputes the FTP/LTHR-dependent metrics (IF, TSS, zones, workout) of the rider's rides from
   * `fromDate` on (every ride without it) against their thresholds as of each ride's date; publishes
   * ride.metrics-changed for each ride that changed. Idempotent.
   */
  'ride-metrics.recompute': defineJob({
    queue: RIDES_QUEUES.rideMetrics,
    version: 1,
    schema: z.object({
      userId: uuid,
      /** ISO 8601; rides that started at or after it (the 90 days after newly arrived streams) */
      fromDate: z.iso.datetime({ offset: true }).optional(),
      /** ISO 8601; rides that started at or before it */
      toDate: z.iso.datetime({ offset: true }).optional(),
      reason: z.enum(['settings', 'streams']),
      correlationId: z.string().optional(),
    }),
  }),
  'strava-webhook.event': defineJob({
    queue: RIDES_QUEUES.stravaWebhook,
    version: 1,
    schema: z.object({
      objectType: z.enum(['activity', 'athlete']),
      objectId: z.string(),
      aspectType: z.enum(['create', 'update', 'delete']),
      ownerId: z.string(),
      eventTime: z.number().int(),
      updates: z.record(z.string(), z.string()).optional(),
    }),
  }),
  /**
   * Imports an uploaded archive (.zip: Strava's "Download your data" or any zip of activity files)
   * stored in the rides schema by `POST /api/rides/upload`; progress in the import's row. Idempotent
   * (entries already counted are skipped on a retry).
   */
  'ride-import.archive': defineJob({
    queue: RIDES_QUEUES.rideImport,
    version: 1,
    schema: z.object({ userId: uuid, importId: uuid, correlationId: z.string().optional() }),
  }),
  /** Makes sure Strava pushes events to this system (idempotent; enqueued when a worker starts). */
  'strava-webhook.ensure-subscription': defineJob({
    queue: RIDES_QUEUES.stravaWebhook,
    version: 1,
    schema: z.object({ callbackUrl: z.url() }),
  }),
} as const;
