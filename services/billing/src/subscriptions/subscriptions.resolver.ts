import { Mutation, Query, Resolver } from '@nestjs/graphql';
import { Access, CurrentUser, type CurrentUserInfo } from '@domestique/common';
import type { CancelSubscriptionDto, SubscriptionDto } from '@domestique/proto';
import { SubscriptionsService } from './subscriptions.service.js';
import { BillingSubscriptionModel, CancelSubscriptionModel } from './subscription.model.js';

/**
 * The GraphQL side of the rider's subscription calls. The admin's (tier override, revenue) are the
 * admin subgraph's: it calls billing's internal admin API and audits each change.
 */
@Resolver()
export class SubscriptionsResolver {
  constructor(private readonly subscriptions: SubscriptionsService) {}

  @Query(() => BillingSubscriptionModel, {
    nullable: true,
    description: "The rider's current or last subscription",
  })
  @Access('user')
  mySubscription(@CurrentUser() user: CurrentUserInfo): Promise<SubscriptionDto | null> {
    return this.subscriptions.current(user.userId);
  }

  @Mutation(() => CancelSubscriptionModel)
  @Access('user')
  cancelSubscription(@CurrentUser() user: CurrentUserInfo): Promise<CancelSubscriptionDto> {
    return this.subscriptions.cancel(user.userId);
  }
}
