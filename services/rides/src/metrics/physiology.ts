import type { PhysiologyEstimateDto } from '@domestique/proto';

/**
 * The rider's FTP, threshold heart rate and max heart rate estimated as of a date from every ride
 * with streams of the 90 days up to it. Pure: the same rides give the same answer whatever order
 * they arrive in (ties go to the earliest ride, then the smallest id).
 *
 * FTP: the best power of the window for each duration of 3, 5, 10 and 20 minutes, fitted with the
 * 2-parameter critical power model (work = CP x t + W', least squares, as GoldenCheetah's CP2 fit on
 * its 2-20 minute data); FTP = CP when at least 3 durations exist and the fit is physiological
 * (W' of 5-50 kJ, CP no higher than the best 20 minutes). Otherwise 95% of the best 20 minutes.
 */

/** The estimates look back this far from the date they are for. */
export const ESTIMATE_WINDOW_DAYS = 90;
/** Durations (seconds) of the best efforts the critical power fit uses. */
export const CP_DURATIONS = [180, 300, 600, 1200] as const;
/** FTP as a share of the best 20 minutes when the fit cannot be used. */
export const FTP_FROM_20_MINUTES = 0.95;
/** Sane W' (joules) for a critical power fit. */
export const W_PRIME_RANGE = { min: 5_000, max: 50_000 } as const;

const DAY_MS = 24 * 3600 * 1000;

/** What one ride gives the estimates (stored with the ride when its streams arrive). */
export interface RideEfforts {
  rideId: string;
  startDate: Date;
  /** best mean watts by duration in seconds (power meter only): at least 180, 300, 600, 1200 */
  bestPower: Partial<Record<number, number>>;
  best20MinuteHeartrate: number | null;
  maxHeartrate: number | null;
}

export interface EstimateOptions {
  /** IANA zone the dates in descriptions are written in (UTC without one) */
  timeZone?: string | null;
}

export interface CriticalPowerFit {
  criticalPower: number;
  /** joules */
  wPrime: number;
}

/** The rides in (asOf - 90 days, asOf], in a canonical order (start, then id). */
const inWindow = (rides: readonly RideEfforts[], asOf: Date): RideEfforts[] => {
  const to = asOf.getTime();
  const from = to - ESTIMATE_WINDOW_DAYS * DAY_MS;
  return rides
    .filter((ride) => ride.startDate.getTime() > from && ride.startDate.getTime() <= to)
    .sort((a, b) => a.startDate.getTime() - b.startDate.getTime() || (a.rideId < b.rideId ? -1 : 1));
};

/** The ride with the highest positive value (the first of equals in canonical order), or null. */
const best = (
  rides: readonly RideEfforts[],
  value: (ride: RideEfforts) => number | null | undefined,
): { ride: RideEfforts; value: number } | null => {
  let found: { ride: RideEfforts; value: number } | null = null;
  for (const ride of rides) {
    const v = value(ride);
    if (v !== null && v !== undefined && Number.isFinite(v) && v > 0 && (!found || v > found.value))
      found = { ride, value: v };
  }
  return found;
};

const isoDate = (date: Date, timeZone: string | null | undefined): string => {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone: timeZone ?? 'UTC' }).format(date);
  } catch {
    return date.toISOString().slice(0, 10);
  }
};

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "3 Sep" */
const dayMonth = (date: Date, timeZone: string | null | undefined): string => {
  const [, month, day] = isoDate(date, timeZone).split('-').map(Number);
  return `${day} ${MONTHS[month! - 1]}`;
};

/**
 * Least-squares fit of work = CP x t + W' over (seconds, watts) points; null with fewer than two
 * distinct durations.
 */
export const fitCriticalPower = (
  points: readonly { seconds: number; watts: number }[],
): CriticalPowerFit | null => {
  if (points.length < 2) return null;
  const n = points.length;
  const meanT = points.reduce((sum, p) => sum + p.seconds, 0) / n;
  const meanW = points.reduce((sum, p) => sum + p.seconds * p.watts, 0) / n;
  let covariance = 0;
  let variance = 0;
  for (const p of points) {
    covariance += (p.seconds - meanT) * (p.seconds * p.watts - meanW);
    variance += (p.seconds - meanT) ** 2;
  }
  if (variance === 0) return null;
  const criticalPower = covariance / variance;
  return { criticalPower, wPrime: meanW - criticalPower * meanT };
};

