import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository, type EntityManager } from 'typeorm';
import { MonthlyAnalysisUsageEntity } from './monthly-analysis-usage.entity.js';

/** The only code that queries monthly_analysis_usage. */
@Injectable()
export class MonthlyAnalysisQuotaRepository {
  constructor(
    @InjectRepository(MonthlyAnalysisUsageEntity)
    private readonly usage: Repository<MonthlyAnalysisUsageEntity>,
  ) {}

  async usedInMonth(userId: string, month: string): Promise<number> {
    const row = await this.usage.findOneBy({ userId, month });
    return row?.used ?? 0;
  }

  /** Opens a rider's record for a month (idempotent). */
  async open(manager: EntityManager, userId: string, month: string): Promise<void> {
    await manager
      .createQueryBuilder()
      .insert()
      .into(MonthlyAnalysisUsageEntity)
      .values({ userId, month, used: 0 })
      .orIgnore()
      .execute();
  }

  async deleteForUser(manager: EntityManager, userId: string): Promise<void> {
    await manager.delete(MonthlyAnalysisUsageEntity, { userId });
  }
}
