import { Module } from '@nestjs/common';
import { CONFIG, PRODUCER_REDIS, RedisThrottlerStorage } from '@domestique/common';
import type { AuthConfig } from '../config/env.schema.js';
import { RateLimitGuard } from './rate-limit.guard.js';
import { rateLimitsFrom } from './rate-limits.js';
import { SignInAttempts } from './sign-in-attempts.js';
import { SignInLockoutInterceptor } from './sign-in-lockout.interceptor.js';
import { RATE_LIMIT_STORAGE, RATE_LIMITS } from './throttling.tokens.js';

type Redis = ConstructorParameters<typeof RedisThrottlerStorage>[0];

/**
 * Abuse protection for sign-in, admin sign-in, registration and forgot-password: attempts per client
 * IP and per account, and for sign-ins failures per (account, client) pair with backoff plus a
 * per-account ceiling.
 */
@Module({
  providers: [
    { provide: RATE_LIMITS, useFactory: rateLimitsFrom, inject: [CONFIG] },
    {
      provide: RATE_LIMIT_STORAGE,
      useFactory: (redis: Redis, config: AuthConfig) => new RedisThrottlerStorage(redis, config.REDIS_PREFIX),
      inject: [PRODUCER_REDIS, CONFIG],
    },
    RateLimitGuard,
    SignInAttempts,
    SignInLockoutInterceptor,
  ],
  exports: [RATE_LIMITS, RATE_LIMIT_STORAGE, RateLimitGuard, SignInAttempts, SignInLockoutInterceptor],
})
export class ThrottlingModule {}
