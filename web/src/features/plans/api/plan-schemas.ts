import '../../../app/zod-jitless';
import {
  EVENT_TYPES,
  PLAN_PHASES,
  WEEKDAYS,
  type CalendarFeedDto,
  type CalendarFeedStatusDto,
  type MovePlanSessionResultDto,
  type PlanCalendarDto,
  type PlanSessionDto,
  type TrainingPlanDto,
} from '@domestique/proto';
import { z } from 'zod';
import { Planned } from '../../training/api/training-api';

/**
 * The plan screens' answers checked against proto's DTOs before they are drawn (issue 23). Typed by
 * the interfaces (`z.ZodType<Dto>`), so a contract change that forgets them does not compile.
 */
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const PlanSessionSchema: z.ZodType<PlanSessionDto> = Planned.extend({
  id: z.string(),
  week: z.number().int(),
  phase: z.enum(PLAN_PHASES),
  status: z.enum(['planned', 'completed', 'missed']),
  originalDate: day.nullable(),
  compliance: z
    .object({
      rideId: z.string(),
      rideName: z.string(),
      durationS: z.number(),
      load: z.number(),
      durationRatio: z.number(),
      loadRatio: z.number(),
      timeInTargetRatio: z.number().nullable(),
      score: z.number(),
      verdict: z.enum(['done', 'partial', 'harder']),
      summary: z.string(),
    })
    .nullable(),
  role: z.enum(['training', 'long-ride', 'opener', 'event']),
});

export const TrainingPlanSchema: z.ZodType<TrainingPlanDto> = z.object({
  id: z.string(),
  eventName: z.string(),
  eventDate: day,
  eventType: z.enum(EVENT_TYPES),
  weeklyHours: z.number(),
  ridingDays: z.array(z.enum(WEEKDAYS)),
  longRideDay: z.enum(WEEKDAYS),
  createdAt: z.string(),
  startCtl: z.number(),
  rampLimit: z.number(),
  phases: z.array(z.object({ phase: z.enum(PLAN_PHASES), from: day, to: day })),
  weeks: z.array(
    z.object({
      index: z.number().int(),
      weekStart: day,
      phase: z.enum(PLAN_PHASES),
      recovery: z.boolean(),
      targetLoad: z.number(),
      plannedLoad: z.number(),
      completedLoad: z.number(),
      targetCtl: z.number(),
      explanation: z.string(),
    }),
  ),
  sessions: z.array(PlanSessionSchema),
  adjustments: z.array(
    z.object({
      id: z.string(),
      createdAt: z.string(),
      sessionId: z.string().nullable(),
      kind: z.enum(['moved', 'eased', 'replaced', 'dropped', 'week-load']),
      reason: z.string(),
    }),
  ),
  racePrep: z.object({
    taperStart: day,
    guidance: z.array(z.string()),
    targets: z.array(z.string()),
    pacing: z
      .object({
        courseName: z.string(),
        distanceKm: z.number(),
        ascentM: z.number(),
        expectedTimeS: z.number(),
        targetAverageWatts: z.number().nullable(),
        segments: z.array(
          z.object({
            fromKm: z.number(),
            toKm: z.number(),
            gradient: z.number(),
            targetWatts: z.number().nullable(),
            targetHrZone: z.number().nullable(),
            expectedTimeS: z.number(),
          }),
        ),
        assumptions: z.string(),
      })
      .nullable(),
  }),
  explanation: z.array(z.string()),
});

export const MovePlanSessionResultSchema: z.ZodType<MovePlanSessionResultDto> = z.object({
  plan: TrainingPlanSchema,
  week: z.object({
    weekStart: day,
    plannedLoad: z.number(),
    targetLoad: z.number(),
    warning: z.string().nullable(),
  }),
});

export const PlanCalendarSchema: z.ZodType<PlanCalendarDto> = z.object({
  from: day,
  to: day,
  hasPlan: z.boolean(),
  days: z.array(
    z.object({
      date: day,
      sessions: z.array(PlanSessionSchema),
      rides: z.array(
        z.object({
          id: z.string(),
          name: z.string(),
          durationS: z.number(),
          load: z.number().nullable(),
          sessionId: z.string().nullable(),
        }),
      ),
    }),
  ),
});

export const CalendarFeedSchema: z.ZodType<CalendarFeedDto> = z.object({ url: z.string().min(1) });

export const CalendarFeedStatusSchema: z.ZodType<CalendarFeedStatusDto> = z.object({
  active: z.boolean(),
  createdAt: z.string().nullable(),
});
