import { Field, ObjectType, registerEnumType } from '@nestjs/graphql';
import { TIERS, type CancelSubscriptionDto, type SubscriptionDto, type Tier } from '@domestique/proto';

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
