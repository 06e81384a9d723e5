import { Inject, Injectable } from '@nestjs/common';
import { CONFIG, PRODUCER_REDIS, recordBudgetUse } from '@domestique/common';
import type { Redis } from 'ioredis';
import type { RidesConfig } from '../config/env.schema.js';
import {
  DAY_MS,
  parsePair,
  readRateHeaders,
  waitAfterTooManyRequests,
  waitBeforeRequest,
  webhookReadCap,
  windowsAt,
  type HeaderReader,
  type RateLimits,
  type RateUsage,
  type WindowPair,
} from './rate-limit.js';

/** Sets a counter to `value` unless it already holds more (Strava's usage is authoritative). */
const SET_MAX = `
local current = tonumber(redis.call('GET', KEYS[1]) or '0')
local value = tonumber(ARGV[1])
if value > current then redis.call('SET', KEYS[1], value, 'PX', ARGV[2]) end
return 0`;

type Counter = { kind: 'overall' | 'read'; window: 'short' | 'long' };

/**
 * One budget of Strava requests for every worker and API replica: counters per window in Redis
 * (under REDIS_PREFIX), reserved atomically before each request and corrected from Strava's usage
 * headers after it. A 429 blocks every replica until the window resets (or, for a 429 the counters
 * do not explain, for an exponential backoff).
 */
@Injectable()
export class StravaRateLimiter {
  private readonly shortWindowMs: number;
  private readonly defaults: RateLimits;

  constructor(
    @Inject(PRODUCER_REDIS) private readonly redis: Redis,
    @Inject(CONFIG) private readonly config: RidesConfig,
  ) {
    this.shortWindowMs = config.STRAVA_RATE_WINDOW_S * 1000;
    this.defaults = {
      overall: parsePair(config.STRAVA_RATE_LIMIT)!,
      read: parsePair(config.STRAVA_READ_RATE_LIMIT)!,
    };
  }

  private key(...parts: (string | number)[]): string {
    return [this.config.REDIS_PREFIX, 'strava', 'rate', ...parts].join(':');
  }

  private counterKey(counter: Counter, now: number): string {
    const windows = windowsAt(now, this.shortWindowMs);
    const start = counter.window === 'short' ? windows.shortStart : windows.longStart;
    return this.key(counter.kind, counter.window, start);
  }

  private ttl(counter: Counter): number {
    return (counter.window === 'short' ? this.shortWindowMs : DAY_MS) + 60_000;
  }

  /** The limits Strava last reported (or the configured ones). */
  async limits(): Promise<RateLimits> {
    const stored = await this.redis.hgetall(this.key('limits'));
    return {
      overall: parsePair(stored.overall) ?? this.defaults.overall,
      read: parsePair(stored.read) ?? this.defaults.read,
    };
  }

  /**
   * Reserves one request. Answers 0 when it may go now, else the milliseconds to wait (nothing is
   * reserved then). `reserve` keeps that share of every window for more important calls.
   */
  async acquire(isRead: boolean, reserve = 0, now = Date.now()): Promise<number> {
    const blockedUntil = Number(await this.redis.get(this.key('blocked-until')));
    if (blockedUntil > now) return blockedUntil - now;
    const counters: Counter[] = [
      { kind: 'overall', window: 'short' },
      { kind: 'overall', window: 'long' },
      ...(isRead
        ? ([
            { kind: 'read', window: 'short' },
            { kind: 'read', window: 'long' },
          ] as const)
        : []),
    ];
    const keys = counters.map((counter) => this.counterKey(counter, now));
    const reserveTx = this.redis.multi();
    counters.forEach((counter, index) => {
      reserveTx.incr(keys[index]!);
      reserveTx.pexpire(keys[index]!, this.ttl(counter));
    });
    const results = (await reserveTx.exec()) ?? [];
    const counts: RateUsage = { overall: { short: 0, long: 0 }, read: { short: 0, long: 0 } };
    counters.forEach((counter, index) => {
      const [error, value] = results[index * 2] ?? [];
      if (error) throw error;
      counts[counter.kind][counter.window] = Number(value);
    });
    const limits = await this.limits();
    // the share of each window used, for /metrics (provider_budget_used_ratio)
    for (const { kind, window } of counters)
      recordBudgetUse('strava', `${kind}-${window}`, counts[kind][window], limits[kind][window]);
    const wait = waitBeforeRequest(counts, limits, isRead, reserve, now, this.shortWindowMs);
    if (wait > 0) {
      const release = this.redis.multi();
      for (const key of keys) release.decr(key);
      await release.exec();
    }
    return wait;
  }

  /**
   * Takes Strava's view after an answer: its limits, its usage (counters never go below it) and,
   * on 429, blocks every replica. Answers how long to wait before the next request (0 if none).
   */
  async observe(headers: HeaderReader, status: number, now = Date.now()): Promise<number> {
    const { limits, usage } = readRateHeaders(headers);
    const fields: Record<string, string> = {};
    for (const kind of ['overall', 'read'] as const) {
      const pair = limits[kind];
      if (pair) fields[kind] = `${pair.short},${pair.long}`;
    }
    if (Object.keys(fields).length > 0) await this.redis.hset(this.key('limits'), fields);
    for (const kind of ['overall', 'read'] as const) {
      const pair: WindowPair | undefined = usage[kind];
      if (!pair) continue;
      for (const window of ['short', 'long'] as const) {
        const counter = { kind, window };
        await this.redis.eval(SET_MAX, 1, this.counterKey(counter, now), pair[window], this.ttl(counter));
      }
    }
    if (status !== 429) {
      if (status < 400) await this.redis.del(this.key('consecutive-429'));
      return 0;
    }
    const consecutive = await this.redis.incr(this.key('consecutive-429'));
    await this.redis.pexpire(this.key('consecutive-429'), this.shortWindowMs);
    const wait = waitAfterTooManyRequests(usage, await this.limits(), consecutive, now, this.shortWindowMs);
    const until = now + wait;
    const current = Number(await this.redis.get(this.key('blocked-until')));
    if (until > current)
      await this.redis.set(this.key('blocked-until'), String(until), 'PX', Math.max(wait, 1));
    return wait;
  }

  /**
   * Takes one of the athlete's webhook-triggered reads of the current short window (see
   * webhookReadCap). Answers how to give it back (when the read did not happen after all), or null
   * when the athlete's share of this window is spent.
   */
  async takeWebhookRead(athleteId: string, now = Date.now()): Promise<{ release(): Promise<void> } | null> {
    const cap = webhookReadCap((await this.limits()).read.short);
    const key = this.key('webhook', athleteId, windowsAt(now, this.shortWindowMs).shortStart);
    const results =
      (await this.redis
        .multi()
        .incr(key)
        .pexpire(key, this.shortWindowMs + 60_000)
        .exec()) ?? [];
    const [error, count] = results[0] ?? [];
    if (error) throw error;
    if (Number(count) > cap) return null;
    return {
      release: async () => {
        await this.redis.decr(key);
      },
    };
  }

  /** Counters of the current windows (for the benchmark and the tests). */
  async usage(now = Date.now()): Promise<RateUsage> {
    const read = async (counter: Counter) => Number(await this.redis.get(this.counterKey(counter, now)));
    return {
      overall: {
        short: await read({ kind: 'overall', window: 'short' }),
        long: await read({ kind: 'overall', window: 'long' }),
      },
      read: {
        short: await read({ kind: 'read', window: 'short' }),
        long: await read({ kind: 'read', window: 'long' }),
      },
    };
  }
}
