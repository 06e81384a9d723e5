import { Module } from '@nestjs/common';
import { CONFIG, PRODUCER_REDIS, RedisThrottlerStorage } from '@domestique/common';
import type { AuthConfig } from '../config/env.schema.js';
import { RATE_LIMIT_STORAGE, RATE_LIMITS, RateLimitGuard } from './rate-limit.guard.js';
import { rateLimitsFrom } from './rate-limits.js';

type Redis = ConstructorParameters<typeof RedisThrottlerStorage>[0];

/** Abuse protection for sign-in, admin sign-in, registration and forgot-password. */
@Module({
  providers: [
    { provide: RATE_LIMITS, useFactory: rateLimitsFrom, inject: [CONFIG] },
    {
      provide: RATE_LIMIT_STORAGE,
      useFactory: (redis: Redis, config: AuthConfig) => new RedisThrottlerStorage(redis, config.REDIS_PREFIX),
      inject: [PRODUCER_REDIS, CONFIG],
    },
    RateLimitGuard,
  ],
  exports: [RATE_LIMITS, RATE_LIMIT_STORAGE, RateLimitGuard],
})
export class ThrottlingModule {}
