import { z } from 'zod';
import { RideMessages } from './rides.constants.js';
import type { WorkoutType } from './workout.dto.js';

/**
 * Training load (fitness CTL, fatigue ATL, form TSB), the rider's power-duration curve with a
 * critical-power model, and the next seven days of structured workouts. Served by the rides service;
 * Pro and Elite only (free riders get 403 `{ message: TrainingMessages.requiresPaidPlan }`).
 *
 * The model, stated once (docs/training.md says the same):
 * - daily load: the sum of the day's rides' TSS (power), else hrTSS (heart rate against threshold
 *   heart rate), else an estimate from moving time and ride type (`estimated: true`), per calendar day
 *   in the rider's time zone;
 * - CTL_t = CTL_{t-1} + (load_t - CTL_{t-1}) x (1 - e^(-1/42)); ATL the same with 7 days; both seeded
 *   at 0 on the day before the rider's first ride;
 * - TSB_t = CTL_{t-1} - ATL_{t-1} (yesterday's fitness minus yesterday's fatigue: today's form);
 * - ramp rate = CTL_t - CTL_{t-7} (fitness gained over the last 7 days).
 */

/** Time constants, days. */
export const CTL_DAYS = 42;
export const ATL_DAYS = 7;
/** The longest range one `from`/`to` query may span, days (20 years). */
export const TRAINING_RANGE_MAX_DAYS = 7305;
/** The default range of the power curve, days up to `to`. */
export const POWER_CURVE_DEFAULT_DAYS = 365;
/** Days of sessions `GET /api/training/recommendations` suggests, starting today. */
export const RECOMMENDATION_DAYS = 7;

/**
 * Form (TSB) bands as intervals.icu shades them, from fresh to overreached. A day's band is the first
 * whose `min` its TSB reaches (`min: null` is the open bottom band).
 */
export const FORM_BANDS = [
  { key: 'transition', label: 'Transition', min: 25 },
  { key: 'fresh', label: 'Fresh', min: 5 },
  { key: 'grey', label: 'Grey zone', min: -10 },
  { key: 'optimal', label: 'Optimal', min: -30 },
  { key: 'high-risk', label: 'High risk', min: null },
] as const;
export type FormBand = (typeof FORM_BANDS)[number]['key'];

/** The band a TSB falls in. */
export const formBand = (tsb: number): FormBand =>
  FORM_BANDS.find((band) => band.min === null || tsb >= band.min)!.key;

export const TrainingMessages = {
  requiresPaidPlan:
    'Training load, power curve and recommendations are available on the Pro and Elite plans. Upgrade to see them.',
  invalidDate: (name: 'from' | 'to') => `${name} must be a date (YYYY-MM-DD)`,
  dateOrder: 'from must not be after to',
  rangeTooLong: `The range must not span more than ${TRAINING_RANGE_MAX_DAYS} days`,
} as const;

// ---- query ------------------------------------------------------------------------------------

const isCalendarDay = (day: string): boolean => {
  const date = new Date(`${day}T00:00:00Z`);
  return (
    /^\d{4}-\d{2}-\d{2}$/.test(day) && !Number.isNaN(date.getTime()) && date.toISOString().startsWith(day)
  );
};

const trainingDay = (name: 'from' | 'to') =>
  z
    .string({ error: TrainingMessages.invalidDate(name) })
    .refine(isCalendarDay, { message: TrainingMessages.invalidDate(name) });

const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/**
 * `?from=&to=&tz=` of `GET /api/training/load`, `/api/training/weekly` and `/api/power/curve`: whole
 * days, both included, in the rider's time zone (`tz`, the browser's, is used when Strava gave none).
 * `to` defaults to today; `from` to the first ride's day (load) or `to` minus 364 days (power
 * curve). Both present: `from <= to`, at most TRAINING_RANGE_MAX_DAYS days apart.
 */
export const TrainingRangeQuery = z
  .strictObject({
    from: trainingDay('from').optional(),
    to: trainingDay('to').optional(),
    tz: z.string().max(64, RideMessages.invalidTimeZone).optional(),
  })
  .superRefine((query, context) => {
    if (!query.from || !query.to) return;
    if (query.from > query.to)
      context.addIssue({ code: 'custom', message: TrainingMessages.dateOrder, path: ['from'] });
    else if (daysBetween(query.from, query.to) >= TRAINING_RANGE_MAX_DAYS)
      context.addIssue({ code: 'custom', message: TrainingMessages.rangeTooLong, path: ['from'] });
  });
export type TrainingRangeQuery = z.infer<typeof TrainingRangeQuery>;

/** `?tz=` of `GET /api/training/recommendations`. */
export const TrainingTimeZoneQuery = z.strictObject({
  tz: z.string().max(64, RideMessages.invalidTimeZone).optional(),
});
export type TrainingTimeZoneQuery = z.infer<typeof TrainingTimeZoneQuery>;

// ---- training load ----------------------------------------------------------------------------

