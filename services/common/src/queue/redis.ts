import { Redis, type RedisOptions } from 'ioredis';

/**
 * A connection for producers, health checks and caches: commands fail fast while Redis is away
 * (callers retry or report unhealthy) instead of queueing without bound.
 */
export const createProducerRedis = (url: string, options: RedisOptions = {}): Redis =>
  new Redis(url, {
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    connectTimeout: 3000,
    retryStrategy: (times) => Math.min(times * 200, 2000),
    lazyConnect: false,
    ...options,
  });

/** A connection for BullMQ workers, which block and must retry forever (maxRetriesPerRequest null). */
export const createWorkerRedis = (url: string): Redis =>
  new Redis(url, {
    maxRetriesPerRequest: null,
    enableReadyCheck: true,
    retryStrategy: (times) => Math.min(times * 200, 2000),
  });

/** Resolves true when Redis answers PING within the timeout. */
export const pingRedis = async (redis: Redis, timeoutMs = 1000): Promise<boolean> => {
  if (redis.status === 'end') return false;
  try {
    if (redis.status !== 'ready') {
      // still (re)connecting: give it the same budget to come up
      await Promise.race([
        new Promise((resolve) => redis.once('ready', resolve)),
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), timeoutMs).unref()),
      ]);
    }
    const answer = await Promise.race([
      redis.ping(),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), timeoutMs).unref()),
    ]);
    return answer === 'PONG';
  } catch {
    return false;
  }
};
