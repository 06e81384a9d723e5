import { Directive, Field, ID, InputType, ObjectType, registerEnumType } from '@nestjs/graphql';
import { TIERS, type Tier, type UserDto } from '@domestique/proto';

export const TierEnum = Object.fromEntries(TIERS.map((tier) => [tier, tier])) as { [K in Tier]: K };
registerEnumType(TierEnum, { name: 'Tier', description: 'Subscription tier' });

/** The federated User entity; the auth service owns it, other services add fields to it. */
@ObjectType('User')
@Directive('@key(fields: "id")')
export class UserModel implements UserDto {
  @Field(() => ID)
  id!: string;

  @Field()
  email!: string;

  @Field(() => String, { nullable: true })
  firstName!: string | null;

  @Field(() => String, { nullable: true })
  lastName!: string | null;

  @Field(() => String, { nullable: true })
  profileImageUrl!: string | null;

  @Field(() => String, { description: 'ISO 8601, UTC' })
  createdAt!: string;

  @Field(() => TierEnum)
  subscriptionTier!: Tier;

  @Field(() => String, { nullable: true })
  stripeCustomerId!: string | null;

  @Field(() => String, { nullable: true, description: 'Strava athlete id; present when Strava is connected' })
  stravaId!: string | null;
}

@InputType()
export class RegisterInput {
  @Field()
  email!: string;
  @Field()
  password!: string;
  @Field()
  firstName!: string;
  @Field()
  lastName!: string;
}

@InputType()
export class LoginInput {
  @Field()
  email!: string;
  @Field()
  password!: string;
}
