import { Query, Resolver } from '@nestjs/graphql';
import { Access, CurrentUser, type CurrentUserInfo } from '@domestique/common';
import type { MonthlyAnalysisLimit } from './monthly-analysis-quota.js';
import { MonthlyAnalysisQuotaService } from './monthly-analysis-quota.service.js';
import { MonthlyAnalysisLimitModel } from './monthly-analysis-quota.model.js';

@Resolver(() => MonthlyAnalysisLimitModel)
export class MonthlyAnalysisQuotaResolver {
  constructor(private readonly quota: MonthlyAnalysisQuotaService) {}

  @Query(() => MonthlyAnalysisLimitModel)
  @Access('user')
  monthlyAnalysisLimit(@CurrentUser() user: CurrentUserInfo): Promise<MonthlyAnalysisLimit> {
    return this.quota.limitFor(user.userId, user.tier);
  }
}
