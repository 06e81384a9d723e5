import { Field, Int, ObjectType, Query, Resolver } from '@nestjs/graphql';
import { Access, CurrentUser, type CurrentUserInfo } from '@domestique/common';
import type { MonthlyAnalysisLimit } from './monthly-analysis-quota.js';
import { MonthlyAnalysisQuotaService } from './monthly-analysis-quota.service.js';

@ObjectType('MonthlyAnalysisLimit')
export class MonthlyAnalysisLimitModel implements MonthlyAnalysisLimit {
  @Field()
  hasLimit!: boolean;
  @Field(() => Int)
  used!: number;
  @Field(() => Int, { nullable: true })
  limit!: number | null;
  @Field(() => Int, { nullable: true })
  remaining!: number | null;
  @Field()
  limitReached!: boolean;
}

@Resolver(() => MonthlyAnalysisLimitModel)
export class MonthlyAnalysisQuotaResolver {
  constructor(private readonly quota: MonthlyAnalysisQuotaService) {}

  @Query(() => MonthlyAnalysisLimitModel)
  @Access('user')
  monthlyAnalysisLimit(@CurrentUser() user: CurrentUserInfo): Promise<MonthlyAnalysisLimit> {
    return this.quota.limitFor(user.userId, user.tier);
  }
}
