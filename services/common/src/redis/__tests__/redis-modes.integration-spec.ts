import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { eventQueueName, eventsFor, type EventName } from '@domestique/proto';
import type { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { firstValueFrom, timeout } from 'rxjs';
import { EventConsumer, IdempotentHandlerDeduper } from '../../events/event-consumer.js';
import { DomainException } from '../../errors/domain.exception.js';
import { RedisThrottlerStorage } from '../../http/redis-throttler.storage.js';
import { createLogger } from '../../logging/logger.js';
import { PatternClientTransport, PatternServer } from '../../messaging/redis-transport.js';
import { JobQueue, QueueRegistry } from '../../queue/job-queue.js';
import { JobWorkers } from '../../queue/job-workers.js';
import { pingRedis } from '../../queue/redis.js';
import { testEnv } from '../../testing/index.js';
import { createRedis, type RedisClient } from '../redis-connection.js';
import type { RedisConnectionConfig } from '../redis-env.js';
import {
  startCluster,
  startSentinel,
  type RedisTopology,
  type SentinelTopology,
} from './redis-topologies.js';

// real servers on a loaded machine: a cluster or a sentinel failover takes seconds
jest.setTimeout(60_000);

/**
 * The Redis-backed pieces of the backend kit in each REDIS_MODE, against real servers: the
 * run's standalone Redis, a three-master Redis Cluster and a sentinel-found master, both started
 * here on free ports. In each: a job's round trip (queue, worker), an event's delivery to its
 * subscriber's consumer, a message pattern's request and answer, and the Lua rate-limit step.
 */

const logger = createLogger({ service: 'redis-modes', level: 'silent' });

/** Resolves once `check` holds (polled), or fails after the timeout. */
const until = async (check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

const eventually = async <T>(read: () => T | undefined, timeoutMs = 10_000): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
};

/** A prefix of its own per run and mode; a hash tag on a cluster, as the configuration requires. */
const prefixFor = (mode: string) => {
  const name = `${testEnv().REDIS_PREFIX}-${mode}-${randomUUID().slice(0, 8)}`.slice(0, 40).toLowerCase();
  return mode === 'cluster' ? `{${name}}` : name;
};

type Mode = 'standalone' | 'sentinel' | 'cluster';

/** A job's round trip: enqueued on the producer connection, run by a worker, its result awaited. */
const jobRoundTrip = async (queues: QueueRegistry, worker: RedisClient): Promise<void> => {
  const jobs = new JobWorkers(worker, logger, queues.prefix);
  const seen: string[] = [];
  jobs.on('ride-analysis.analyse', async (data) => {
    seen.push(data.rideId);
    return { analysed: data.rideId };
  });
  jobs.start({ 'ride-analysis': { concurrency: 1 } });
  try {
    const rideId = randomUUID();
    const job = await new JobQueue(queues).enqueue('ride-analysis.analyse', {
      userId: randomUUID(),
      rideId,
      tier: 'free',
    });
    // the job's own state, polled (a QueueEvents stream read may start after a fast job finished on a
    // loaded machine, and then waits for an event already gone)
    const deadline = Date.now() + 30_000;
    while ((await job.getState()) !== 'completed' && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await job.getState()).toBe('completed');
    expect((await queues.get('ride-analysis').getJob(job.id!))?.returnvalue).toEqual({ analysed: rideId });
    expect(seen).toEqual([rideId]);
  } finally {
    await jobs.close();
  }
};

/** A pattern server answering `redis-modes.echo` (doubling), and a client to ask it. */
const patternPair = async (config: RedisConnectionConfig, prefix: string) => {
  const server = new PatternServer({ redis: config, prefix });
  server.addHandler('redis-modes.echo', async (data: { n: number }) => ({ doubled: data.n * 2 }));
  await new Promise<void>((resolve, reject) => {
    void server.listen((error?: unknown) => (error ? reject(error as Error) : resolve()));
  });
  const client = new PatternClientTransport({ redis: config, prefix });
  return {
    /** asks until answered: a subscription (at start, after a failover) may not be in place yet */
    async ask(n: number): Promise<{ doubled: number } | undefined> {
      for (let attempt = 0; attempt < 20; attempt += 1) {
        const answer = await firstValueFrom(
          client.send<{ doubled: number }>('redis-modes.echo', { n }).pipe(timeout(1_000)),
        ).catch(() => undefined);
        if (answer) return answer;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      return undefined;
    },
    async close() {
      await client.close();
      await server.close();
    },
  };
};

/** The Lua rate-limit step (two keys in one script): limit 2, then blocked for 30 s. */
const rateLimitSteps = async (producer: RedisClient, prefix: string): Promise<void> => {
  // the storage is typed for one server; a Cluster runs the same script
  const storage = new RedisThrottlerStorage(producer as Redis, prefix);
  const limiter = `redis-modes-${randomUUID()}`;
  const hit = () => storage.increment('client-1', 60_000, 2, 30_000, limiter);
  expect(await hit()).toMatchObject({ totalHits: 1, isBlocked: false });
  expect(await hit()).toMatchObject({ totalHits: 2, isBlocked: false });
  expect(await hit()).toMatchObject({ totalHits: 3, isBlocked: true, timeToBlockExpire: 30 });
  expect(await hit()).toMatchObject({ isBlocked: true });
};

/** The round trips every mode must pass, on `config` with a fresh prefix. */
const roundTrips = (mode: Mode, topology: () => RedisConnectionConfig) => {
  describe(`REDIS_MODE=${mode}`, () => {
    let config: RedisConnectionConfig;
    let prefix: string;
    let producer: RedisClient;
    let worker: RedisClient;
    let queues: QueueRegistry;

    beforeAll(async () => {
      config = topology();
      prefix = prefixFor(mode);
      producer = createRedis(config, 'producer');
      worker = createRedis(config, 'worker');
      expect(await pingRedis(producer, 10_000)).toBe(true);
      queues = new QueueRegistry(producer, prefix);
    });

    afterAll(async () => {
      await queues.closeAll();
      producer.disconnect();
      worker.disconnect();
    });

    it('makes the connection its mode names', () => {
      expect(producer.isCluster).toBe(mode === 'cluster');
      if (mode === 'sentinel') expect((producer as Redis).options.sentinels).toHaveLength(1);
    });

    it('carries a job from the queue to its worker and reports completion', () =>
      jobRoundTrip(queues, worker));

    it('delivers an event to its subscriber once, however often it is relayed', async () => {
      const received: { name: EventName; id: string }[] = [];
      const consumer = new EventConsumer('gateway', worker, new IdempotentHandlerDeduper(), logger, prefix);
      for (const name of eventsFor('gateway')) {
        consumer.on(name, async (_payload, { envelope }) => {
          received.push({ name, id: envelope.id });
        });
      }
      consumer.start(1);
      try {
        const envelope = {
          id: randomUUID(),
          name: 'user.deleted' as const,
          version: 1,
          occurredAt: new Date().toISOString(),
          payload: { userId: randomUUID(), requestedBy: 'admin' },
        };
        // as the outbox relay adds it: the event id is the job id, so a second relay adds nothing
        const queue = queues.get(eventQueueName('gateway'));
        await queue.add(envelope.name, envelope, { jobId: envelope.id });
        await queue.add(envelope.name, envelope, { jobId: envelope.id });
        await eventually(() => (received.length > 0 ? received : undefined));
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(received).toEqual([{ name: 'user.deleted', id: envelope.id }]);
      } finally {
        await consumer.close();
      }
    });

    it('answers a message pattern over pub/sub', async () => {
      const patterns = await patternPair(config, prefix);
      try {
        expect(await patterns.ask(21)).toEqual({ doubled: 42 });
      } finally {
        await patterns.close();
      }
    });

    it('counts and blocks with the Lua rate-limit step (two keys in one script)', () =>
      rateLimitSteps(producer, prefix));
  });
};

describe('Redis topologies (REDIS_MODE)', () => {
  let cluster: RedisTopology | undefined;
  let sentinel: SentinelTopology | undefined;

  beforeAll(async () => {
    [cluster, sentinel] = await Promise.all([startCluster(), startSentinel()]);
  }, 40_000);

  afterAll(async () => {
    await Promise.all([cluster?.stop(), sentinel?.stop()]);
  });

  roundTrips('standalone', () => ({ REDIS_URL: testEnv().REDIS_URL! }));
  roundTrips('sentinel', () => sentinel!.config);
  roundTrips('cluster', () => cluster!.config);

  it('follows a sentinel failover: the same connections reach the promoted master', async () => {
    const prefix = prefixFor('failover');
    const producer = createRedis(sentinel!.config, 'producer');
    const worker = createRedis(sentinel!.config, 'worker');
    const queues = new QueueRegistry(producer, prefix);
    const patterns = await patternPair(sentinel!.config, prefix);
    try {
      expect(await pingRedis(producer, 10_000)).toBe(true);
      await jobRoundTrip(queues, worker);
      const promoted = await sentinel!.failover();
      // the first write refused by the demoted master moves the connection to the promoted one
      const onPromoted = (client: RedisClient) => async () => {
        await client.set(`${prefix}:failover-probe`, '1').catch(() => undefined);
        return client.status === 'ready' && (client as Redis).stream?.remotePort === promoted;
      };
      await until(onPromoted(producer), 25_000);
      await until(onPromoted(worker), 25_000);
      expect(await (producer as Redis).role()).toEqual(expect.arrayContaining(['master']));
      await jobRoundTrip(queues, worker);
      expect(await patterns.ask(4)).toEqual({ doubled: 8 });
      await rateLimitSteps(producer, prefix);
    } finally {
      await patterns.close();
      await queues.closeAll();
      producer.disconnect();
      worker.disconnect();
    }
  }, 60_000);

  it('needs the hash tag on a cluster: without it the two-key rate-limit script is refused', async () => {
    const redis = createRedis(cluster!.config, 'producer');
    try {
      expect(await pingRedis(redis, 10_000)).toBe(true);
      const storage = new RedisThrottlerStorage(redis as Redis, 'untagged');
      // `untagged:throttle:x:k` and `…:blocked` hash to different slots for this key
      const key = await eventually(() => {
        for (let i = 0; i < 100; i += 1) {
          const candidate = `k${i}`;
          const hits = storage.keyOf('x', candidate);
          if (slotOf(hits) !== slotOf(`${hits}:blocked`)) return candidate;
        }
        return undefined;
      });
      await expect(storage.increment(key, 60_000, 2, 0, 'x')).rejects.toBeInstanceOf(DomainException);
    } finally {
      redis.disconnect();
    }
  });
});

/** Redis Cluster's key slot (CRC16/XMODEM of the key, or of its first non-empty {hash tag}, mod 16384). */
const slotOf = (key: string): number => {
  const open = key.indexOf('{');
  const close = open >= 0 ? key.indexOf('}', open + 1) : -1;
  const hashed = close > open + 1 ? key.slice(open + 1, close) : key;
  let crc = 0;
  for (const byte of Buffer.from(hashed)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit += 1)
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc % 16384;
};
