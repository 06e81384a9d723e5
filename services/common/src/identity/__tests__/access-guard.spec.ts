import { describe, expect, it } from '@jest/globals';
import type { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Identity } from '@domestique/proto';
import { DomainException } from '../../errors/domain.exception.js';
import { Access, AccessGuard, Tiers } from '../access.js';

/** The AccessGuard's rules and tier rules, on handlers decorated as controllers decorate them. */
class Handlers {
  @Access('user')
  @Tiers(['elite'], 'Elite only, sorry.')
  eliteOnly() {}

  @Access('user', 'admin')
  @Tiers(['pro', 'elite'], 'Paid plans only.')
  paidOrAdmin() {}

  @Access('user')
  anyRider() {}
}

const contextFor = (handler: keyof Handlers, identity?: Identity): ExecutionContext =>
  ({
    getType: () => 'http',
    getHandler: () => Handlers.prototype[handler],
    getClass: () => Handlers,
    switchToHttp: () => ({ getRequest: () => ({ identity, headers: {} }) }),
  }) as unknown as ExecutionContext;

const rider = (tier: 'free' | 'pro' | 'elite'): Identity => ({ role: 'user', userId: 'u1', tier });
const guard = new AccessGuard(new Reflector());

const outcome = (handler: keyof Handlers, identity?: Identity): string => {
  try {
    return String(guard.canActivate(contextFor(handler, identity)));
  } catch (error) {
    return error instanceof DomainException ? `${error.status} ${error.message}` : 'thrown';
  }
};

describe('AccessGuard tier rules', () => {
  it('lets the named tiers through and refuses the others with the rule message (403)', () => {
    expect(outcome('eliteOnly', rider('elite'))).toBe('true');
    expect(outcome('eliteOnly', rider('pro'))).toBe('403 Elite only, sorry.');
    expect(outcome('eliteOnly', rider('free'))).toBe('403 Elite only, sorry.');
    expect(outcome('paidOrAdmin', rider('pro'))).toBe('true');
    expect(outcome('paidOrAdmin', rider('free'))).toBe('403 Paid plans only.');
  });

  it('keeps the access rule first: no identity is 401, other roles are not tier-checked', () => {
    expect(outcome('eliteOnly')).toMatch(/^401 /);
    expect(outcome('eliteOnly', { role: 'anonymous' } as Identity)).toMatch(/^401 /);
    expect(outcome('paidOrAdmin', { role: 'admin', adminId: 'a1' } as unknown as Identity)).toBe('true');
    expect(outcome('anyRider', rider('free'))).toBe('true');
  });
});
