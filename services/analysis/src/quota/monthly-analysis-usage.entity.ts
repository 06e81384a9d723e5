import { Column, Entity, PrimaryColumn } from 'typeorm';

/** How many analyses a rider has used in one calendar month (UTC). One row per rider and month. */
@Entity({ name: 'monthly_analysis_usage' })
export class MonthlyAnalysisUsageEntity {
  @PrimaryColumn('uuid')
  userId!: string;

  /** first day of the month, UTC */
  @PrimaryColumn('date')
  month!: string;

  @Column('int', { default: 0 })
  used!: number;
}
