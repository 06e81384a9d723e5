import {
  applyDecorators,
  Inject,
  Injectable,
  SetMetadata,
  UseGuards,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { GqlExecutionContext } from '@nestjs/graphql';
import { RedisThrottlerStorage, tooManyRequests, type GraphQLRequestContext } from '@domestique/common';
import type { Request, Response } from 'express';
import {
  accountKeyOf,
  clientKeyOf,
  counterKeyOf,
  tooManyAttemptsMessage,
  type RateLimitedAction,
  type RateLimits,
  type RateLimitScope,
} from './rate-limits.js';

export const RATE_LIMIT_ACTION = 'domestique:rate-limit-action';
export const RATE_LIMITS = Symbol.for('domestique.auth.rate-limits');
export const RATE_LIMIT_STORAGE = Symbol.for('domestique.auth.rate-limit-storage');

interface RequestParts {
  /**
   * The client's address, as the gateway forwards it in X-Forwarded-For (Express's req.ip trusts
   * that header from loopback). Without the header the caller is the gateway or another service
   * itself, whose own address stands for no client: counting it would make every rider share one
   * allowance, so such a call is limited per account only.
   */
  ip: string | undefined;
  /** the JSON body (REST) or the `input` argument (GraphQL), before validation */
  payload: unknown;
  response: Pick<Response, 'setHeader'> | undefined;
}

const clientIpOf = (req: Request): string | undefined =>
  req.headers['x-forwarded-for'] ? req.ip : undefined;

const partsOf = (context: ExecutionContext): RequestParts => {
  if (context.getType<string>() === 'graphql') {
    const gql = GqlExecutionContext.create(context);
    const req = gql.getContext<GraphQLRequestContext>().req;
    return { ip: clientIpOf(req), payload: gql.getArgs<{ input?: unknown }>().input, response: req.res };
  }
  const http = context.switchToHttp();
  const req = http.getRequest<Request>();
  return { ip: clientIpOf(req), payload: req.body as unknown, response: http.getResponse<Response>() };
};

/**
 * Counts each attempt of a rate-limited call against its client IP and its account in Redis (shared
 * by every replica); past either limit the call answers 429 `{ message }` with Retry-After, for the
 * rest of a window. REST and GraphQL share the counters, so neither doubles the allowance.
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
    const { ip, payload, response } = partsOf(context);
    const counters: [RateLimitScope, string | undefined, number][] = [
      ['ip', clientKeyOf(ip), limit.perIp],
      ['account', accountKeyOf(payload, limit.accountField), limit.perAccount],
    ];
    let retryAfterSeconds = 0;
    for (const [scope, subject, max] of counters) {
      if (!subject) continue;
      const record = await this.storage.increment(
        counterKeyOf(action, scope, subject),
        limit.windowMs,
        max,
        limit.windowMs,
        `${action}-${scope}`,
      );
      if (record.isBlocked) retryAfterSeconds = Math.max(retryAfterSeconds, record.timeToBlockExpire, 1);
    }
    if (retryAfterSeconds > 0) {
      response?.setHeader('Retry-After', String(retryAfterSeconds));
      throw tooManyRequests(tooManyAttemptsMessage(retryAfterSeconds));
    }
    return true;
  }
}

/** Limits a controller or resolver method per client IP and per account (see RateLimits). */
export const RateLimited = (action: RateLimitedAction) =>
  applyDecorators(SetMetadata(RATE_LIMIT_ACTION, action), UseGuards(RateLimitGuard));
