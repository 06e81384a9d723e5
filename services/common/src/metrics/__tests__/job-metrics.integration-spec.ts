import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { UnrecoverableError } from 'bullmq';
import type { Redis } from 'ioredis';
import { createLogger } from '../../logging/logger.js';
import { JobQueue, QueueRegistry } from '../../queue/job-queue.js';
import { JobWorkers } from '../../queue/job-workers.js';
import { createProducerRedis, createWorkerRedis } from '../../queue/redis.js';
import { eventually, uniqueSuffix } from '../../testing/index.js';
import { oldestJobAge, reportQueues } from '../queue-metrics.js';
import { renderMetrics } from '../registry.js';

/**
 * The job runner's series on real Redis, read from the process's /metrics text: the oldest waiting
 * job's age while nothing consumes, then each job's duration and failures once a worker runs them,
 * and the event-loop lag of the process metrics.
 */
const QUEUE = 'ride-analysis';
const JOB = 'ride-analysis.analyse';
const FAILING_RIDE = '00000000-0000-4000-8000-00000000000f';
const payload = (rideId: string) => ({
  rideId,
  userId: '00000000-0000-4000-8000-000000000002',
  tier: 'free' as const,
});

/** The value of one exact series line of the exposition, or undefined. */
const sample = (text: string, series: string): number | undefined => {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

describe('job runner metrics (real Redis)', () => {
  const prefix = `job-metrics-${uniqueSuffix()}`;
  const url = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  let producer: Redis;
  let consumer: Redis;
  let registry: QueueRegistry;
  let jobs: JobQueue;
  let workers: JobWorkers;
  let stopReporting: () => void;

  beforeAll(() => {
    producer = createProducerRedis(url);
    consumer = createWorkerRedis(url);
    registry = new QueueRegistry(producer, prefix);
    jobs = new JobQueue(registry);
    workers = new JobWorkers(consumer, createLogger({ service: 'metrics-test', level: 'silent' }), prefix);
    stopReporting = reportQueues(() => [registry.get(QUEUE)]);
  });
  afterAll(async () => {
    stopReporting();
    await workers.close();
    await registry.get(QUEUE).obliterate({ force: true });
    await registry.closeAll();
    producer.disconnect();
    consumer.disconnect();
  });

  it('reports no waiting job as age 0, and the oldest waiting job by its age', async () => {
    expect(
      sample((await renderMetrics()).body, `bullmq_queue_oldest_job_age_seconds{queue="${QUEUE}"}`),
    ).toBe(0);
    const first = await jobs.enqueue(JOB, payload('00000000-0000-4000-8000-000000000001'));
    await jobs.enqueue(JOB, payload('00000000-0000-4000-8000-000000000003'), { priority: 5 });
    expect(await oldestJobAge(registry.get(QUEUE), first.timestamp + 42_000)).toBeCloseTo(42, 1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const age = sample((await renderMetrics()).body, `bullmq_queue_oldest_job_age_seconds{queue="${QUEUE}"}`);
    expect(age).toBeGreaterThan(0.04);
    expect(age).toBeLessThan(30);
  });

  it('finds the oldest of many waiting jobs, first in first out', async () => {
    const queue = registry.get('oldest-order');
    try {
      const first = await queue.add('x', {});
      for (let i = 0; i < 3; i++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        await queue.add('x', {});
      }
      expect(await oldestJobAge(queue, first.timestamp + 1000)).toBeCloseTo(1, 3);
    } finally {
      await queue.obliterate({ force: true });
    }
  });

  it('times each job by outcome and counts failures, final or retried', async () => {
    workers
      .on(JOB, async ({ rideId }, job) => {
        if (rideId !== FAILING_RIDE) return;
        if (job.opts.attempts === 1) throw new UnrecoverableError('no such ride');
        throw new Error('try again');
      })
      .start();
    await jobs.enqueue(JOB, payload(FAILING_RIDE), { jobId: 'final', attempts: 1 });
    await jobs.enqueue(JOB, payload(FAILING_RIDE), { jobId: 'retried', attempts: 2 });
    const series = (name: string, labels: string) => `${name}{queue="${QUEUE}",name="${JOB}",${labels}}`;
    const text = await eventually(async () => {
      const { body } = await renderMetrics();
      return sample(body, series('bullmq_job_failures_total', 'final="true"')) === 2 ? body : undefined;
    }, 20_000);
    expect(sample(text, series('bullmq_job_duration_seconds_count', 'outcome="completed"'))).toBe(2);
    // "final": attempts 1, unrecoverable; "retried": failed once, then its last attempt
    expect(sample(text, series('bullmq_job_duration_seconds_count', 'outcome="failed"'))).toBe(3);
    expect(sample(text, series('bullmq_job_failures_total', 'final="false"'))).toBe(1);
    expect(text).toMatch(/^bullmq_job_duration_seconds_bucket\{le="0\.01",queue="ride-analysis"/m);
    expect(sample(text, `bullmq_queue_oldest_job_age_seconds{queue="${QUEUE}"}`)).toBe(0);
    expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(text).toContain('nodejs_eventloop_lag_p99_seconds');
  });
});
