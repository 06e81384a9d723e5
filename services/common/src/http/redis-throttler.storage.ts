import type { RedisClient } from '../redis/redis-connection.js';
import { unavailable } from '../errors/domain.exception.js';

/** What @nestjs/throttler's ThrottlerStorage answers for one hit (times in seconds). */
export interface ThrottleRecord {
  totalHits: number;
  timeToExpire: number;
  isBlocked: boolean;
  timeToBlockExpire: number;
}

/**
 * One hit, atomically: while the block key lives the caller stays blocked; otherwise count the hit
 * in a fixed window (the counter expires `ttl` ms after the window's first hit) and, past the limit,
 * block for `blockDuration` ms. Answers { hits, window ms left, blocked 0/1, block ms left }.
 */
const HIT_SCRIPT = `
local blockLeft = redis.call('PTTL', KEYS[2])
if blockLeft > 0 then
  local hits = tonumber(redis.call('GET', KEYS[1]) or '0')
  return { hits, math.max(redis.call('PTTL', KEYS[1]), 0), 1, blockLeft }
end
local hits = redis.call('INCR', KEYS[1])
local windowLeft = redis.call('PTTL', KEYS[1])
if hits == 1 or windowLeft < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  windowLeft = tonumber(ARGV[1])
end
if hits > tonumber(ARGV[2]) then
  local block = tonumber(ARGV[3])
  if block > 0 then
    redis.call('SET', KEYS[2], '1', 'PX', block)
    return { hits, windowLeft, 1, block }
  end
  return { hits, windowLeft, 1, windowLeft }
end
return { hits, windowLeft, 0, 0 }
`;

const seconds = (ms: number) => Math.ceil(ms / 1000);

/** How long a hit waits for a Redis connection that is still being made (start-up, reconnect). */
const CONNECT_WAIT_MS = 3000;

/**
 * Storage for @nestjs/throttler in Redis, so every replica counts the same hits and a limit holds
 * across them. Keys live under `<REDIS_PREFIX>:throttle:`. It satisfies the library's
 * `ThrottlerStorage` interface structurally (pass it as the module's `storage`).
 */
export class RedisThrottlerStorage {
  constructor(
    private readonly redis: RedisClient,
    private readonly prefix: string,
  ) {}

  /** Resolves once the connection is ready; the producer connection queues no commands while it is not. */
  private connected(): Promise<void> {
    if (this.redis.status === 'ready') return Promise.resolve();
    if (this.redis.status === 'end') return Promise.reject(new Error('Redis connection closed'));
    return new Promise((resolve, reject) => {
      const done = (error?: Error) => {
        clearTimeout(timer);
        this.redis.off('ready', onReady);
        this.redis.off('end', onEnd);
        if (error) reject(error);
        else resolve();
      };
      const onReady = () => done();
      const onEnd = () => done(new Error('Redis connection closed'));
      const timer = setTimeout(() => done(new Error('Redis is not connected')), CONNECT_WAIT_MS);
      timer.unref();
      this.redis.once('ready', onReady);
      this.redis.once('end', onEnd);
    });
  }

  keyOf(throttlerName: string, key: string): string {
    return `${this.prefix}:throttle:${throttlerName}:${key}`;
  }

  async increment(
    key: string,
    ttl: number,
    limit: number,
    blockDuration: number,
    throttlerName: string,
  ): Promise<ThrottleRecord> {
    const hitsKey = this.keyOf(throttlerName, key);
    let answer: unknown;
    try {
      await this.connected();
      answer = await this.redis.eval(
        HIT_SCRIPT,
        2,
        hitsKey,
        `${hitsKey}:blocked`,
        String(Math.max(1, Math.round(ttl))),
        String(limit),
        String(Math.max(0, Math.round(blockDuration))),
      );
    } catch {
      // Without the shared counter no limit can be enforced; refuse rather than let attempts through.
      throw unavailable();
    }
    const [hits, windowLeft, blocked, blockLeft] = (answer as number[]).map(Number);
    return {
      totalHits: hits ?? 0,
      timeToExpire: seconds(windowLeft ?? 0),
      isBlocked: blocked === 1,
      timeToBlockExpire: seconds(blockLeft ?? 0),
    };
  }
}
