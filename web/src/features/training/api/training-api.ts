import '../../../app/zod-jitless';
import {
  WORKOUT_TYPES,
  type PlannedWorkoutDto,
  type PowerCurveDto,
  type TrainingLoadDayDto,
  type TrainingRecommendationsDto,
  type TrainingWeekDto,
  type WorkoutStepDto,
} from '@domestique/proto';
import { z } from 'zod';
import { getValidated } from '../../../app/rest/validated-rest';

/**
 * The training screens' REST calls (issue 22), each answer checked against proto's DTO before a
 * chart draws it. The schemas are typed by proto's interfaces (`z.ZodType<Dto>`), so a contract
 * change that forgets them does not compile.
 */
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

const LoadDays: z.ZodType<TrainingLoadDayDto[]> = z.array(
  z.object({
    date: day,
    load: z.number(),
    estimated: z.boolean(),
    ctl: z.number(),
    atl: z.number(),
    tsb: z.number(),
  }),
);

const Weeks: z.ZodType<TrainingWeekDto[]> = z.array(
  z.object({ weekStart: day, load: z.number(), hours: z.number() }),
);

const Curve: z.ZodType<PowerCurveDto> = z.object({
  from: day,
  to: day,
  points: z.array(
    z.object({
      durationS: z.number().positive(),
      watts: z.number(),
      wattsPerKg: z.number().nullable(),
      rideId: z.string(),
      date: day,
    }),
  ),
  model: z
    .object({
      cp: z.number(),
      wPrime: z.number(),
      ftpEstimate: z.number(),
      fittedFrom: z.array(z.number()),
    })
    .nullable(),
});

const Step: z.ZodType<WorkoutStepDto> = z.object({
  durationS: z.number().nonnegative(),
  targetPercentFtp: z.tuple([z.number(), z.number()]).nullable(),
  targetHrZone: z.number().int().nullable(),
  label: z.string(),
});

/** A planned day (the plan screens' sessions extend it). */
export const Planned = z.object({
  date: day,
  type: z.enum([...WORKOUT_TYPES, 'rest']),
  title: z.string(),
  steps: z.array(Step),
  durationS: z.number().nonnegative(),
  plannedLoad: z.number(),
  reason: z.string(),
}) satisfies z.ZodType<PlannedWorkoutDto>;

const Recommendations: z.ZodType<TrainingRecommendationsDto> = z.object({
  generatedAt: z.string(),
  days: z.array(Planned),
});

/** `?from=&to=&tz=`, leaving out what is not given (the server's defaults apply). */
const query = (params: Record<string, string | null | undefined>): string => {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value) search.set(name, value);
  const text = search.toString();
  return text ? `?${text}` : '';
};

export interface RangeParams {
  from?: string;
  to?: string;
  /** the browser's time zone, used when Strava gave the rider none */
  tz: string | null;
}

export const trainingApi = {
  /** `GET /api/training/load`: every day of the range with its load, CTL, ATL and TSB. */
  load: (range: RangeParams, signal?: AbortSignal): Promise<TrainingLoadDayDto[]> =>
    getValidated(`/api/training/load${query({ ...range })}`, LoadDays, signal),
  /** `GET /api/training/weekly`: the range's Monday-to-Sunday weeks of load and hours. */
  weekly: (range: RangeParams, signal?: AbortSignal): Promise<TrainingWeekDto[]> =>
    getValidated(`/api/training/weekly${query({ ...range })}`, Weeks, signal),
  /** `GET /api/power/curve`: the best power for 1 s to 5 h in the range, with the CP model. */
  powerCurve: (range: RangeParams, signal?: AbortSignal): Promise<PowerCurveDto> =>
    getValidated(`/api/power/curve${query({ ...range })}`, Curve, signal),
  /** `GET /api/training/recommendations`: today's and the next 6 days' sessions. */
  recommendations: (tz: string | null, signal?: AbortSignal): Promise<TrainingRecommendationsDto> =>
    getValidated(`/api/training/recommendations${query({ tz })}`, Recommendations, signal),
};
