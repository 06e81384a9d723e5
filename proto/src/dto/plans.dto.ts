import { z } from 'zod';
import { RideMessages } from './rides.constants.js';
import type { PlannedWorkoutDto } from './training.dto.js';

/**
 * Training plans, the calendar and race preparation (issue 23, sections 1-4), Elite only, served by
 * the rides service (Pro and Free get 403 `{ message: PlanMessages.requiresElite }`):
 * - `POST /api/plans` builds the rider's plan from `CreatePlanRequest` (replacing the current one)
 *   and answers 201 `TrainingPlanDto`; `GET /api/plans` stays billing's list of subscription plans;
 * - `GET /api/plans/current?tz=` answers `TrainingPlanDto` (404 `PlanMessages.noPlan` without one);
 *   reading it first settles the days gone by (matched rides, missed sessions, the adjustments they
 *   cause), so the answer is always current;
 * - `DELETE /api/plans/current` ends the plan (204);
 * - `PATCH /api/plans/current/sessions/{id}` `{ date }` moves a session and answers
 *   `MovePlanSessionResultDto` (the plan and the re-checked week);
 * - `GET /api/plans/calendar?from=&to=&tz=` answers `PlanCalendarDto`: planned sessions and
 *   completed rides side by side, day by day (at most PLAN_CALENDAR_MAX_DAYS days);
 * - `POST /api/plans/current/course` (multipart, field `file`, a GPX course) sets the event's course
 *   and answers the plan with its pacing; `DELETE /api/plans/current/course` removes it;
 * - `GET /api/plans/current/sessions/{id}/export?format=` a session as a workout file (the formats
 *   and content types of workout-export.dto.ts).
 * GraphQL (rides subgraph): `trainingPlan(tz)`, `planCalendar(from, to, tz)`, mutations
 * `createTrainingPlan(input)`, `movePlanSession(id, date)`, `deleteTrainingPlan`.
 */

