import { z } from 'zod';
import { DEFAULT_UNIT_SYSTEM, UNIT_SYSTEMS } from './physiology.dto.js';
import type { TrainingFormDto } from './training.dto.js';
import { RIDE_CONTEXTS, WORKOUT_TYPES } from './workout.dto.js';
import {
  AnalysisMessages,
  CHAT_MESSAGE_MAX_LENGTH,
  CHAT_PAGE_MAX,
  CHAT_PAGE_SIZE,
} from './analysis.constants.js';

export * from './analysis.constants.js';

/** The AI coach's feedback on one ride (spec section 3). */
export interface AiFeedbackDto {
  summary: string;
  strengths: string;
  weaknesses: string;
  recommendations: string;
  fullAnalysis: string;
  /**
   * True while the ride's metrics changed after this feedback was written (a new FTP, older rides'
   * streams arriving) and a rewrite is queued; the rewrite spends no analysis.
   */
  outdated?: boolean;
}

/** GET /api/user/monthly-analysis-limit (spec section 3). `limit` and `remaining` are null without a limit. */
export interface MonthlyAnalysisLimitDto {
  hasLimit: boolean;
  used: number;
  limit: number | null;
  remaining: number | null;
  limitReached: boolean;
}

/** One exchange with the coach (spec section 3, Chat message). */
export interface ChatMessageDto {
  id: string;
  message: string;
  response: string;
  /** ISO 8601, UTC */
  createdAt: string;
}

/** One page of the conversation, newest first (GraphQL `coachChat`). */
export interface ChatPageDto {
  messages: ChatMessageDto[];
  /** pass it back to get older messages; null on the last page */
  nextCursor: string | null;
}

/** POST /api/coach/chat `{message}`: trimmed, 1 to 2,000 characters (spec section 5). */
export const ChatMessageRequest = z.strictObject({
  message: z
    .string({ error: AnalysisMessages.chatMessageEmpty })
    .trim()
    .min(1, AnalysisMessages.chatMessageEmpty)
    .max(CHAT_MESSAGE_MAX_LENGTH, AnalysisMessages.chatMessageTooLong),
});
export type ChatMessageRequest = z.infer<typeof ChatMessageRequest>;

/** `GET /api/coach/chat?limit=&cursor=`: newest first; the next page's cursor is in `X-Next-Cursor`. */
export const ChatPageQuery = z.strictObject({
  limit: z.coerce
    .number({ error: AnalysisMessages.invalidLimit })
    .int(AnalysisMessages.invalidLimit)
    .min(1, AnalysisMessages.invalidLimit)
    .max(CHAT_PAGE_MAX, AnalysisMessages.invalidLimit)
    .default(CHAT_PAGE_SIZE),
  cursor: z.string().max(200, AnalysisMessages.invalidCursor).optional(),
});
export type ChatPageQuery = z.infer<typeof ChatPageQuery>;

export const CHAT_PAGE_HEADERS = { nextCursor: 'x-next-cursor' } as const;

// ---------------------------------------------------------------------------------------------
// Internal contract: the rides service serves what a ride is analysed from (computed metrics and
// summaries, never raw streams). Storage units: metres, seconds, m/s, watts, bpm, rpm.

const nullableNumber = z.number().nullable();
const ZoneTime = z.object({ zone: z.number().int(), seconds: z.number() });

/** WorkoutDto's schema (workout.dto.ts). */
export const WorkoutFacts = z.object({
  type: z.enum(WORKOUT_TYPES),
  basis: z.enum(['power', 'heart-rate', 'summary']),
  contexts: z.array(z.enum(RIDE_CONTEXTS)),
  intervals: z.array(
    z.object({
      startSeconds: z.number(),
      durationSeconds: z.number(),
      averagePower: nullableNumber,
      percentOfFtp: nullableNumber,
      averageHeartrate: nullableNumber,
      recoverySeconds: nullableNumber,
    }),
  ),
  sets: z.array(
    z.object({
      repeats: z.number().int(),
      workSeconds: z.number(),
      recoverySeconds: nullableNumber,
      averagePower: nullableNumber,
      percentOfFtp: nullableNumber,
      firstInterval: z.number().int(),
    }),
  ),
  structure: z.string().nullable(),
  steady: z.boolean(),
});
export type WorkoutFacts = z.infer<typeof WorkoutFacts>;