const oneRide = (rides: RideEfforts[], timeZone: string | null | undefined) =>
  rides.every((ride) => ride.rideId === rides[0]!.rideId)
    ? { rideId: rides[0]!.rideId, date: isoDate(rides[0]!.startDate, timeZone) }
    : { rideId: null, date: null };

export const estimateFtpAsOf = (
  rides: readonly RideEfforts[],
  asOf: Date,
  options: EstimateOptions = {},
): PhysiologyEstimateDto | null => {
  const window = inWindow(rides, asOf);
  const bests = CP_DURATIONS.map((seconds) => ({ seconds, best: best(window, (r) => r.bestPower[seconds]) }));
  const points = bests.flatMap(({ seconds, best: b }) =>
    b ? [{ seconds, watts: b.value, ride: b.ride }] : [],
  );
  const twenty = bests.find((b) => b.seconds === 1200)?.best ?? null;
  const fit = points.length >= 3 ? fitCriticalPower(points) : null;
  const longest = points.at(-1)?.watts ?? 0;
  if (
    fit &&
    fit.wPrime >= W_PRIME_RANGE.min &&
    fit.wPrime <= W_PRIME_RANGE.max &&
    fit.criticalPower > 0 &&
    fit.criticalPower <= (twenty?.value ?? longest)
  ) {
    return {
      value: Math.round(fit.criticalPower),
      model: 'critical-power',
      ...oneRide(
        points.map((p) => p.ride),
        options.timeZone,
      ),
      description: `estimated from your best 3-20 minute efforts of the ${ESTIMATE_WINDOW_DAYS} days to ${dayMonth(asOf, options.timeZone)} (critical power)`,
    };
  }
  if (!twenty) return null;
  return {
    value: Math.round(twenty.value * FTP_FROM_20_MINUTES),
    model: 'best-20-minutes',
    rideId: twenty.ride.rideId,
    date: isoDate(twenty.ride.startDate, options.timeZone),
    description: `estimated from your 20-minute best on ${dayMonth(twenty.ride.startDate, options.timeZone)} (95% of ${Math.round(twenty.value)} W)`,
  };
};

export const estimateThresholdHeartrateAsOf = (
  rides: readonly RideEfforts[],
  asOf: Date,
  options: EstimateOptions = {},
): PhysiologyEstimateDto | null => {
  const found = best(inWindow(rides, asOf), (r) => r.best20MinuteHeartrate);
  return found
    ? {
        value: Math.round(found.value),
        model: 'best-20-minutes-heart-rate',
        rideId: found.ride.rideId,
        date: isoDate(found.ride.startDate, options.timeZone),
        description: `estimated from your best 20-minute heart rate, on ${dayMonth(found.ride.startDate, options.timeZone)}`,
      }
    : null;
};

export const estimateMaxHeartrateAsOf = (
  rides: readonly RideEfforts[],
  asOf: Date,
  options: EstimateOptions = {},
): PhysiologyEstimateDto | null => {
  const found = best(inWindow(rides, asOf), (r) => r.maxHeartrate);
  return found
    ? {
        value: Math.round(found.value),
        model: 'highest-recorded',
        rideId: found.ride.rideId,
        date: isoDate(found.ride.startDate, options.timeZone),
        description: `the highest heart rate recorded in the ${ESTIMATE_WINDOW_DAYS} days to ${dayMonth(asOf, options.timeZone)}, on ${dayMonth(found.ride.startDate, options.timeZone)}`,
      }
    : null;
};

/** The three estimates as of a date. */
export const estimatesAsOf = (rides: readonly RideEfforts[], asOf: Date, options: EstimateOptions = {}) => ({
  ftp: estimateFtpAsOf(rides, asOf, options),
  thresholdHeartrate: estimateThresholdHeartrateAsOf(rides, asOf, options),
  maxHeartrate: estimateMaxHeartrateAsOf(rides, asOf, options),
});
