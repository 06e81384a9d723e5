import type { EventType, PlanPhase, PlanWeekDto, RacePrepDto, Weekday } from '@domestique/proto';
import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** A week as the engine built it (its target may change with a 'week-target' adjustment). */
export type StoredPlanWeek = Omit<PlanWeekDto, 'plannedLoad' | 'completedLoad'>;

export interface StoredCoursePoint {
  lat: number;
  lng: number;
  ele: number | null;
}

/** The event's course, resampled (never the uploaded file). */
export interface StoredCourse {
  name: string;
  points: StoredCoursePoint[];
}

/**
 * A rider's training plan: what they asked for and what the engine built from their numbers. One
 * current plan per rider (ended_at null); creating another ends it.
 */
@Entity({ name: 'training_plans' })
@Index('idx_training_plans_current', ['userId'], { unique: true, where: '"ended_at" IS NULL' })
export class TrainingPlanEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column('uuid')
  userId!: string;

  @Column('text')
  eventName!: string;

  @Column('date')
  eventDate!: string;

  @Column('text')
  eventType!: EventType;

  @Column('double precision')
  weeklyHours!: number;

  @Column('jsonb')
  ridingDays!: Weekday[];

  @Column('text')
  longRideDay!: Weekday;

  /** the rider's day the plan was built on (its first day) */
  @Column('date')
  startDate!: string;

  @Column('double precision')
  startCtl!: number;

  @Column('double precision')
  startAtl!: number;

  @Column('double precision')
  rampLimit!: number;

  @Column('jsonb')
  phases!: { phase: PlanPhase; from: string; to: string }[];

  @Column('jsonb')
  weeks!: StoredPlanWeek[];

  @Column('jsonb')
  racePrep!: Omit<RacePrepDto, 'pacing'>;

  @Column('jsonb')
  explanation!: string[];

  @Column('jsonb', { nullable: true })
  course!: StoredCourse | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  /** null while it is the rider's current plan */
  @Column('timestamptz', { nullable: true })
  endedAt!: Date | null;
}
