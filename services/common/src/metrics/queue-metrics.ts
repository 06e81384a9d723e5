import type { Job, Queue } from 'bullmq';
import { Gauge } from 'prom-client';
import { metricsRegistry, refreshBeforeScrape } from './registry.js';

/** The BullMQ states reported per queue. */
export const QUEUE_STATES = ['waiting', 'active', 'delayed', 'prioritized', 'failed'] as const;

/** Jobs per queue and state, read from Redis when Prometheus scrapes. */
export const queueJobs = new Gauge({
  name: 'bullmq_queue_jobs',
  help: 'BullMQ jobs per queue and state (waiting, active, delayed, prioritized, failed)',
  labelNames: ['queue', 'state'] as const,
  registers: [metricsRegistry],
});

/** How long the longest-waiting job of each queue has been waiting to run (0 when none waits). */
export const queueOldestJobAge = new Gauge({
  name: 'bullmq_queue_oldest_job_age_seconds',
  help: 'Seconds the oldest job waiting to run has waited, per queue (0 when none waits)',
  labelNames: ['queue'] as const,
  registers: [metricsRegistry],
});

/**
 * Prioritized jobs looked at per scrape: they run by priority, not age, so the oldest is searched
 * among the next ones to run only (bounded work per scrape on a queue of thousands).
 */
export const PRIORITIZED_SAMPLE = 50;

/**
 * Since when a job has been waiting to run: its creation, or when its delay ended, or (retried
 * after a failure) when its last attempt started, whichever is latest.
 */
export const waitingSince = (job: Pick<Job, 'timestamp' | 'delay' | 'processedOn'>): number =>
  Math.max(job.timestamp + (job.delay ?? 0), job.processedOn ?? 0);

/**
 * The oldest waiting job's age in seconds: the wait list is first in, first out, so its oldest is
 * the next to run; among prioritized jobs, the oldest of the next PRIORITIZED_SAMPLE.
 */
export const oldestJobAge = async (queue: Queue, now = Date.now()): Promise<number> => {
  const [next, prioritized] = await Promise.all([
    queue.getJobs(['wait'], 0, 0, true),
    queue.getJobs(['prioritized'], 0, PRIORITIZED_SAMPLE - 1, true),
  ]);
  const since = [...next, ...prioritized].filter(Boolean).map(waitingSince);
  return since.length === 0 ? 0 : Math.max(0, (now - Math.min(...since)) / 1000);
};

/** Reports these queues' depth, failures and oldest job on `/metrics`; the returned function stops reporting. */
export const reportQueues = (source: () => Queue[]): (() => void) => {
  const refresh = async () => {
    await Promise.all(
      source().map(async (queue) => {
        try {
          const [counts, age] = await Promise.all([queue.getJobCounts(...QUEUE_STATES), oldestJobAge(queue)]);
          for (const state of QUEUE_STATES) queueJobs.set({ queue: queue.name, state }, counts[state] ?? 0);
          queueOldestJobAge.set({ queue: queue.name }, age);
        } catch {
          // Redis away: this scrape has no figure for the queue (readyz says why)
          for (const state of QUEUE_STATES) queueJobs.remove({ queue: queue.name, state });
          queueOldestJobAge.remove({ queue: queue.name });
        }
      }),
    );
  };
  return refreshBeforeScrape(refresh);
};
