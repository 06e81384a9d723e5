import type { z } from 'zod';
import { ANALYSIS_QUEUES, AnalysisJobs } from './analysis.jobs.js';
import { RIDES_QUEUES, RidesJobs } from './rides.jobs.js';

export { defineJob, type JobDefinition } from './define.js';

/** Every queue name. Frozen strings: renaming one strands queued work. */
export const QUEUES = { ...RIDES_QUEUES, ...ANALYSIS_QUEUES } as const;

/**
 * Every job: frozen name -> queue, payload schema and version. Payloads carry ids and minimal facts,
 * never whole entities. The job id is the idempotency key (see each producer).
 */
export const Jobs = { ...RidesJobs, ...AnalysisJobs } as const;

export type Jobs = typeof Jobs;
export type JobName = keyof Jobs;
export type JobPayload<N extends JobName> = z.infer<Jobs[N]['schema']> & { v?: number };
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

export const jobsOnQueue = (queue: QueueName): JobName[] =>
  (Object.keys(Jobs) as JobName[]).filter((name) => Jobs[name].queue === queue);

/** Validates a job's data as the consumer takes it. Throws on a payload that does not match. */
export const parseJobPayload = <N extends JobName>(name: N, data: unknown): JobPayload<N> =>
  Jobs[name].schema.parse(data) as JobPayload<N>;
