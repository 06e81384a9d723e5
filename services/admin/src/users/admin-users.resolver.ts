import { Args, ID, Mutation, Resolver } from '@nestjs/graphql';
import { Access, parseOrThrow } from '@domestique/common';
import { AdminSetTierRequest, type Tier, type TierChangeDto } from '@domestique/proto';
import { CurrentAdmin, type CurrentAdminInfo } from '../audit/current-admin.js';
import { AdminUsersService } from './admin-users.service.js';
import { TierEnum, TierChangeModel } from './tier-change.model.js';

/** The GraphQL side of AdminUsersController's tier change: the same service, so the same audit entry. */
@Resolver()
export class AdminUsersResolver {
  constructor(private readonly users: AdminUsersService) {}

  @Mutation(() => TierChangeModel, { description: "Sets a rider's tier (billing records it; audited)" })
  @Access('admin')
  async setSubscriptionTier(
    @CurrentAdmin() admin: CurrentAdminInfo,
    @Args('userId', { type: () => ID }) userId: string,
    @Args('subscriptionTier', { type: () => TierEnum }) subscriptionTier: Tier,
  ): Promise<TierChangeDto> {
    const request = parseOrThrow(AdminSetTierRequest, { subscriptionTier });
    const { userId: changed, subscriptionTier: tier } = await this.users.setTier(
      admin,
      userId,
      request.subscriptionTier,
    );
    return { userId: changed, subscriptionTier: tier };
  }
}
