import {
  Args,
  Field,
  ID,
  Int,
  Mutation,
  ObjectType,
  Query,
  registerEnumType,
  Resolver,
} from '@nestjs/graphql';
import { Access, CurrentUser, notFound, parseOrThrow, type CurrentUserInfo } from '@domestique/common';
import {
  BillingErrorCode,
  BillingMessages,
  SetTierRequest,
  TIERS,
  type CancelSubscriptionDto,
  type MonthlyRevenueDto,
  type SubscriptionDto,
  type Tier,
  type TierChangeDto,
} from '@domestique/proto';
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

@ObjectType('MonthlyRevenue')
export class MonthlyRevenueModel implements MonthlyRevenueDto {
  @Field(() => Int, { description: 'after current discounts, cents' })
  monthlyRevenueCents!: number;
  @Field(() => Int)
  activeSubscriptions!: number;
}

@ObjectType('TierChange')
export class TierChangeModel implements TierChangeDto {
  @Field(() => ID)
  userId!: string;
  @Field(() => TierEnum)
  subscriptionTier!: Tier;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The GraphQL side of the subscription calls. */
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

  @Query(() => MonthlyRevenueModel)
  @Access('admin', 'system')
  billingMonthlyRevenue(): Promise<MonthlyRevenueDto> {
    return this.subscriptions.revenue();
  }

  @Mutation(() => TierChangeModel)
  @Access('admin', 'system')
  setSubscriptionTier(
    @Args('userId', { type: () => ID }) userId: string,
    @Args('subscriptionTier', { type: () => TierEnum }) subscriptionTier: Tier,
  ): Promise<TierChangeDto> {
    if (!UUID.test(userId)) throw notFound(BillingMessages.userNotFound, BillingErrorCode.UserNotFound);
    const request = parseOrThrow(SetTierRequest, { subscriptionTier });
    return this.subscriptions.setTierByAdmin(userId, request.subscriptionTier);
  }
}
