import { Field, Float, ID, InputType, ObjectType } from '@nestjs/graphql';
import type { GoalDto, GoalStatus, GoalType } from '@domestique/proto';

@ObjectType('Goal')
export class GoalModel implements GoalDto {
  @Field(() => ID)
  id!: string;
  @Field()
  title!: string;
  @Field(() => String, { nullable: true })
  description!: string | null;
  @Field(() => String, { description: 'distance, time, elevation, speed or custom' })
  type!: GoalType;
  @Field({ description: 'miles, hours, ft or mph; empty for custom' })
  unit!: string;
  @Field(() => Float)
  targetValue!: number;
  @Field(() => Float)
  currentValue!: number;
  @Field({ description: 'YYYY-MM-DD' })
  targetDate!: string;
  @Field(() => String, { description: 'active, completed or expired' })
  status!: GoalStatus;
  @Field()
  createdAt!: string;
  @Field(() => String, { nullable: true })
  completedAt!: string | null;
}

/**
 * Every field is optional here so that the server's own validation answers (spec section 5:
 * "Please fill in all required fields"), not GraphQL's.
 */
@InputType()
export class GoalInput {
  @Field(() => String, { nullable: true })
  title?: string | null;
  @Field(() => String, { nullable: true })
  description?: string | null;
  @Field(() => String, { nullable: true })
  type?: string | null;
  @Field(() => Float, { nullable: true })
  targetValue?: number | null;
  @Field(() => String, { nullable: true })
  targetDate?: string | null;
  @Field(() => Float, { nullable: true, description: 'custom goals only' })
  currentValue?: number | null;
}
