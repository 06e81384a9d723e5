import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/** The coach's feedback on one ride: one row per ride, written once by the analysis worker. */
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

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;
}
