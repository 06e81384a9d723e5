import type {
  PlanPhase,
  PlanSessionDto,
  PlanSessionStatus,
  PlannedWorkoutType,
  SessionComplianceDto,
  WorkoutStepDto,
} from '@domestique/proto';
import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { TrainingPlanEntity } from './training-plan.entity.js';

/** One planned session of a plan; `key` is the engine's stable name for it ("w03-thu", "event"). */
@Entity({ name: 'plan_sessions' })
@Index('idx_plan_sessions_plan_key', ['planId', 'key'], { unique: true })
@Index('idx_plan_sessions_plan_date', ['planId', 'date'])
@Index('idx_plan_sessions_user', ['userId'])
export class PlanSessionEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column('uuid')
  planId!: string;

  @ManyToOne(() => TrainingPlanEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'plan_id' })
  plan?: TrainingPlanEntity;

  /** the plan's owner, so every query can say whose session it reads */
  @Column('uuid')
  userId!: string;

  @Column('text')
  key!: string;

  @Column('date')
  date!: string;

  /** the day it was first planned on, once moved */
  @Column('date', { nullable: true })
  originalDate!: string | null;

  @Column('int')
  week!: number;

  @Column('text')
  phase!: PlanPhase;

  @Column('text')
  role!: PlanSessionDto['role'];

  @Column('text')
  type!: PlannedWorkoutType;

  @Column('text')
  title!: string;

  @Column('jsonb')
  steps!: WorkoutStepDto[];

  @Column('int')
  durationS!: number;

  @Column('double precision')
  plannedLoad!: number;

  @Column('text')
  reason!: string;

  @Column('text', { default: 'planned' })
  status!: PlanSessionStatus;

  /** the ride it was matched to (no foreign key: a deleted ride is noticed on the next settle) */
  @Column('uuid', { nullable: true })
  rideId!: string | null;

  @Column('jsonb', { nullable: true })
  compliance!: SessionComplianceDto | null;
}
