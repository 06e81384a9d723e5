import {
  createParamDecorator,
  Injectable,
  SetMetadata,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { GqlExecutionContext } from '@nestjs/graphql';
import type { Identity, Tier } from '@domestique/proto';
import { forbidden, unauthenticated } from '../errors/domain.exception.js';

/**
 * Who may call a route or resolver. Every handler must declare one (deny by default):
 * - `public`: no internal identity needed (health checks only)
 * - `anyone`: any caller the gateway vouches for, signed out included
 * - `user`: a signed-in rider; `admin`: an admin session; `system`: another service
 */
export type AccessRule = 'public' | 'anyone' | 'user' | 'admin' | 'system';

export const ACCESS_METADATA = 'domestique:access';
export const Access = (...rules: AccessRule[]) => SetMetadata(ACCESS_METADATA, rules);

export const TIERS_METADATA = 'domestique:tiers';
interface TierRule {
  tiers: readonly Tier[];
  message: string;
}
/**
 * A rider's handler for these tiers only: any other rider gets 403 `{ message }` from the AccessGuard,
 * before the request's input is read (a Pro rider's malformed request is refused for the tier, not
 * for its shape). Other roles keep their access rule's answer.
 */
export const Tiers = (tiers: readonly Tier[], message: string) =>
  SetMetadata(TIERS_METADATA, { tiers, message } satisfies TierRule);

/** A rider of another tier than `tiers`: 403 `{ message }` (the tier rule, for code behind a handler). */
export const assertTier = (tier: Tier, tiers: readonly Tier[], message: string): void => {
  if (!tiers.includes(tier)) throw forbidden(message);
};

export interface IdentifiedRequest {
  identity?: Identity;
  headers: Record<string, string | string[] | undefined>;
}

export const requestOf = (context: ExecutionContext): IdentifiedRequest => {
  if (context.getType<string>() === 'graphql') {
    return GqlExecutionContext.create(context).getContext<{ req: IdentifiedRequest }>().req;
  }
  return context.switchToHttp().getRequest<IdentifiedRequest>();
};

const allows = (rule: AccessRule, identity: Identity): boolean => {
  switch (rule) {
    case 'public':
    case 'anyone':
      return true;
    case 'user':
    case 'admin':
    case 'system':
      return identity.role === rule;
  }
};

/** Global guard: applies each handler's access rules to the identity the middleware verified. */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    // message patterns check their caller's signed identity themselves (answerPattern)
    if (context.getType() === 'rpc') return true;
    const rules = this.reflector.getAllAndOverride<AccessRule[] | undefined>(ACCESS_METADATA, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (rules?.includes('public')) return true;
    const identity = requestOf(context).identity;
    if (!identity) throw unauthenticated();
    if (!rules || rules.length === 0) throw forbidden('This operation has no access rule');
    if (rules.some((rule) => allows(rule, identity))) {
      const tierRule = this.reflector.getAllAndOverride<TierRule | undefined>(TIERS_METADATA, [
        context.getHandler(),
        context.getClass(),
      ]);
      if (tierRule && identity.role === 'user') assertTier(identity.tier, tierRule.tiers, tierRule.message);
      return true;
    }
    if (identity.role === 'anonymous') throw unauthenticated();
    throw forbidden();
  }
}

/** The verified caller. */
export const CurrentIdentity = createParamDecorator((_data: unknown, context: ExecutionContext): Identity => {
  const identity = requestOf(context).identity;
  if (!identity) throw unauthenticated();
  return identity;
});

export interface CurrentUserInfo {
  userId: string;
  tier: Tier;
}

/** The signed-in rider; use on handlers whose access rule is `user`. */
export const CurrentUser = createParamDecorator(
  (_data: unknown, context: ExecutionContext): CurrentUserInfo => {
    const identity = requestOf(context).identity;
    if (identity?.role !== 'user') throw unauthenticated();
    return { userId: identity.userId, tier: identity.tier };
  },
);
