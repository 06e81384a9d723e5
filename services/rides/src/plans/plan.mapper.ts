import type {
  PacingPlanDto,
  PlanAdjustmentDto,
  PlanSessionDto,
  PlanWeekDto,
  PlannedWorkoutDto,
  TrainingPlanDto,
} from '@domestique/proto';
import { round1 } from '../training/load-math.js';
import type { PlanAdjustmentEntity } from './plan-adjustment.entity.js';
import type { PlanSessionEntity } from './plan-session.entity.js';
import type { TrainingPlanEntity } from './training-plan.entity.js';

/** The workout of a stored session (what the exporters and the engine read). */
export const workoutOf = (session: PlanSessionEntity): PlannedWorkoutDto => ({
  date: session.date,
  type: session.type,
  title: session.title,
  steps: session.steps,
  durationS: session.durationS,
  plannedLoad: session.plannedLoad,
  reason: session.reason,
});

export const toSessionDto = (session: PlanSessionEntity): PlanSessionDto => ({
  id: session.id,
  ...workoutOf(session),
  week: session.week,
  phase: session.phase,
  status: session.status,
  originalDate: session.originalDate,
  compliance: session.compliance,
  role: session.role,
});

/** Each week with the planned load of its sessions and the load of the rides matched so far. */
export const weeksOf = (plan: TrainingPlanEntity, sessions: readonly PlanSessionEntity[]): PlanWeekDto[] =>
  plan.weeks.map((week) => {
    const own = sessions.filter((session) => session.week === week.index);
    return {
      ...week,
      plannedLoad: round1(own.reduce((sum, session) => sum + session.plannedLoad, 0)),
      completedLoad: round1(own.reduce((sum, session) => sum + (session.compliance?.load ?? 0), 0)),
    };
  });

export const toPlanDto = (
  plan: TrainingPlanEntity,
  sessions: readonly PlanSessionEntity[],
  adjustments: readonly PlanAdjustmentEntity[],
  pacing: PacingPlanDto | null,
): TrainingPlanDto => {
  const idOfKey = new Map(sessions.map((session) => [session.key, session.id]));
  const ordered = [...sessions].sort((a, b) => a.date.localeCompare(b.date) || a.key.localeCompare(b.key));
  return {
    id: plan.id,
    eventName: plan.eventName,
    eventDate: plan.eventDate,
    eventType: plan.eventType,
    weeklyHours: plan.weeklyHours,
    ridingDays: plan.ridingDays,
    longRideDay: plan.longRideDay,
    createdAt: plan.createdAt.toISOString(),
    startCtl: plan.startCtl,
    rampLimit: plan.rampLimit,
    phases: plan.phases,
    weeks: weeksOf(plan, sessions),
    sessions: ordered.map(toSessionDto),
    adjustments: adjustments.map((adjustment): PlanAdjustmentDto => ({
      id: adjustment.id,
      createdAt: adjustment.createdAt.toISOString(),
      // a dropped session is gone: its adjustment names no session
      sessionId: (adjustment.sessionKey && idOfKey.get(adjustment.sessionKey)) || null,
      kind: adjustment.kind,
      reason: adjustment.reason,
    })),
    racePrep: { ...plan.racePrep, pacing },
    explanation: plan.explanation,
  };
};