export const EVENT_TYPES = [
  'gran-fondo',
  'road-race',
  'criterium',
  'time-trial',
  'hill-climb',
  'general-fitness',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export const EVENT_TYPE_LABELS: Record<EventType, string> = {
  'gran-fondo': 'Gran fondo',
  'road-race': 'Road race',
  criterium: 'Criterium',
  'time-trial': 'Time trial',
  'hill-climb': 'Hill climb',
  'general-fitness': 'General fitness',
};

/** Days of the week, Monday first (plans run Monday to Sunday). */
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const PLAN_PHASES = ['base', 'build', 'peak', 'taper'] as const;
export type PlanPhase = (typeof PLAN_PHASES)[number];

/** The event must be this many days ahead at least (4 weeks), at most (52 weeks). */
export const PLAN_MIN_DAYS = 28;
export const PLAN_MAX_DAYS = 364;
export const PLAN_WEEKLY_HOURS_MIN = 2;
export const PLAN_WEEKLY_HOURS_MAX = 25;
export const PLAN_RIDING_DAYS_MIN = 2;
/** The fastest the plan lets fitness (CTL) rise, per week: the ramp bound it states. */
export const PLAN_RAMP_MAX_CTL_PER_WEEK = 6;
/** Every this many weeks of loading, a recovery week at about 60% of the load. */
export const PLAN_RECOVERY_EVERY_WEEKS = 4;
/** Race preparation (taper and openers) covers the event's last days. */
export const PLAN_RACE_PREP_DAYS = 10;
export const PLAN_CALENDAR_MAX_DAYS = 62;
export const PLAN_COURSE_MAX_BYTES = 20 * 1024 * 1024;

export const PlanMessages = {
  requiresElite: 'Training plans and the calendar are available on the Elite plan.',
  noPlan: 'You have no training plan yet.',
  eventName: 'Event name is required (at most 100 characters)',
  eventDate: 'The event date must be a day (YYYY-MM-DD)',
  eventTooSoon: `The event must be at least ${PLAN_MIN_DAYS / 7} weeks away to build a plan`,
  eventTooFar: `The event must be within ${PLAN_MAX_DAYS / 7} weeks`,
  eventType: `Event type must be one of ${EVENT_TYPES.join(', ')}`,
  weeklyHours: `Weekly hours must be between ${PLAN_WEEKLY_HOURS_MIN} and ${PLAN_WEEKLY_HOURS_MAX}`,
  ridingDays: `Choose at least ${PLAN_RIDING_DAYS_MIN} different days you can ride`,
  longRideDay: 'The long ride day must be one of your riding days',
  sessionNotFound: 'Session not found',
  moveDate: 'The new date must be a day (YYYY-MM-DD) within the plan, not in the past',
  moveCompleted: 'A completed session cannot be moved',
  courseInvalid: 'The course must be a GPX file with at least two points',
  courseTooLarge: `The course file must be at most ${PLAN_COURSE_MAX_BYTES / (1024 * 1024)} MB`,
  calendarRange: `The calendar range must be at most ${PLAN_CALENDAR_MAX_DAYS} days, from before to`,
} as const;

const day = (message: string) => z.iso.date({ error: message });

/** `POST /api/plans`. The date window (PLAN_MIN_DAYS..PLAN_MAX_DAYS from today) is checked by the service. */
export const CreatePlanRequest = z
  .strictObject({
    eventName: z
      .string({ error: PlanMessages.eventName })
      .trim()
      .min(1, PlanMessages.eventName)
      .max(100, PlanMessages.eventName),
    eventDate: day(PlanMessages.eventDate),
    eventType: z.enum(EVENT_TYPES, { error: PlanMessages.eventType }),
    weeklyHours: z
      .number({ error: PlanMessages.weeklyHours })
      .min(PLAN_WEEKLY_HOURS_MIN, PlanMessages.weeklyHours)
      .max(PLAN_WEEKLY_HOURS_MAX, PlanMessages.weeklyHours),
    ridingDays: z
      .array(z.enum(WEEKDAYS, { error: PlanMessages.ridingDays }), { error: PlanMessages.ridingDays })
      .min(PLAN_RIDING_DAYS_MIN, PlanMessages.ridingDays)
      .max(7, PlanMessages.ridingDays)
      .refine((days) => new Set(days).size === days.length, PlanMessages.ridingDays),
    /** the day of the week's long ride; default: the last riding day of the week */
    longRideDay: z.enum(WEEKDAYS, { error: PlanMessages.longRideDay }).optional(),
    tz: z.string().max(64, RideMessages.invalidTimeZone).optional(),
  })
  .refine((plan) => !plan.longRideDay || plan.ridingDays.includes(plan.longRideDay), {
    message: PlanMessages.longRideDay,
    path: ['longRideDay'],
  });
export type CreatePlanRequest = z.infer<typeof CreatePlanRequest>;

/** `PATCH /api/plans/current/sessions/{id}`. */
export const MovePlanSessionRequest = z.strictObject({ date: day(PlanMessages.moveDate) });
export type MovePlanSessionRequest = z.infer<typeof MovePlanSessionRequest>;

/** `?tz=` of `GET /api/plans/current`. */
export const PlanTimeZoneQuery = z.strictObject({
  tz: z.string().max(64, RideMessages.invalidTimeZone).optional(),
});

/** `?from=&to=&tz=` of `GET /api/plans/calendar` (both days included). */
export const PlanCalendarQuery = z
  .strictObject({
    from: day(PlanMessages.calendarRange),
    to: day(PlanMessages.calendarRange),
    tz: z.string().max(64, RideMessages.invalidTimeZone).optional(),
  })
  .refine(
    ({ from, to }) =>
      from <= to &&
      (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 < PLAN_CALENDAR_MAX_DAYS,
    { message: PlanMessages.calendarRange, path: ['from'] },
  );
export type PlanCalendarQuery = z.infer<typeof PlanCalendarQuery>;

// ---- answers ------------------------------------------------------------------------------------

/** How a completed ride matched its planned session. Ratios are actual / planned (1 = as planned). */
export interface SessionComplianceDto {
  rideId: string;
  rideName: string;
  durationS: number;
  load: number;
  durationRatio: number;
  loadRatio: number;
  /** share of the ride's time within the session's target ranges, 0-1; null without power or heart rate streams */
  timeInTargetRatio: number | null;
  /** 0-100 */
  score: number;
  /** 'done' (within 80-120% of load and duration), 'partial' (under), 'harder' (over) */
  verdict: 'done' | 'partial' | 'harder';
  /** one plain sentence from the numbers */
  summary: string;
}

export type PlanSessionStatus = 'planned' | 'completed' | 'missed';

/** One planned session (rest days are not sessions). */
export interface PlanSessionDto extends PlannedWorkoutDto {
  id: string;
  /** 1-based week of the plan */
  week: number;
  phase: PlanPhase;
  status: PlanSessionStatus;
  /** the day it was first planned on, when it has been moved (by the rider or an adjustment) */
  originalDate: string | null;
  compliance: SessionComplianceDto | null;
  /** 'opener' and 'event' sessions are race preparation's */
  role: 'training' | 'long-ride' | 'opener' | 'event';
}

export interface PlanWeekDto {
  /** 1-based */
  index: number;
  /** the week's Monday, YYYY-MM-DD */
  weekStart: string;
  phase: PlanPhase;
  recovery: boolean;
  /** the week's load target, TSS */
  targetLoad: number;
  /** the sum of its sessions' planned load */
  plannedLoad: number;
  /** the load of the rides matched so far */
  completedLoad: number;
  /** the fitness (CTL) the week aims to end at */
  targetCtl: number;
  /** one plain sentence: why this week looks like this, from the rider's numbers */
  explanation: string;
}

export interface PlanAdjustmentDto {
  id: string;
  /** ISO 8601 */
  createdAt: string;
  sessionId: string | null;
  kind: 'moved' | 'eased' | 'replaced' | 'dropped' | 'week-load';
  /** "Moved Thursday's VO2max session to Saturday: your form is -28 after Tuesday's race." */
  reason: string;
}

/** One stretch of the course at a near-constant gradient, with its target and time. */
export interface PacingSegmentDto {
  fromKm: number;
  toKm: number;
  /** percent */
  gradient: number;
  /** null when the rider has no FTP (heart-rate pacing) */
  targetWatts: number | null;
  targetHrZone: number | null;
  expectedTimeS: number;
}

export interface PacingPlanDto {
  courseName: string;
  distanceKm: number;
  ascentM: number;
  /** the whole course at the plan's targets */
  expectedTimeS: number;
  /** the average target over the course; null without FTP */
  targetAverageWatts: number | null;
  segments: PacingSegmentDto[];
  /** the numbers the model used, stated plainly (FTP, weight, CdA, rolling resistance) */
  assumptions: string;
}

export interface RacePrepDto {
  /** the first day of the taper, YYYY-MM-DD */
  taperStart: string;
  /** plain sentences: taper, openers, the day before and the day of the event */
  guidance: string[];
  /** target by duration for the event type: e.g. "2-4 h: 70-80% FTP (182-208 W)" */
  targets: string[];
  /** null until a course is uploaded */
  pacing: PacingPlanDto | null;
}

/** `GET /api/plans/current`, and `POST /api/plans`' answer. */
export interface TrainingPlanDto {
  id: string;
  eventName: string;
  eventDate: string;
  eventType: EventType;
  weeklyHours: number;
  ridingDays: Weekday[];
  longRideDay: Weekday;
  /** ISO 8601 */
  createdAt: string;
  /** the CTL the plan started from */
  startCtl: number;
  /** PLAN_RAMP_MAX_CTL_PER_WEEK, stated */
  rampLimit: number;
  phases: { phase: PlanPhase; from: string; to: string }[];
  weeks: PlanWeekDto[];
  sessions: PlanSessionDto[];
  /** newest first */
  adjustments: PlanAdjustmentDto[];
  racePrep: RacePrepDto;
  /** plain sentences: how the plan was built from the rider's numbers */
  explanation: string[];
}

/** `PATCH /api/plans/current/sessions/{id}`: the plan, and the moved-to week's load re-checked. */
export interface MovePlanSessionResultDto {
  plan: TrainingPlanDto;
  week: { weekStart: string; plannedLoad: number; targetLoad: number; warning: string | null };
}

/** A completed ride on the calendar. */
export interface CalendarRideDto {
  id: string;
  name: string;
  durationS: number;
  /** TSS, or null when it could not be computed */
  load: number | null;
  /** the planned session it was matched to */
  sessionId: string | null;
}

/** `GET /api/plans/calendar`: every day of the range, in order. */
export interface PlanCalendarDto {
  from: string;
  to: string;
  /** false when the rider has no plan (rides are still shown) */
  hasPlan: boolean;
  days: { date: string; sessions: PlanSessionDto[]; rides: CalendarRideDto[] }[];
}
