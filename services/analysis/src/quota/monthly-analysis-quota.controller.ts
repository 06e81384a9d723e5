import { Controller, Get } from '@nestjs/common';
import { Access, CurrentUser, type CurrentUserInfo } from '@domestique/common';
import type { MonthlyAnalysisLimit } from './monthly-analysis-quota.js';
import { MonthlyAnalysisQuotaService } from './monthly-analysis-quota.service.js';

@Controller('api/user')
export class MonthlyAnalysisQuotaController {
  constructor(private readonly quota: MonthlyAnalysisQuotaService) {}

  @Get('monthly-analysis-limit')
  @Access('user')
  monthlyLimit(@CurrentUser() user: CurrentUserInfo): Promise<MonthlyAnalysisLimit> {
    return this.quota.limitFor(user.userId, user.tier);
  }
}