export const RideSummaryFacts = z.object({
  id: z.uuid(),
  source: z.enum(['strava', 'demo']),
  name: z.string(),
  sportType: z.string(),
  indoor: z.boolean(),
  commute: z.boolean(),
  startDate: z.string(),
  startLocalTime: z.string().nullable(),
  distanceM: z.number(),
  movingTimeS: z.number(),
  elapsedTimeS: z.number(),
  elevationGainM: z.number(),
  averageSpeedMps: z.number(),
  averageHeartrate: nullableNumber,
  averageCadence: nullableNumber,
  averageWatts: nullableNumber,
  normalizedPower: nullableNumber,
  intensityFactor: nullableNumber,
  tss: nullableNumber,
  /** sum of recorded power, kJ; null without a power meter or streams */
  kilojoules: nullableNumber.default(null),
  /** the session type read from the data; null until streams arrive */
  workoutType: z.enum(WORKOUT_TYPES).nullable().default(null),
});
export type RideSummaryFacts = z.infer<typeof RideSummaryFacts>;

export const RideDetailFacts = RideSummaryFacts.extend({
  maxSpeedMps: nullableNumber,
  maxHeartrate: nullableNumber,
  deviceWatts: z.boolean(),
  variabilityIndex: nullableNumber,
  efficiencyFactor: nullableNumber,
  aerobicDecouplingPct: nullableNumber,
  powerZones: z.array(ZoneTime).nullable(),
  heartRateZones: z.array(ZoneTime).nullable(),
  bestEfforts: z.array(z.object({ durationSeconds: z.number(), watts: z.number() })),
  /** seconds of the 1 Hz series the metrics were computed over; null from the summary */
  recordedSeconds: nullableNumber.default(null),
  /** detected intervals, sets, type and context; null until streams arrive */
  workout: WorkoutFacts.nullable().default(null),
  /** the FTP the ride's IF, TSS and zones were measured against (equal to the rider's FTP as of the ride) */
  ftpWatts: nullableNumber.default(null),
  /** the ride's detailed data (streams) is still being fetched from Strava: an analysis waits for it, bounded */
  streamsPending: z.boolean().default(false),
});
export type RideDetailFacts = z.infer<typeof RideDetailFacts>;

/** The rider's thresholds (the tier comes from the signed identity, never from here). */
export const RiderThresholdFacts = z.object({
  ftpWatts: nullableNumber,
  ftpSource: z.enum(['rider', 'estimated']).nullable(),
  maxHeartrate: nullableNumber,
  thresholdHeartrate: nullableNumber,
  weightKg: nullableNumber,
  /** how the FTP was estimated, in words; null when the rider set it */
  ftpDescription: z.string().nullable().default(null),
  thresholdHeartrateSource: z.enum(['rider', 'estimated']).nullable().default(null),
  maxHeartrateSource: z.enum(['rider', 'estimated']).nullable().default(null),
  /** the rider's units setting: the coach writes distances, climbing and speeds in them */
  units: z.enum(UNIT_SYSTEMS).default(DEFAULT_UNIT_SYSTEM),
});
export type RiderThresholdFacts = z.infer<typeof RiderThresholdFacts>;

