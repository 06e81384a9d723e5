import { ANALYSIS_CONTEXT_RECENT_RIDES } from '@domestique/proto';
import { goalValueIn, metresToFeet, metresToMiles, unitFormat, type UnitFormat } from '../engine/format.js';
import { readForm, type FormReading } from '../engine/form-reading.js';
import type { GoalFacts, RideSummary } from '../engine/ride-analysis-input.js';
import type { CoachQuestion, CoachRide, CoachTrends } from './coach-question.js';

/** What the coach reads off a rider's recent riding before answering. */
export interface RiderSnapshot {
  /** the rider's units: every distance, climb and speed an answer writes */
  units: UnitFormat;
  /** the newest rides (about 20), newest first */
  rides: readonly CoachRide[];
  /** every ride known, the window's and the recent ones, newest first: windows read these */
  allRides: readonly CoachRide[];
  /** the first day every ride is known from (ms); null when only the recent rides are known */
  windowStartMs: number | null;
  windowComplete: boolean;
  /** the reference time: the question's, else the newest ride's start */
  asOfMs: number;
  ftp: number | null;
  ftpSource: 'rider' | 'estimated' | null;
  weightKg: number | null;
  wattsPerKg: number | null;
  heartReference: { kind: 'threshold' | 'max'; bpm: number } | null;
  latest: RideSummary | null;
  longest: RideSummary | null;
  /** the ride with the most climbing per mile among rides of 5+ miles */
  hilliest: RideSummary | null;
  mostVariable: { ride: RideSummary; vi: number } | null;
  indoorRides: RideSummary[];
  /** rides of the last 28 days */
  last28: RideSummary[];
  /** rides of the 28 days before those */
  previous28: RideSummary[];
  /** hard sessions (IF >= 0.85, or heart rate at 90%+ of threshold) in the last 28 days */
  hard28: RideSummary[];
  /** days with a ride among the last 14 */
  daysRidden14: number;
  weeklyHours28: number;
  /** average weekly distance of the last 28 days, in the rider's units (mi or km) */
  weeklyDistance28: number;
  lastWeekHours: number;
  medianCadence: number | null;
  /** median cadence of the easier rides (IF under 0.75, or unknown intensity) */
  enduranceCadence: number | null;
  cadenceRange: [number, number] | null;
  /** a ride of 40+ minutes with IF 1.0 or more: the FTP is probably too low */
  ftpBeater: RideSummary | null;
  trends: CoachTrends | null;
  goals: readonly GoalFacts[];
  /** the rider's training load today; null without load data (nothing is said about form) */
  form: FormReading | null;
  /** the days' loads the form was read from, oldest first */
  formDays: readonly { date: string; load: number }[];
}

const DAY_MS = 86_400_000;

const median = (values: number[]): number | null => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

const maxBy = <T>(items: readonly T[], score: (item: T) => number): T | null => {
  let best: T | null = null;
  let bestScore = -Infinity;
  for (const item of items) {
    const s = score(item);
    if (s > bestScore) {
      best = item;
      bestScore = s;
    }
  }
  return best;
};

/** A ride with this much climbing per mile (or more) is hilly. */
export const HILLY_FT_PER_MILE = 75;

export const ftPerMile = (ride: RideSummary): number =>
  ride.distanceM > 0 ? metresToFeet(ride.elevationGainM) / metresToMiles(ride.distanceM) : 0;

/** The window's rides and the recent ones, each once, newest first. */
export const ridesOf = (context: CoachQuestion['context']): CoachRide[] => {
  const byId = new Map<string, CoachRide>();
  for (const ride of [...context.recentRides, ...(context.windowRides ?? [])]) byId.set(ride.id, ride);
  return [...byId.values()].sort((a, b) => Date.parse(b.startDate) - Date.parse(a.startDate));
};

