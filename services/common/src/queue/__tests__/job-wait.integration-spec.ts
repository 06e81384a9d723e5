import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { QueueEvents, UnrecoverableError } from 'bullmq';
import type { Redis } from 'ioredis';
import { createLogger } from '../../logging/logger.js';
import { uniqueSuffix } from '../../testing/index.js';
import { JobQueue, QueueRegistry } from '../job-queue.js';
import { JobWorkers } from '../job-workers.js';
import { createProducerRedis, createWorkerRedis } from '../redis.js';

/**
 * JobQueue.waitUntilFinished on real Redis: a finished job is known by its completion event, and
 * also when that event never reaches this process (its QueueEvents reader listening elsewhere), by
 * reading the job's state; a failed, removed or unfinished job says so.
 */
const JOB = 'ride-analysis.analyse';
const payload = (rideId: string) => ({
  rideId,
  userId: '00000000-0000-4000-8000-000000000002',
  tier: 'pro' as const,
});
const ride = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const FAILING = ride(99);

describe('waiting for a job (real Redis)', () => {
  const prefix = `job-wait-${uniqueSuffix()}`;
  const url = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  let producer: Redis;
  let consumer: Redis;
  let registry: QueueRegistry;
  let jobs: JobQueue;
  let workers: JobWorkers;
  let deafConnection: Redis;
  let deaf: QueueEvents;

  beforeAll(() => {
    producer = createProducerRedis(url);
    consumer = createWorkerRedis(url);
    registry = new QueueRegistry(producer, prefix);
    jobs = new JobQueue(registry);
    workers = new JobWorkers(consumer, createLogger({ service: 'job-wait-test', level: 'silent' }), prefix);
    // a reader of another namespace's events: it never hears of this queue's jobs
    deafConnection = createWorkerRedis(url);
    deaf = new QueueEvents('ride-analysis', { connection: deafConnection, prefix: `${prefix}-elsewhere` });
  });
  afterEach(() => {
    jest.restoreAllMocks();
  });
  afterAll(async () => {
    await workers.close();
    await deaf.close();
    deafConnection.disconnect();
    await registry.get('ride-analysis').obliterate({ force: true });
    await registry.closeAll();
    producer.disconnect();
    consumer.disconnect();
  });

  const startWorker = () =>
    workers
      .on(JOB, async ({ rideId }) => {
        if (rideId === FAILING) throw new UnrecoverableError('no such ride');
        return { outcome: 'analysed', rideId };
      })
      .start();

  it('answers a job still waiting for a worker as timed out at the bound', async () => {
    const job = await jobs.enqueue(JOB, payload(ride(1)), { jobId: 'unrun' });
    const started = Date.now();
    expect(await jobs.waitUntilFinished(job, 600, 100)).toEqual({ state: 'timed-out' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(550);
    await job.remove();
  });

  it('answers a removed job as gone', async () => {
    const job = await jobs.enqueue(JOB, payload(ride(2)), { jobId: 'removed' });
    const waiting = jobs.waitUntilFinished(job, 10_000, 100);
    await job.remove();
    expect(await waiting).toEqual({ state: 'gone' });
  });

  it('hears a completion and a failure by their events', async () => {
    startWorker();
    const done = await jobs.enqueue(JOB, payload(ride(3)), { jobId: 'heard' });
    expect(await jobs.waitUntilFinished(done, 10_000, 60_000)).toEqual({
      state: 'completed',
      value: { outcome: 'analysed', rideId: ride(3) },
    });
    const failing = await jobs.enqueue(JOB, payload(FAILING), { jobId: 'heard-failing', attempts: 1 });
    expect(await jobs.waitUntilFinished(failing, 10_000, 60_000)).toEqual({ state: 'failed' });
  });

  it('knows a job finished when its event never arrives, long before the bound', async () => {
    jest.spyOn(jobs, 'events').mockReturnValue(deaf);
    // finishing after the wait began (BullMQ's own first look finds it unfinished)
    const job = await jobs.enqueue(JOB, payload(ride(4)), { jobId: 'unheard', delay: 1500 });
    const started = Date.now();
    expect(await jobs.waitUntilFinished(job, 30_000, 200)).toEqual({
      state: 'completed',
      value: { outcome: 'analysed', rideId: ride(4) },
    });
    expect(Date.now() - started).toBeLessThan(10_000);
    const failing = await jobs.enqueue(JOB, payload(FAILING), {
      jobId: 'unheard-failing',
      attempts: 1,
      delay: 1500,
    });
    expect(await jobs.waitUntilFinished(failing, 30_000, 200)).toEqual({ state: 'failed' });
  });
});
