import { Field, Float, ObjectType } from '@nestjs/graphql';
import type { PlanDto } from '@domestique/proto';

@ObjectType('Plan')
export class PlanModel implements PlanDto {
  @Field()
  id!: 'free' | 'pro' | 'elite';
  @Field()
  name!: string;
  @Field(() => Float, { description: 'dollars per month' })
  price!: number;
  @Field(() => String, { nullable: true })
  priceId!: string | null;
  @Field()
  description!: string;
  @Field(() => [String])
  features!: string[];
  @Field()
  popular!: boolean;
  @Field()
  purchasable!: boolean;
}
