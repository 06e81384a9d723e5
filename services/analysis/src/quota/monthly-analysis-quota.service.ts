import { Inject, Injectable } from '@nestjs/common';
import { CONFIG, tooManyRequests } from '@domestique/common';
import { AnalysisErrorCode, AnalysisMessages, type Tier } from '@domestique/proto';
import type { EntityManager } from 'typeorm';
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

  /** The 429 a rider without analyses left gets. */
  limitReached() {
    return tooManyRequests(
      AnalysisMessages.monthlyLimitReached(this.config.FREE_MONTHLY_ANALYSES),
      AnalysisErrorCode.MonthlyLimitReached,
    );
  }

  /** Refuses early (no queue, no provider call) when the rider has nothing left this month. */
  async assertCanAnalyse(userId: string, tier: Tier, now = new Date()): Promise<void> {
    if ((await this.limitFor(userId, tier, now)).limitReached) throw this.limitReached();
  }

  /** Uses one analysis, inside the transaction that stores it; false when none is left. */
  spend(manager: EntityManager, userId: string, tier: Tier, now = new Date()): Promise<boolean> {
    const limit = monthlyLimitFor(tier, 0, this.config.FREE_MONTHLY_ANALYSES).limit;
    return this.quota.spend(manager, userId, monthOf(now), limit);
  }
}
