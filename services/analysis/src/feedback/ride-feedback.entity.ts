import type { Tier } from '@domestique/proto';
import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * The coach's feedback on one ride: one row per ride, written by the analysis worker, and written
 * over when the ride's metrics change (ride.metrics-changed).
 */
@Entity({ name: 'ride_feedback' })
@Index('idx_ride_feedback_user', ['userId'])
export class RideFeedbackEntity {
  /** the rides service's ride id */
  @PrimaryColumn('uuid')
  rideId!: string;

  @Column('uuid')
  userId!: string;

  @Column('text')
  summary!: string;

  @Column('text')
  strengths!: string;

  @Column('text')
  weaknesses!: string;

  @Column('text')
  recommendations!: string;

  @Column('text')
  fullAnalysis!: string;

  /** who wrote it: 'engine' or 'openai' */
  @Column('text')
  provider!: string;

  /** the rider's plan when it was first written, which its rewrites are written for; null on older rows */
  @Column('text', { nullable: true })
  tier!: Tier | null;

  /**
   * Set when the ride's metrics changed after this was written, to the change's mark (whole
   * milliseconds, unique per ride); null while the feedback is current.
   */
  @Column('timestamptz', { nullable: true })
  outdatedAt!: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;
}