export const readRider = ({ context, asOf }: CoachQuestion): RiderSnapshot => {
  const allRides = ridesOf(context);
  const rides = allRides.slice(0, Math.max(context.recentRides.length, ANALYSIS_CONTEXT_RECENT_RIDES));
  const latest = rides[0] ?? null;
  const asOfMs = asOf ? Date.parse(asOf) : latest ? Date.parse(latest.startDate) + 3_600_000 : 0;
  const age = (ride: RideSummary) => (asOfMs - Date.parse(ride.startDate)) / DAY_MS;
  const { rider } = context;
  const inWindow = allRides.filter((r) => age(r) >= 0);
  const last28 = inWindow.filter((r) => age(r) < 28);
  const lastWeek = inWindow.filter((r) => age(r) < 7);
  const isHard = (r: RideSummary) =>
    (r.intensityFactor ?? 0) >= 0.85 ||
    (r.intensityFactor === null &&
      rider.thresholdHeartrate !== null &&
      r.averageHeartrate !== null &&
      r.averageHeartrate >= rider.thresholdHeartrate * 0.9);
  const cadences = rides.map((r) => r.averageCadence).filter((c): c is number => c !== null && c > 0);
  const easyCadences = rides
    .filter((r) => r.averageCadence !== null && (r.intensityFactor === null || r.intensityFactor < 0.75))
    .map((r) => r.averageCadence!);
  const withVi = rides
    .filter((r) => r.normalizedPower !== null && r.averageWatts && r.movingTimeS >= 1800)
    .map((r) => ({ ride: r, vi: r.normalizedPower! / r.averageWatts! }));
  const days14 = new Set(inWindow.filter((r) => age(r) < 14).map((r) => r.startDate.slice(0, 10)));
  const units = unitFormat(rider.units);
  return {
    units,
    rides,
    allRides,
    windowStartMs: context.windowStart ? Date.parse(context.windowStart) : null,
    windowComplete: context.windowComplete ?? true,
    asOfMs,
    ftp: rider.ftpWatts,
    ftpSource: rider.ftpSource,
    weightKg: rider.weightKg,
    wattsPerKg: rider.ftpWatts && rider.weightKg ? rider.ftpWatts / rider.weightKg : null,
    heartReference: rider.thresholdHeartrate
      ? { kind: 'threshold', bpm: rider.thresholdHeartrate }
      : rider.maxHeartrate
        ? { kind: 'max', bpm: rider.maxHeartrate }
        : null,
    latest,
    longest: maxBy(rides, (r) => r.movingTimeS),
    hilliest: maxBy(
      rides.filter((r) => !r.indoor && metresToMiles(r.distanceM) >= 5 && r.elevationGainM > 0),
      ftPerMile,
    ),
    mostVariable: maxBy(withVi, (v) => v.vi),
    indoorRides: rides.filter((r) => r.indoor),
    last28,
    previous28: inWindow.filter((r) => age(r) >= 28 && age(r) < 56),
    hard28: last28.filter(isHard),
    daysRidden14: days14.size,
    weeklyHours28: last28.reduce((t, r) => t + r.movingTimeS, 0) / 3600 / 4,
    weeklyDistance28: units.distanceValue(last28.reduce((t, r) => t + r.distanceM, 0)) / 4,
    lastWeekHours: lastWeek.reduce((t, r) => t + r.movingTimeS, 0) / 3600,
    medianCadence: median(cadences),
    enduranceCadence: median(easyCadences),
    cadenceRange: cadences.length ? [Math.min(...cadences), Math.max(...cadences)] : null,
    ftpBeater: maxBy(
      rides.filter((r) => r.movingTimeS >= 40 * 60 && (r.intensityFactor ?? 0) >= 1),
      (r) => r.intensityFactor!,
    ),
    trends: context.trends,
    form: readForm(context.form),
    formDays: context.form?.recentDays ?? [],
    // the rides service keeps goals in mi, ft and mph: the rider reads them in their units
    goals: context.goals
      .filter((g) => g.status !== 'completed')
      .map((g) => ({
        ...g,
        targetValue: goalValueIn(units, g.type, g.targetValue),
        currentValue: goalValueIn(units, g.type, g.currentValue),
      })),
  };
};
