import { Inject, Injectable } from '@nestjs/common';
import { CONFIG } from '@domestique/common';
import type { Tier } from '@domestique/proto';
import type { AnalysisConfig } from '../config/env.schema.js';
import { monthlyLimitFor, monthOf, type MonthlyAnalysisLimit } from './monthly-analysis-quota.js';
import { MonthlyAnalysisQuotaRepository } from './monthly-analysis-quota.repository.js';

@Injectable()
export class MonthlyAnalysisQuotaService {
  constructor(
    private readonly quota: MonthlyAnalysisQuotaRepository,
    @Inject(CONFIG) private readonly config: AnalysisConfig,
  ) {}

  async limitFor(userId: string, tier: Tier, now = new Date()): Promise<MonthlyAnalysisLimit> {
    const used = await this.quota.usedInMonth(userId, monthOf(now));
    return monthlyLimitFor(tier, used, this.config.FREE_MONTHLY_ANALYSES);
  }
}
