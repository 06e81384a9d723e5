import { Field, Float, ObjectType, Query, Resolver } from '@nestjs/graphql';
import { Access } from '@domestique/common';
import type { PlanDto } from '@domestique/proto';
import { PlansService } from './plans.service.js';

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

@Resolver(() => PlanModel)
export class PlansResolver {
  constructor(private readonly service: PlansService) {}

  @Query(() => [PlanModel])
  @Access('anyone')
  plans(): PlanDto[] {
    return this.service.list();
  }
}
