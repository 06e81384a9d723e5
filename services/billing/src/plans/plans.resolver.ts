import { Query, Resolver } from '@nestjs/graphql';
import { Access } from '@domestique/common';
import type { PlanDto } from '@domestique/proto';
import { PlansService } from './plans.service.js';
import { PlanModel } from './plan.model.js';

@Resolver(() => PlanModel)
export class PlansResolver {
  constructor(private readonly service: PlansService) {}

  @Query(() => [PlanModel])
  @Access('anyone')
  plans(): PlanDto[] {
    return this.service.list();
  }
}
