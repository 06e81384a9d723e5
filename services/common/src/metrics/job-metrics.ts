import { UnrecoverableError, type Job } from 'bullmq';
import { counter, histogram } from './registry.js';

/** How long each job (or event delivery) ran, by queue, job name and outcome. */
export const jobDuration = histogram({
  name: 'bullmq_job_duration_seconds',
  help: 'BullMQ job run time in seconds, by queue, job name and outcome (completed, failed)',
  labelNames: ['queue', 'name', 'outcome'] as const,
  buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 900],
});

/**
 * Failed attempts, by queue and job name; `final="true"` when the job will not be tried again (its
 * attempts are spent or the failure is unrecoverable), which is what alerts look at.
 */
export const jobFailures = counter({
  name: 'bullmq_job_failures_total',
  help: 'BullMQ failed job attempts, by queue, job name and whether the failure is final',
  labelNames: ['queue', 'name', 'final'] as const,
});

/** Whether this failed attempt is the job's last: no retry follows it. */
const isFinal = (job: Pick<Job, 'attemptsMade' | 'opts'>, error: unknown): boolean =>
  error instanceof UnrecoverableError || job.attemptsMade + 1 >= (job.opts.attempts ?? 1);

/**
 * Runs one job's processor, timing it into `bullmq_job_duration_seconds` and counting a failure into
 * `bullmq_job_failures_total`; the processor's answer or error passes through unchanged. Every
 * worker of the kit (job workers and event consumers) runs its processor through this.
 */
export const timeJob = async <T>(
  queue: string,
  job: Pick<Job, 'name' | 'attemptsMade' | 'opts'>,
  run: () => Promise<T>,
): Promise<T> => {
  const stop = jobDuration.startTimer({ queue, name: job.name });
  try {
    const result = await run();
    stop({ outcome: 'completed' });
    return result;
  } catch (error) {
    stop({ outcome: 'failed' });
    jobFailures.inc({ queue, name: job.name, final: String(isFinal(job, error)) });
    throw error;
  }
};
