import { Field, ID, ObjectType, registerEnumType } from '@nestjs/graphql';
import { TIERS, type Tier, type TierChangeDto } from '@domestique/proto';

/** The same `Tier` enum the auth and billing subgraphs declare (federation merges them). */
export const TierEnum = Object.fromEntries(TIERS.map((tier) => [tier, tier])) as { [K in Tier]: K };
registerEnumType(TierEnum, { name: 'Tier', description: 'Subscription tier' });

@ObjectType('TierChange')
export class TierChangeModel implements TierChangeDto {
  @Field(() => ID)
  userId!: string;
  @Field(() => TierEnum)
  subscriptionTier!: Tier;
}