/** One day of the load series; every day of the range is present (zero load on rest days). */
export interface TrainingLoadDayDto {
  /** YYYY-MM-DD in the rider's time zone */
  date: string;
  /** the day's TSS (sum over its rides), rounded to 0.1 */
  load: number;
  /** true when any ride of the day had neither power nor heart rate (load estimated from duration) */
  estimated: boolean;
  /** fitness: 42-day exponentially weighted load, at the end of the day */
  ctl: number;
  /** fatigue: 7-day exponentially weighted load, at the end of the day */
  atl: number;
  /** form: yesterday's CTL minus yesterday's ATL */
  tsb: number;
}

/** One Monday-to-Sunday week of load and riding time (the chart's bars). */
export interface TrainingWeekDto {
  /** the week's Monday, YYYY-MM-DD, in the rider's time zone */
  weekStart: string;
  /** sum of the week's daily load (TSS) */
  load: number;
  /** moving time, hours, to 0.1 */
  hours: number;
}

/**
 * GraphQL `trainingLoad(from, to, tz)`: the series, the weekly bars and the ramp rate in one answer.
 * REST splits it: `GET /api/training/load` answers `TrainingLoadDayDto[]` (the issue's array) and
 * `GET /api/training/weekly` answers `TrainingWeekDto[]`.
 */
export interface TrainingLoadDto {
  days: TrainingLoadDayDto[];
  /** CTL change over the 7 days up to `to` (CTL_to - CTL_{to-7}) */
  rampRate: number;
  weeks: TrainingWeekDto[];
  /** the time zone the days were cut in */
  timeZone: string;
}

/**
 * The rider's form on a date, for the coach (analysis context): the numbers it may quote. Computed
 * by the rides service's `TrainingService.formAt(userId, date)`.
 */
export interface TrainingFormDto {
  /** YYYY-MM-DD, the day the form is read at */
  date: string;
  ctl: number;
  atl: number;
  tsb: number;
  rampRate: number;
  /** the 14 days up to and including `date`, oldest first */
  recentDays: { date: string; load: number }[];
}

// ---- power curve --------------------------------------------------------------------------------

/** The best average power over `durationS` seconds in the range, with the ride that set it. */
export interface RiderPowerCurvePointDto {
  durationS: number;
  watts: number;
  /** watts per kilogram of the rider's weight (rider settings), to 0.01; null when no weight is set */
  wattsPerKg: number | null;
  rideId: string;
  /** YYYY-MM-DD (rider's time zone) the ride started */
  date: string;
}

/**
 * The 2-parameter critical-power model P(t) = W'/t + CP, fitted by least squares on work = CP x t +
 * W' over the curve's 3 to 20 minute bests. Null when the curve has fewer than 3 such points or the
 * fit is not physiological (CP or W' not positive).
 */
export interface CriticalPowerModelDto {
  /** critical power, watts */
  cp: number;
  /** W', joules */
  wPrime: number;
  /** FTP estimated from the model: CP, rounded (as the rider-physiology estimate takes it) */
  ftpEstimate: number;
  /** the durations (seconds) the model was fitted on */
  fittedFrom: number[];
}

/**
 * `GET /api/power/curve?from=&to=&tz=` and GraphQL `powerCurve(from, to, tz)`. To compare two
 * periods (this 90 days against last year's) call it twice.
 */
export interface PowerCurveDto {
  /** YYYY-MM-DD, the range actually used */
  from: string;
  to: string;
  /** in duration order, 1 s to 5 h, only the durations some ride reached */
  points: RiderPowerCurvePointDto[];
  model: CriticalPowerModelDto | null;
}

// ---- structured workouts (issue 23 builds plans and exports on these) ---------------------------

/** One step of a structured workout: a duration held at a %FTP range, or in a heart-rate zone. */
export interface WorkoutStepDto {
  durationS: number;
  /** [low, high] percent of FTP; null for a heart-rate step (no power meter) */
  targetPercentFtp: [number, number] | null;
  /** heart-rate zone 1-5 (of threshold heart rate); null for a power step */
  targetHrZone: number | null;
  /** "Warm-up", "5 x 4 min VO2max", "Recovery" ... */
  label: string;
}

/** The kind of a planned day: a session type of WORKOUT_TYPES, or a rest day. */
export type PlannedWorkoutType = WorkoutType | 'rest';

/** One suggested day. A rest day has no steps and zero duration and load. */
export interface PlannedWorkoutDto {
  /** YYYY-MM-DD in the rider's time zone */
  date: string;
  type: PlannedWorkoutType;
  title: string;
  steps: WorkoutStepDto[];
  /** sum of the steps, seconds */
  durationS: number;
  /** expected TSS */
  plannedLoad: number;
  /** one sentence, from the rider's numbers: why this session sits here */
  reason: string;
}

/** `GET /api/training/recommendations` and GraphQL `trainingRecommendations(tz)`. */
export interface TrainingRecommendationsDto {
  /** ISO 8601 */
  generatedAt: string;
  /** 7 days in order: from today, or from tomorrow once the rider has ridden today */
  days: PlannedWorkoutDto[];
}
