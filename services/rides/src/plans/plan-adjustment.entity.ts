import type { PlanAdjustmentDto } from '@domestique/proto';
import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
} from 'typeorm';
import { TrainingPlanEntity } from './training-plan.entity.js';

/**
 * A change the plan made to itself, with its reason. `trigger` is the engine's idempotency key: one
 * row per trigger and plan, so two reads settling at once cannot apply a change twice.
 */
@Entity({ name: 'plan_adjustments' })
@Index('idx_plan_adjustments_plan_trigger', ['planId', 'trigger'], { unique: true })
export class PlanAdjustmentEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column('uuid')
  planId!: string;

  @ManyToOne(() => TrainingPlanEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'plan_id' })
  plan?: TrainingPlanEntity;

  @Column('text')
  trigger!: string;

  @Column('text', { nullable: true })
  sessionKey!: string | null;

  @Column('text')
  kind!: PlanAdjustmentDto['kind'];

  @Column('text')
  reason!: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;
}
