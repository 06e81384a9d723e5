import { z } from 'zod';

/**
 * The rider's physiology: what they set in the profile, and what the rides service estimates from
 * their rides as of a date (used where they set nothing). Units: watts, beats per minute, kilograms.
 */

export const PhysiologyLimits = {
  ftp: { min: 30, max: 2000 },
  thresholdHeartrate: { min: 80, max: 230 },
  maxHeartrate: { min: 100, max: 240 },
  weightKg: { min: 25, max: 250 },
} as const;

/** How the rider reads distances, heights, speeds and weights (the spec shows imperial; the default). */
export const UNIT_SYSTEMS = ['imperial', 'metric'] as const;
export type UnitSystem = (typeof UNIT_SYSTEMS)[number];
export const DEFAULT_UNIT_SYSTEM: UnitSystem = 'imperial';

export const PhysiologyMessages = {
  ftp: `FTP must be a whole number of watts between ${PhysiologyLimits.ftp.min} and ${PhysiologyLimits.ftp.max}`,
  thresholdHeartrate: `Threshold heart rate must be a whole number of bpm between ${PhysiologyLimits.thresholdHeartrate.min} and ${PhysiologyLimits.thresholdHeartrate.max}`,
  maxHeartrate: `Max heart rate must be a whole number of bpm between ${PhysiologyLimits.maxHeartrate.min} and ${PhysiologyLimits.maxHeartrate.max}`,
  weightKg: `Weight must be between ${PhysiologyLimits.weightKg.min} and ${PhysiologyLimits.weightKg.max} kg`,
  thresholdAboveMax: 'Threshold heart rate must be below your max heart rate',
  units: 'Units must be imperial or metric',
  nothingToChange: 'Nothing to change: send ftp, thresholdHeartrate, maxHeartrate, weightKg or units',
} as const;

const wholeIn = (limits: { min: number; max: number }, message: string) =>
  z.number({ error: message }).int(message).min(limits.min, message).max(limits.max, message).nullable();

/**
 * `PATCH /api/rider/settings` and GraphQL `updateRiderSettings`: each field optional; null clears
 * the value (back to the estimate); a field left out is unchanged. Weight to 0.01 kg (so a weight typed in pounds comes back as typed). `units` is
 * how the screens and the coach show distances (imperial or metric); it cannot be cleared.
 */
export const RiderSettingsRequest = z
  .strictObject({
    ftp: wholeIn(PhysiologyLimits.ftp, PhysiologyMessages.ftp).optional(),
    thresholdHeartrate: wholeIn(
      PhysiologyLimits.thresholdHeartrate,
      PhysiologyMessages.thresholdHeartrate,
    ).optional(),
    maxHeartrate: wholeIn(PhysiologyLimits.maxHeartrate, PhysiologyMessages.maxHeartrate).optional(),
    weightKg: z
      .number({ error: PhysiologyMessages.weightKg })
      .min(PhysiologyLimits.weightKg.min, PhysiologyMessages.weightKg)
      .max(PhysiologyLimits.weightKg.max, PhysiologyMessages.weightKg)
      .transform((kg) => Math.round(kg * 100) / 100)
      .nullable()
      .optional(),
    units: z.enum(UNIT_SYSTEMS, { error: PhysiologyMessages.units }).optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { message: PhysiologyMessages.nothingToChange })
  .refine(
    (body) =>
      body.thresholdHeartrate == null ||
      body.maxHeartrate == null ||
      body.thresholdHeartrate < body.maxHeartrate,
    { message: PhysiologyMessages.thresholdAboveMax },
  );
export type RiderSettingsRequest = z.infer<typeof RiderSettingsRequest>;

/** How an estimate was made. */
export const ESTIMATE_MODELS = [
  /** 95% of the best 20-minute power of the 90 days up to the date */
  'best-20-minutes',
  /** critical power of a 2-parameter fit (P = W'/t + CP) on the best 3-20 minute powers of the 90 days */
  'critical-power',
  /** best 20-minute average heart rate of the 90 days (threshold heart rate) */
  'best-20-minutes-heart-rate',
  /** the highest heart rate recorded (max heart rate) */
  'highest-recorded',
] as const;
export type EstimateModel = (typeof ESTIMATE_MODELS)[number];

/** One estimated value with what it came from ("estimated from your 20-minute best on 3 Sep"). */
export interface PhysiologyEstimateDto {
  value: number;
  model: EstimateModel;
  /** the ride the deciding effort came from, and its date (YYYY-MM-DD), when one ride decided it */
  rideId: string | null;
  date: string | null;
  /** in words, for the profile and the coach */
  description: string;
}

/** `GET /api/rider/settings` and GraphQL `riderSettings`. */
export interface RiderSettingsDto {
  /** what the rider set; null = the estimate is used */
  ftp: number | null;
  thresholdHeartrate: number | null;
  maxHeartrate: number | null;
  weightKg: number | null;
  /** estimates as of today, from every ride with streams of the window; null without data */
  estimates: {
    ftp: PhysiologyEstimateDto | null;
    thresholdHeartrate: PhysiologyEstimateDto | null;
    maxHeartrate: PhysiologyEstimateDto | null;
  };
  /** the same as estimates.ftp.value (kept for existing clients) */
  estimatedFtp: number | null;
  /** IANA time zone from Strava, or null */
  timeZone: string | null;
  /** imperial (mi, ft, mph, lb) unless the rider chose metric (km, m, km/h, kg) */
  units: UnitSystem;
}

/** Where a value a ride was measured against came from. */
export type ThresholdSource = 'rider' | 'estimated';
