import type { Redis, RedisOptions } from 'ioredis';
import { createRedis, type RedisClient } from '../redis/redis-connection.js';
import type { RedisConnectionConfig } from '../redis/redis-env.js';

/**
 * createRedis(config, 'producer'): commands fail fast while Redis is away. Given a bare REDIS_URL
 * (test kits, scripts) it connects to that one server, as it always did.
 */
export function createProducerRedis(config: RedisConnectionConfig, options?: RedisOptions): RedisClient;
// last, so that `ReturnType<typeof createProducerRedis>` stays the one-server Redis of the test kits
export function createProducerRedis(url: string, options?: RedisOptions): Redis;
export function createProducerRedis(config: RedisConnectionConfig | string, options: RedisOptions = {}) {
  return createRedis(typeof config === 'string' ? { REDIS_URL: config } : config, 'producer', options);
}

/** createRedis(config, 'worker'): for BullMQ workers, which block and must retry forever. */
export function createWorkerRedis(config: RedisConnectionConfig): RedisClient;
export function createWorkerRedis(url: string): Redis;
export function createWorkerRedis(config: RedisConnectionConfig | string) {
  return createRedis(typeof config === 'string' ? { REDIS_URL: config } : config, 'worker');
}

/** Resolves true when Redis answers PING within the timeout. */
export const pingRedis = async (redis: RedisClient, timeoutMs = 1000): Promise<boolean> => {
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
