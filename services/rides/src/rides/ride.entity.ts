import type { RideMetricsDto } from '@domestique/proto';
import type { StoredEfforts } from '../metrics/ride-metrics.js';
import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** One imported ride. Metres, seconds, m/s in storage; conversions happen at the edge. */
@Entity({ name: 'rides' })
@Index('idx_rides_user_start_id', ['userId', 'startDate', 'id'])
// the rides page's other sorts (keyset pages in distance, duration and speed order)
@Index('idx_rides_user_distance_id', ['userId', 'distanceM', 'id'])
@Index('idx_rides_user_moving_time_id', ['userId', 'movingTimeS', 'id'])
@Index('idx_rides_user_speed_id', ['userId', 'averageSpeedMps', 'id'])
@Index('uq_rides_source_external', ['userId', 'source', 'externalId'], { unique: true })
// the analytics aggregates' covering index: (user_id, start_date) INCLUDE every summed column; it is
// created by its migration (TypeORM cannot declare INCLUDE) and left alone by schema sync
@Index('idx_rides_user_start_totals', { synchronize: false })
export class RideEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column('uuid')
  userId!: string;

  /** where the ride came from: 'strava', 'upload' (an activity file) or 'demo' */
  @Column('text')
  source!: string;

  /** the provider's id of the activity (an uploaded file's SHA-256) */
  @Column('text')
  externalId!: string;

  /** an uploaded ride's file format ('fit', 'gpx', 'tcx'); null for other sources */
  @Column('text', { nullable: true })
  fileFormat!: string | null;

  /** the device that recorded an uploaded ride ("Garmin Edge 530"), when the file says */
  @Column('text', { nullable: true })
  device!: string | null;

  @Column('text', { nullable: true })
  name!: string | null;

  @Column('text', { nullable: true })
  sportType!: string | null;

  @Column('timestamptz')
  startDate!: Date;

  /** IANA time zone the ride was recorded in */
  @Column('text', { nullable: true })
  timeZone!: string | null;

  @Column('double precision', { default: 0 })
  distanceM!: number;

  @Column('int', { default: 0 })
  movingTimeS!: number;

  @Column('int', { default: 0 })
  elapsedTimeS!: number;

  @Column('double precision', { default: 0 })
  totalElevationGainM!: number;

  @Column('double precision', { default: 0 })
  averageSpeedMps!: number;

  @Column('double precision', { nullable: true })
  averageWatts!: number | null;

  @Column('double precision', { nullable: true })
  weightedAverageWatts!: number | null;

  @Column('double precision', { nullable: true })
  maxWatts!: number | null;

  /** true when power came from a power meter rather than an estimate */
  @Column('boolean', { default: false })
  deviceWatts!: boolean;

  @Column('double precision', { nullable: true })
  averageHeartrate!: number | null;

  @Column('double precision', { nullable: true })
  maxHeartrate!: number | null;

  @Column('double precision', { nullable: true })
  averageCadence!: number | null;

  @Column('boolean', { default: false })
  trainer!: boolean;

  @Column('boolean', { default: false })
  commute!: boolean;

  /** the activity is private on Strava */
  @Column('boolean', { default: false })
  isPrivate!: boolean;

  /** projection of the analysis service's ride.analysed events */
  @Column('boolean', { default: false })
  hasAiFeedback!: boolean;

  /** the metrics computed at import (from the streams once fetched) */
  @Column('jsonb', { nullable: true })
  metrics!: RideMetricsDto | null;

  /** best 20-minute power from a power meter: the FTP estimate's input */
  @Column('double precision', { nullable: true })
  best20MinutePower!: number | null;

  /** best 20-minute average heart rate: the LTHR estimate's input */
  @Column('double precision', { nullable: true })
  best20MinuteHeartrate!: number | null;

  /**
   * What the ride gives the rider's estimates as of any date (best 3-20 minute power, best 20-minute
   * and highest heart rate), from its streams; null until they arrive
   */
  @Column('jsonb', { nullable: true })
  efforts!: StoredEfforts | null;

  /** when the streams were fetched (null until then) */
  @Column('timestamptz', { nullable: true })
  streamsFetchedAt!: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
