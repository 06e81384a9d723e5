import type { GoalType } from '@domestique/proto';
import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** A rider's goal. Values in the goal's unit (miles, hours, ft, mph; custom: the rider's own). */
@Entity({ name: 'goals' })
@Index('idx_goals_user_created', ['userId', 'createdAt'])
export class GoalEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column('uuid')
  userId!: string;

  @Column('text')
  title!: string;

  @Column('text', { nullable: true })
  description!: string | null;

  @Column('text')
  type!: GoalType;

  @Column('double precision')
  targetValue!: number;

  /** computed from the rides in [createdAt, deadline); set by hand on custom goals */
  @Column('double precision', { default: 0 })
  currentValue!: number;

  /** the date the rider picked (YYYY-MM-DD) */
  @Column('date')
  targetDate!: string;

  /** the end of the target date in the rider's time zone: rides up to here count */
  @Column('timestamptz')
  deadline!: Date;

  /** when the target was first reached; a completed goal stays completed */
  @Column('timestamptz', { nullable: true })
  completedAt!: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
