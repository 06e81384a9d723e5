import { Field, Mutation, ObjectType, Query, registerEnumType, Resolver } from '@nestjs/graphql';
import { Access, CurrentUser, type CurrentUserInfo } from '@domestique/common';
import { TIERS, type CancelSubscriptionDto, type SubscriptionDto, type Tier } from '@domestique/proto';
import { SubscriptionsService } from './subscriptions.service.js';

/** The same `Tier` enum the auth subgraph declares (federation merges them). */
export const TierEnum = Object.fromEntries(TIERS.map((tier) => [tier, tier])) as { [K in Tier]: K };
registerEnumType(TierEnum, { name: 'Tier', description: 'Subscription tier' });

@ObjectType('BillingSubscription')
export class BillingSubscriptionModel implements SubscriptionDto {
  @Field(() => TierEnum)
  tier!: Tier;
  @Field({ description: "Stripe's status: active, trialing, past_due, canceled, ..." })
  status!: string;
  @Field()
  priceId!: string;
  @Field({ description: 'the plan keeps its access until currentPeriodEnd' })
  cancelAtPeriodEnd!: boolean;
  @Field({ description: 'ISO 8601, UTC' })
  currentPeriodEnd!: string;
}

@ObjectType('CancelSubscriptionResult')
export class CancelSubscriptionModel implements CancelSubscriptionDto {
  @Field()
  message!: string;
  @Field(() => BillingSubscriptionModel)
  subscription!: SubscriptionDto;
}

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
