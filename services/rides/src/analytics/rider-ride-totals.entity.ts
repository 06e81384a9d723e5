import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * Each rider's lifetime totals over every ride, kept by statement-level triggers on the rides table
 * (migration AddRiderRideTotals): whatever writes rides (import, streams, deletes, purge, a test's
 * SQL) keeps them exact, in the same transaction. The lifetime analytics read one row instead of
 * summing every ride (60 ms for a rider with 10,000 rides). Never written by the application.
 */
@Entity({ name: 'rider_ride_totals' })
export class RiderRideTotalsEntity {
  @PrimaryColumn('uuid')
  userId!: string;

  @Column('int')
  rides!: number;

  @Column('double precision')
  distanceM!: number;

  @Column('bigint')
  movingTimeS!: string;

  @Column('double precision')
  elevationM!: number;

  /** seconds per power zone, Z1 first (POWER_ZONE_NAMES) */
  @Column('bigint', { array: true })
  powerZoneSeconds!: string[];

  /** seconds per heart-rate zone, Z1 first (HEART_RATE_ZONE_NAMES) */
  @Column('bigint', { array: true })
  heartRateZoneSeconds!: string[];
}
