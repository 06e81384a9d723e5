import { z } from 'zod';

const uuid = z.uuid();

interface JobDefinition<S extends z.ZodType = z.ZodType> {
  /** the BullMQ queue that carries it (one consumer) */
  queue: string;
  version: number;
  schema: S;
}

const defineJob = <S extends z.ZodType>(definition: JobDefinition<S>): JobDefinition<S> => definition;

/** Frozen queue names. Renaming one strands queued work. */
export const QUEUES = {
  stravaSync: 'strava-sync',
  rideStreams: 'ride-streams',
  stravaWebhook: 'strava-webhook',
  rideAnalysis: 'ride-analysis',
} as const;

/**
 * Every job: frozen name -> queue, payload schema and version. Payloads carry ids and minimal facts,
 * never whole entities. The job id is the idempotency key (see each producer).
 */
export const Jobs = {
  'strava-sync.athlete': defineJob({
    queue: QUEUES.stravaSync,
    version: 1,
    schema: z.object({
      userId: uuid,
      reason: z.enum(['connected', 'manual', 'webhook', 'scheduled']),
      correlationId: z.string().optional(),
    }),
  }),
  'ride-streams.fetch': defineJob({
    queue: QUEUES.rideStreams,
    version: 1,
    schema: z.object({
      userId: uuid,
      rideId: uuid,
      stravaActivityId: z.string(),
      correlationId: z.string().optional(),
    }),
  }),
  'strava-webhook.event': defineJob({
    queue: QUEUES.stravaWebhook,
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
  'ride-analysis.analyse': defineJob({
    queue: QUEUES.rideAnalysis,
    version: 1,
    schema: z.object({
      userId: uuid,
      rideId: uuid,
      tier: z.enum(['free', 'pro', 'elite']),
      correlationId: z.string().optional(),
    }),
  }),
} as const;

export type Jobs = typeof Jobs;
export type JobName = keyof Jobs;
export type JobPayload<N extends JobName> = z.infer<Jobs[N]['schema']> & { v?: number };
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

export const jobsOnQueue = (queue: QueueName): JobName[] =>
  (Object.keys(Jobs) as JobName[]).filter((name) => Jobs[name].queue === queue);

/** Validates a job's data as the consumer takes it. Throws on a payload that does not match. */
export const parseJobPayload = <N extends JobName>(name: N, data: unknown): JobPayload<N> =>
  Jobs[name].schema.parse(data) as JobPayload<N>;
