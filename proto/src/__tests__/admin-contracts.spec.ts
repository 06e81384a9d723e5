import { describe, expect, it } from '@jest/globals';
import {
  AdminDirectoryQuery,
  AdminSetTierRequest,
  AdminUsersQuery,
  RideCountsRequest,
  isUuid,
} from '../dto/admin.dto.js';

describe('admin contracts', () => {
  it('reads the user-list query string: search trimmed, tier or all, whole-number paging', () => {
    expect(AdminUsersQuery.parse({})).toEqual({ offset: 0 });
    expect(AdminUsersQuery.parse({ search: '  Beryl ', tier: 'all', offset: '20', limit: '10' })).toEqual({
      search: 'Beryl',
      offset: 20,
      limit: 10,
    });
    expect(AdminUsersQuery.parse({ search: '   ', tier: '' })).toEqual({ offset: 0 });
    expect(AdminUsersQuery.safeParse({ tier: 'gold' }).error?.issues[0]?.message).toBe(
      'Tier filter must be free, pro or elite.',
    );
    expect(AdminUsersQuery.safeParse({ limit: '0' }).success).toBe(false);
    expect(AdminUsersQuery.safeParse({ offset: '-1' }).success).toBe(false);
    expect(AdminUsersQuery.safeParse({ offset: '1.5' }).success).toBe(false);
  });

  it('asks auth for pages of at most 1000', () => {
    expect(AdminDirectoryQuery.parse({})).toEqual({ offset: 0, limit: 1000 });
    expect(AdminDirectoryQuery.safeParse({ limit: '1001' }).success).toBe(false);
  });

  it('takes a tier change of free, pro or elite only, in the spec words', () => {
    expect(AdminSetTierRequest.parse({ subscriptionTier: 'elite' })).toEqual({ subscriptionTier: 'elite' });
    expect(AdminSetTierRequest.safeParse({ subscriptionTier: 'PRO' }).error?.issues[0]?.message).toBe(
      'Subscription tier must be free, pro or elite.',
    );
    expect(AdminSetTierRequest.safeParse({ subscriptionTier: 'pro', extra: 1 }).success).toBe(false);
  });

  it('counts rides for batches of user ids only', () => {
    expect(RideCountsRequest.safeParse({ userIds: ['nope'] }).success).toBe(false);
    expect(
      RideCountsRequest.safeParse({ userIds: Array(1001).fill('5f0c0b8e-1d8e-4d1a-9d6c-2f9a3f0e7b11') })
        .success,
    ).toBe(false);
    expect(isUuid('5f0c0b8e-1d8e-4d1a-9d6c-2f9a3f0e7b11')).toBe(true);
    expect(isUuid('not-a-uuid')).toBe(false);
  });
});
