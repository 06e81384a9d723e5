import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** One imported ride. Metres, seconds, m/s in storage; conversions happen at the edge. */
@Entity({ name: 'rides' })
@Index('idx_rides_user_start', ['userId', 'startDate'])
@Index('uq_rides_source_external', ['userId', 'source', 'externalId'], { unique: true })
export class RideEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column('uuid')
  userId!: string;

  /** where the ride came from: 'strava' or 'demo' */
  @Column('text')
  source!: string;

  /** the provider's id of the activity */
  @Column('text')
  externalId!: string;

  @Column('text', { nullable: true })
  name!: string | null;

  @Column('text', { nullable: true })
  sportType!: string | null;

  @Column('timestamptz')
  startDate!: Date;

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

  /** true when power came from a power meter rather than an estimate */
  @Column('boolean', { default: false })
  deviceWatts!: boolean;

  @Column('double precision', { nullable: true })
  averageHeartrate!: number | null;

  @Column('double precision', { nullable: true })
  averageCadence!: number | null;

  /** projection of the analysis service's ride.analysed events */
  @Column('boolean', { default: false })
  hasAiFeedback!: boolean;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
