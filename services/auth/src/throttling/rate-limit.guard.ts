import {
  applyDecorators,
  Inject,
  Injectable,
  SetMetadata,
  UseGuards,
  UseInterceptors,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { RedisThrottlerStorage } from '@domestique/common';
import {
  accountKeyOf,
  clientKeyOf,
  counterKeyOf,
  type RateLimitedAction,
  type RateLimits,
  type RateLimitScope,
} from './rate-limits.js';
import { requestPartsOf, tooManyAttempts } from './request-parts.js';
import { SignInLockoutInterceptor } from './sign-in-lockout.interceptor.js';
import { RATE_LIMIT_ACTION, RATE_LIMIT_STORAGE, RATE_LIMITS } from './throttling.tokens.js';

/**
 * Counts each attempt of a rate-limited call against its client IP and (registration,
 * forgot-password) its account in Redis (shared by every replica); past either limit the call
 * answers 429 `{ message }` with Retry-After, for the rest of a window. REST and GraphQL share the
 * counters, so neither doubles the allowance. Sign-ins count their account's failures instead, per
 * client (SignInLockoutInterceptor), so that nobody can lock a rider out.
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    @Inject(RATE_LIMITS) private readonly limits: RateLimits,
    @Inject(RATE_LIMIT_STORAGE) private readonly storage: RedisThrottlerStorage,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const action = this.reflector.get<RateLimitedAction | undefined>(RATE_LIMIT_ACTION, context.getHandler());
    if (!action) return true;
    const limit = this.limits[action];
    const { ip, payload, response } = requestPartsOf(context);
    const counters: [RateLimitScope, string | undefined, number | undefined][] = [
      ['ip', clientKeyOf(ip), limit.perIp],
      ['account', accountKeyOf(payload, limit.accountField), limit.perAccount],
    ];
    let retryAfterSeconds = 0;
    for (const [scope, subject, max] of counters) {
      if (!subject || max === undefined) continue;
      const record = await this.storage.increment(
        counterKeyOf(action, scope, subject),
        limit.windowMs,
        max,
        limit.windowMs,
        `${action}-${scope}`,
      );
      if (record.isBlocked) retryAfterSeconds = Math.max(retryAfterSeconds, record.timeToBlockExpire, 1);
    }
    if (retryAfterSeconds > 0) throw tooManyAttempts(response, retryAfterSeconds);
    return true;
  }
}

/**
 * Limits a controller or resolver method per client IP and per account (see RateLimits); a sign-in
 * also per (account, client) pair, with backoff, and per account across clients (SignInLockout).
 */
export const RateLimited = (action: RateLimitedAction) =>
  applyDecorators(
    SetMetadata(RATE_LIMIT_ACTION, action),
    UseGuards(RateLimitGuard),
    UseInterceptors(SignInLockoutInterceptor),
  );
