import type { Queue } from 'bullmq';
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

/** Reports these queues' depth and failures on `/metrics`; the returned function stops reporting. */
export const reportQueues = (source: () => Queue[]): (() => void) => {
  const refresh = async () => {
    await Promise.all(
      source().map(async (queue) => {
        try {
          const counts = await queue.getJobCounts(...QUEUE_STATES);
          for (const state of QUEUE_STATES) queueJobs.set({ queue: queue.name, state }, counts[state] ?? 0);
        } catch {
          // Redis away: this scrape has no figure for the queue (readyz says why)
          for (const state of QUEUE_STATES) queueJobs.remove({ queue: queue.name, state });
        }
      }),
    );
  };
  return refreshBeforeScrape(refresh);
};