export const GoalProgressFacts = z.object({
  title: z.string(),
  type: z.enum(['distance', 'time', 'elevation', 'speed', 'custom']),
  targetValue: z.number(),
  currentValue: z.number(),
  targetDate: z.string().nullable(),
  status: z.string().nullable(),
  /** YYYY-MM-DD: the goal counts rides from this day (its creation) to its target date */
  startDate: z.string().nullable().default(null),
  /** whole days from today (the context's asOf, rider's time zone) to the target date; null without one */
  daysLeft: z.number().int().nullable().default(null),
  /** the unit targetValue and currentValue are in (miles, hours, ft, mph or the rider's own) */
  unit: z.string().nullable().default(null),
});
export type GoalProgressFacts = z.infer<typeof GoalProgressFacts>;

/**
 * The rider's training load on a day (TrainingFormDto, training.dto.ts): fitness (CTL) and fatigue
 * (ATL) at the end of the day, form (TSB: yesterday's CTL minus yesterday's ATL, what the rider
 * started the day with), the ramp rate (CTL change over 7 days) and the 14 days' loads up to it.
 */
export const TrainingFormFacts = z.object({
  date: z.string(),
  ctl: z.number(),
  atl: z.number(),
  tsb: z.number(),
  rampRate: z.number(),
  recentDays: z.array(z.object({ date: z.string(), load: z.number() })),
}) satisfies z.ZodType<TrainingFormDto>;
export type TrainingFormFacts = z.infer<typeof TrainingFormFacts>;

/** The answer of pattern `rides.analysis-context.ride` (404 when the ride is not the rider's). */
export const RideAnalysisContext = z.object({
  ride: RideDetailFacts,
  rider: RiderThresholdFacts,
  /** the rider's rides before this one, newest first */
  recentRides: z.array(RideSummaryFacts),
  goals: z.array(GoalProgressFacts),
  /** ISO 8601: when the context was read ("today" for days left) */
  asOf: z.string().optional(),
  /**
   * The rider's load on the ride's day (its own load included, the form it started with as `tsb`);
   * null without load data (a new rider): the coach then says nothing about form.
   */
  form: TrainingFormFacts.nullable().default(null),
});
export type RideAnalysisContext = z.infer<typeof RideAnalysisContext>;

/** The dashboard's performance trends (12 weekly points, improvements in percent, null when unknown). */
export const CoachTrendFacts = z.object({
  weeks: z.array(
    z.object({ date: z.string(), power: nullableNumber, heartRate: nullableNumber, cadence: nullableNumber }),
  ),
  improvements: z.object({
    powerImprovement: nullableNumber,
    heartRateEfficiency: nullableNumber,
    cadenceConsistency: nullableNumber,
  }),
});
export type CoachTrendFacts = z.infer<typeof CoachTrendFacts>;

/** The answer of pattern `rides.analysis-context.rider`: what the coach knows for a chat answer. */
export const RiderCoachContext = z.object({
  rider: RiderThresholdFacts,
  /** newest first */
  recentRides: z.array(RideSummaryFacts),
  goals: z.array(GoalProgressFacts),
  /** null when the rider has no ride in the 12 weeks */
  trends: CoachTrendFacts.nullable(),
  /** ISO 8601: when the context was read */
  asOf: z.string().optional(),
  /**
   * Every ride from windowStart to asOf, newest first (chat's "last 4 weeks", "this year"): windows
   * read every ride in them. Capped at COACH_WINDOW_MAX_RIDES; windowComplete is false when capped.
   */
  windowRides: z.array(RideSummaryFacts).default([]),
  windowStart: z.string().nullable().default(null),
  windowComplete: z.boolean().default(true),
  /** the rider's load today; null without load data (the coach then says nothing about form) */
  form: TrainingFormFacts.nullable().default(null),
});
export type RiderCoachContext = z.infer<typeof RiderCoachContext>;

/** How many earlier rides an analysis or a chat answer is compared with. */
export const ANALYSIS_CONTEXT_RECENT_RIDES = 20;
/** The chat's window: every ride of the last 400 days (a year and its same period last year), at most this many. */
export const COACH_WINDOW_DAYS = 400;
export const COACH_WINDOW_MAX_RIDES = 1500;
