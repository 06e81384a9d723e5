import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * One day of a rider's training load: the sum of the loads (TSS, hrTSS or estimate) of the rides that
 * started that day in the rider's time zone. Derived from the rides table: rebuilt from it when the
 * rider has no training state (or another time zone), kept current by the ride events after that.
 * Days without rides have no row.
 */
@Entity({ name: 'rider_daily_loads' })
export class DailyLoadEntity {
  @PrimaryColumn('uuid')
  userId!: string;

  /** YYYY-MM-DD, local to `TrainingStateEntity.timeZone` */
  @PrimaryColumn('date')
  day!: string;

  @Column('double precision')
  load!: number;

  /** some ride of the day had neither power nor heart rate */
  @Column('boolean')
  estimated!: boolean;

  /** moving time of the day's rides, seconds (the weekly hours) */
  @Column('int')
  movingS!: number;
}
