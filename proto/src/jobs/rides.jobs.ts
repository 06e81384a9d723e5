import { z } from 'zod';
import { defineJob, uuid } from './define.js';

/** Frozen queue names of the rides service. Renaming one strands queued work. */
export const RIDES_QUEUES = {
  stravaSync: 'strava-sync',
  rideStreams: 'ride-streams',
  stravaWebhook: 'strava-webhook',
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
  /** Makes sure Strava pushes events to this system (idempotent; enqueued when a worker starts). */
  'strava-webhook.ensure-subscription': defineJob({
    queue: RIDES_QUEUES.stravaWebhook,
    version: 1,
    schema: z.object({ callbackUrl: z.url() }),
  }),
} as const;
