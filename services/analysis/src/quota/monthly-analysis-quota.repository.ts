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

  /**
   * Uses one analysis of a month, atomically: with `limit` set, only while fewer than `limit` are
   * used (the row lock of the upsert serialises concurrent spends). True when one was used.
   */
  async spend(manager: EntityManager, userId: string, month: string, limit: number | null): Promise<boolean> {
    if (limit !== null && limit <= 0) return false;
    const table = this.usage.metadata.tablePath;
    const rows = (await manager.query(
      `INSERT INTO ${table} AS usage (user_id, month, used) VALUES ($1, $2, 1)
       ON CONFLICT (user_id, month) DO UPDATE SET used = usage.used + 1
       WHERE $3::int IS NULL OR usage.used < $3::int
       RETURNING used`,
      [userId, month, limit],
    )) as { used: number }[];
    return rows.length > 0;
  }

  async deleteForUser(manager: EntityManager, userId: string): Promise<void> {
    await manager.delete(MonthlyAnalysisUsageEntity, { userId });
  }
}
