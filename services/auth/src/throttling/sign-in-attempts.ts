import { Inject, Injectable } from '@nestjs/common';
import { pingRedis, PRODUCER_REDIS, RedisThrottlerStorage, unavailable } from '@domestique/common';
import type { Redis } from 'ioredis';
import {
  counterKeyOf,
  lockoutWaitMs,
  pairSubjectOf,
  type RateLimitedAction,
  type SignInLockout,
} from './rate-limits.js';
import { RATE_LIMIT_STORAGE } from './throttling.tokens.js';

/** Whether a sign-in may check its password now, or how long its client must wait. */
export type SignInTurn = { allowed: true } | { allowed: false; retryAfterMs: number };

/**
 * How an allowed sign-in ended: the password was right (signed in), wrong, or never checked (bad
 * input, or the service failed), which counts as no failure.
 */
export type SignInOutcome = 'signed-in' | 'wrong-password' | 'unchecked';

/**
 * Refuses while the pair (KEYS[2] alive) or the account (KEYS[3] at ARGV[1] failures) must wait;
 * otherwise counts the attempt as a failure at once, so parallel attempts cannot slip past the
 * count: the pair's count (KEYS[1]) and, from ARGV[4] failures on, the pair's wait (ARGV[5..]: the
 * waits for that count and each next one, the last repeating), and the account's count (expiring
 * ARGV[2] ms after its first failure). A pair's count is forgotten ARGV[3] ms after its wait ends.
 * Answers { 1 } or { 0, ms to wait }.
 */
const START_SCRIPT = `
local waitLeft = redis.call('PTTL', KEYS[2])
local ceilingLeft = 0
if tonumber(redis.call('GET', KEYS[3]) or '0') >= tonumber(ARGV[1]) then
  ceilingLeft = redis.call('PTTL', KEYS[3])
end
if waitLeft > 0 or ceilingLeft > 0 then
  return { 0, math.max(waitLeft, ceilingLeft) }
end
local failures = redis.call('INCR', KEYS[1])
local beyond = failures - tonumber(ARGV[4])
local wait = 0
if beyond >= 0 then
  wait = tonumber(ARGV[math.min(5 + beyond, #ARGV)])
  redis.call('SET', KEYS[2], '1', 'PX', wait)
end
redis.call('PEXPIRE', KEYS[1], wait + tonumber(ARGV[3]))
if redis.call('INCR', KEYS[3]) == 1 or redis.call('PTTL', KEYS[3]) < 0 then
  redis.call('PEXPIRE', KEYS[3], ARGV[2])
end
return { 1 }
`;

/** A success clears the pair and takes its attempt back from the account's count. */
const SIGNED_IN_SCRIPT = `
redis.call('DEL', KEYS[1], KEYS[2])
if tonumber(redis.call('GET', KEYS[3]) or '0') > 0 then redis.call('DECR', KEYS[3]) end
return 1
`;

/**
 * An attempt whose password was never checked takes its count back; the pair's wait goes with it
 * when the pair is back under ARGV[1] failures.
 */
const UNCHECKED_SCRIPT = `
local failures = tonumber(redis.call('GET', KEYS[1]) or '0')
if failures > 0 then failures = redis.call('DECR', KEYS[1]) end
if failures < tonumber(ARGV[1]) then redis.call('DEL', KEYS[2]) end
if tonumber(redis.call('GET', KEYS[3]) or '0') > 0 then redis.call('DECR', KEYS[3]) end
return 1
`;

/** How long a command waits for a Redis connection that is still being made (start-up, reconnect). */
const CONNECT_WAIT_MS = 3000;

/**
 * The waits of a pair: for its `failuresPerClient`-th failure, then each next one, up to the
 * first that reaches `maxWaitMs` (the script repeats the last).
 */
export const lockoutWaitsOf = (policy: SignInLockout): number[] => {
  const waits: number[] = [];
  for (let failures = policy.failuresPerClient; waits.length <= 32; failures += 1) {
    const wait = lockoutWaitMs(failures, policy);
    waits.push(wait);
    if (wait >= policy.maxWaitMs) break;
  }
  return waits;
};

/**
 * The failed sign-ins of each (account, client) pair and of each account, in Redis (every replica
 * counts the same), under `<REDIS_PREFIX>:throttle:` with the account and the client hashed. See
 * SignInLockout for the rules.
 */
@Injectable()
export class SignInAttempts {
  constructor(
    @Inject(PRODUCER_REDIS) private readonly redis: Redis,
    @Inject(RATE_LIMIT_STORAGE) private readonly storage: RedisThrottlerStorage,
  ) {}

  private keysOf(action: RateLimitedAction, account: string, client: string | undefined): string[] {
    const pair = this.storage.keyOf(
      `${action}-pair`,
      counterKeyOf(action, 'pair', pairSubjectOf(account, client)),
    );
    const ceiling = this.storage.keyOf(`${action}-ceiling`, counterKeyOf(action, 'ceiling', account));
    return [pair, `${pair}:wait`, ceiling];
  }

  /** Without the shared counts no lockout holds: refuse (503) rather than let attempts through. */
  private async run(script: string, keys: string[], args: (string | number)[]): Promise<unknown> {
    try {
      if (this.redis.status !== 'ready' && !(await pingRedis(this.redis, CONNECT_WAIT_MS))) {
        throw new Error('Redis is not connected');
      }
      return await this.redis.eval(script, keys.length, ...keys, ...args.map(String));
    } catch {
      throw unavailable();
    }
  }

  /** Before the password is checked: may this client try this account now? If so, it counts. */
  async start(
    action: RateLimitedAction,
    policy: SignInLockout,
    account: string,
    client: string | undefined,
  ): Promise<SignInTurn> {
    const answer = (await this.run(START_SCRIPT, this.keysOf(action, account, client), [
      policy.accountCeiling,
      policy.ceilingWindowMs,
      policy.forgetAfterMs,
      policy.failuresPerClient,
      ...lockoutWaitsOf(policy),
    ])) as number[];
    const [allowed, waitMs] = answer.map(Number);
    return allowed === 1 ? { allowed: true } : { allowed: false, retryAfterMs: Math.max(1, waitMs ?? 1) };
  }

  /** After an allowed attempt: a success clears the pair, an unchecked attempt takes its count back. */
  async finish(
    action: RateLimitedAction,
    policy: SignInLockout,
    account: string,
    client: string | undefined,
    outcome: SignInOutcome,
  ): Promise<void> {
    if (outcome === 'wrong-password') return;
    const script = outcome === 'signed-in' ? SIGNED_IN_SCRIPT : UNCHECKED_SCRIPT;
    await this.run(script, this.keysOf(action, account, client), [policy.failuresPerClient]);
  }
}
