import { INTERVAL_WORKOUT_TYPES, type WorkoutDto, type WorkoutType } from '@domestique/proto';
import {
  goalValueIn,
  metresPerSecondToMph,
  metresToFeet,
  metresToMiles,
  unitFormat,
  type UnitFormat,
} from './format.js';
import { readForm, type FormReading } from './form-reading.js';
import type { GoalFacts, RideAnalysisInput, RideFacts, RideSummary } from './ride-analysis-input.js';

/**
 * What a coach reads off the facts before writing a word: the ride's numbers in display units, the
 * kind of workout, the rider's history and goals. Everything the engine writes comes from here.
 */
export interface RideReading {
  input: RideAnalysisInput;
  ride: RideFacts;
  /** the rider's units: every distance, climb and speed a text writes */
  units: UnitFormat;
  distanceMi: number;
  elevationFt: number;
  speedMph: number;
  /** feet of climbing per mile; null under a mile */
  climbFtPerMi: number | null;
  /** elapsed minus moving time, seconds */
  stoppedS: number;
  /** measured power (power meter); null without one */
  power: PowerReading | null;
  heart: HeartReading | null;
  cadence: number | null;
  /** aerobic decoupling, percent; null when unknown */
  decouplingPct: number | null;
  /** shares of zone time, Z1 first (fractions); null without zones */
  powerShares: number[] | null;
  heartShares: number[] | null;
  best: { s5: number | null; m1: number | null; m5: number | null; m20: number | null; m60: number | null };
  /** kilojoules of work: the sum of recorded power (the ride's kilojoules); null without it */
  workKj: number | null;
  /** "today": the context's asOf (goals' days left are counted from it) */
  asOf: number;
  workout: Workout;
  length: 'short' | 'normal' | 'long' | 'very-long';
  timeOfDay: 'early morning' | 'morning' | 'lunchtime' | 'afternoon' | 'evening' | 'night' | null;
  ftp: number | null;
  /** the heart rate prescriptions are measured against; null without heart-rate data on this ride */
  heartReference: { kind: 'threshold' | 'max'; bpm: number } | null;
  history: HistoryReading;
  goals: GoalReading[];
  /** the rider's load on the ride's day; null without load data (nothing is said about form) */
  form: FormReading | null;
}

export interface PowerReading {
  average: number;
  normalized: number | null;
  intensityFactor: number | null;
  tss: number | null;
  variabilityIndex: number | null;
  efficiencyFactor: number | null;
}

export interface HeartReading {
  average: number;
  max: number | null;
  /** average as a fraction of the rider's max heart rate */
  ofMax: number | null;
  /** average as a fraction of the threshold heart rate */
  ofThreshold: number | null;
}

/** What the ride was: the session type read from its data, a commute by its flag, else unknown. */
export type WorkoutKind = WorkoutType | 'commute' | 'general';

export interface Workout {
  kind: WorkoutKind;
  /** what decided the kind: the workout read from the streams, the commute flag, or nothing */
  basis: 'workout' | 'flag' | 'none';
  /** the workout read from the streams; null until streams arrive (then the coach says less) */
  detail: WorkoutDto | null;
  /** made of structured work bouts (INTERVAL_WORKOUT_TYPES): no VI or decoupling advice */
  intervals: boolean;
  /** steady enough for decoupling and VI to mean something */
  steady: boolean;
  eBike: boolean;
}

export interface HistoryReading {
  /** rides before this one, newest first */
  rides: RideSummary[];
  count: number;
  /** typical values need at least TYPICAL_MIN_RIDES rides */
  medianDistanceM: number | null;
  medianMovingS: number | null;
  medianElevationM: number | null;
  /** outdoor rides only: indoor speed is virtual */
  medianOutdoorSpeedMps: number | null;
  averagePower: number | null;
  medianTss: number | null;
  medianCadence: number | null;
  /** EF of earlier rides of the same session type and similar intensity (IF within 0.05) */
  medianEfficiency: number | null;
  /** how many rides that EF median is over */
  efficiencyRides: number;
  longestDistanceM: number | null;
  mostClimbingM: number | null;
  /** the previous outdoor ride most like this one in distance (within 25%) */
  similar: RideSummary | null;
  weekly: WeeklyReading | null;
  /** hard sessions (IF >= 0.85) in the 28 days before this ride; null when the list may miss some */
  hardSessions28d: number | null;
  /** rides in the 28 days before this one; null when the list may miss some */
  rides28d: number | null;
}

export interface WeeklyReading {
  /** how many weeks the averages cover */
  weeks: number;
  averageDistanceM: number;
  averageMovingS: number;
  /** null when some ride of the window has no TSS */
  averageTss: number | null;
  /** the 7 days up to and including this ride */
  recentDistanceM: number;
  recentMovingS: number;
  recentTss: number | null;
}

export interface GoalReading {
  /** the goal with its values in the rider's units */
  goal: GoalFacts;
  unit: 'mi' | 'km' | 'h' | 'ft' | 'm' | 'mph' | 'km/h' | '';
  /** current / target, as a fraction */
  progress: number;
  remaining: number;
  /** whole days from today (not from the ride) to the target date; null without one */
  daysLeft: number | null;
  /** the ride is on or after the goal's start (and not after its date): it counts toward it */
  counts: boolean;
  /** what this ride adds, in the goal's unit (speed: the ride's own speed); null when it does not count */
  contribution: number | null;
  /** remaining / weeks left, when at least a week is left */
  perWeek: number | null;
}

export const TYPICAL_MIN_RIDES = 3;
const DAY_MS = 86_400_000;
export const HISTORY_LIMIT = 20;
/** Earlier rides compared for EF: the same session type and an IF within this much. */
export const EF_SIMILAR_IF = 0.05;
/** Decoupling and EF need this long; decoupling verdicts need a steady ride of at least STEADY_MIN_S. */
export const METRICS_MIN_S = 20 * 60;
export const STEADY_MIN_S = 45 * 60;

const median = (values: number[]): number | null => {
  if (values.length === 0) return null;
  values.sort((a, b) => a - b);
  const mid = values.length >> 1;
  return values.length % 2 ? values[mid]! : (values[mid - 1]! + values[mid]!) / 2;
};

const mean = (values: number[]): number | null =>
  values.length === 0 ? null : values.reduce((sum, v) => sum + v, 0) / values.length;

const shares = (
  zones: readonly { zone: number; seconds: number }[] | null,
  count: number,
): number[] | null => {
  if (!zones || zones.length === 0) return null;
  const seconds = new Array<number>(count).fill(0);
  let total = 0;
  for (const { zone, seconds: s } of zones) {
    if (zone >= 1 && zone <= count && s > 0) {
      seconds[zone - 1]! += s;
      total += s;
    }
  }
  return total > 0 ? seconds.map((s) => s / total) : null;
};

const bestOf = (ride: RideFacts, seconds: number): number | null =>
  ride.bestEfforts.find((effort) => effort.durationSeconds === seconds)?.watts ?? null;

const timeOfDay = (local: string | null): RideReading['timeOfDay'] => {
  const hour = local ? Number(local.slice(0, 2)) : NaN;
  if (!Number.isFinite(hour)) return null;
  if (hour < 5) return 'night';
  if (hour < 8) return 'early morning';
  if (hour < 11) return 'morning';
  if (hour < 14) return 'lunchtime';
  if (hour < 18) return 'afternoon';
  if (hour < 22) return 'evening';
  return 'night';
};

/** The session from the workout read off the streams; without it, a commute by its flag, else unknown. */
const workoutOf = (ride: RideFacts): Workout => {
  const detail = ride.workout ?? null;
  const eBike = (detail?.contexts.includes('e-bike') ?? false) || /^e-?bike/i.test(ride.sportType);
  if (detail) {
    const intervals = INTERVAL_WORKOUT_TYPES.includes(detail.type);
    return {
      kind: detail.type,
      basis: 'workout',
      detail,
      intervals,
      steady: detail.steady && !intervals && detail.type !== 'race',
      eBike,
    };
  }
  const commute = ride.commute;
  return {
    kind: commute ? 'commute' : 'general',
    basis: commute ? 'flag' : 'none',
    detail: null,
    intervals: false,
    steady: false,
    eBike,
  };
};

const readHistory = (ride: RideFacts, recent: readonly RideSummary[]): HistoryReading => {
  const type = ride.workout?.type ?? null;
  const intensity = ride.intensityFactor;
  const start = Date.parse(ride.startDate);
  const rides = recent
    .filter((r) => r.id !== ride.id && Date.parse(r.startDate) < start)
    .sort((a, b) => Date.parse(b.startDate) - Date.parse(a.startDate))
    .slice(0, HISTORY_LIMIT);
  const count = rides.length;
  const typical = count >= TYPICAL_MIN_RIDES;
  const outdoor = rides.filter((r) => !r.indoor);
  const withPower = rides.filter((r) => r.averageWatts !== null);
  const withTss = rides.filter((r) => r.tss !== null);
  const withCadence = rides.filter((r) => r.averageCadence !== null);
  // EF moves with intensity: compare only with rides of the same type and a similar IF
  const withEf = rides.filter(
    (r) =>
      r.normalizedPower !== null &&
      r.averageHeartrate &&
      type !== null &&
      r.workoutType === type &&
      intensity !== null &&
      r.intensityFactor !== null &&
      Math.abs(r.intensityFactor - intensity) <= EF_SIMILAR_IF,
  );

  let similar: RideSummary | null = null;
  if (!ride.indoor) {
    let bestGap = 0.25;
    for (const r of outdoor) {
      const gap = Math.abs(r.distanceM - ride.distanceM) / Math.max(ride.distanceM, 1);
      if (gap <= bestGap && r.distanceM > 0) {
        bestGap = gap;
        similar = r;
      }
    }
  }

  const days = (r: RideSummary) => (start - Date.parse(r.startDate)) / DAY_MS;
  const oldest = rides[rides.length - 1];
  let weeks = 0;
  if (oldest && days(oldest) >= 28) weeks = 4;
  else if (oldest && count < HISTORY_LIMIT && days(oldest) >= 14) weeks = Math.ceil(days(oldest) / 7);
  // a window reads every ride in it: the list is complete back to its oldest ride, or holds them all
  const complete28 = count < HISTORY_LIMIT || (oldest !== undefined && days(oldest) >= 28);
  let weekly: WeeklyReading | null = null;
  if (weeks > 0) {
    const window = rides.filter((r) => days(r) < weeks * 7);
    const lastWeek = rides.filter((r) => days(r) < 7);
    const sum = (list: RideSummary[], pick: (r: RideSummary) => number) =>
      list.reduce((t, r) => t + pick(r), 0);
    const tssKnown = ride.tss !== null && window.every((r) => r.tss !== null);
    weekly = {
      weeks,
      averageDistanceM: sum(window, (r) => r.distanceM) / weeks,
      averageMovingS: sum(window, (r) => r.movingTimeS) / weeks,
      averageTss: tssKnown ? sum(window, (r) => r.tss!) / weeks : null,
      recentDistanceM: sum(lastWeek, (r) => r.distanceM) + ride.distanceM,
      recentMovingS: sum(lastWeek, (r) => r.movingTimeS) + ride.movingTimeS,
      recentTss: tssKnown ? sum(lastWeek, (r) => r.tss!) + ride.tss! : null,
    };
  }

  return {
    rides,
    count,
    medianDistanceM: typical ? median(rides.map((r) => r.distanceM)) : null,
    medianMovingS: typical ? median(rides.map((r) => r.movingTimeS)) : null,
    medianElevationM: typical ? median(rides.map((r) => r.elevationGainM)) : null,
    medianOutdoorSpeedMps:
      outdoor.length >= TYPICAL_MIN_RIDES ? median(outdoor.map((r) => r.averageSpeedMps)) : null,
    averagePower: withPower.length >= TYPICAL_MIN_RIDES ? mean(withPower.map((r) => r.averageWatts!)) : null,
    medianTss: withTss.length >= TYPICAL_MIN_RIDES ? median(withTss.map((r) => r.tss!)) : null,
    medianCadence:
      withCadence.length >= TYPICAL_MIN_RIDES ? median(withCadence.map((r) => r.averageCadence!)) : null,
    efficiencyRides: withEf.length,
    medianEfficiency:
      withEf.length >= TYPICAL_MIN_RIDES
        ? median(withEf.map((r) => r.normalizedPower! / r.averageHeartrate!))
        : null,
    longestDistanceM: count > 0 ? Math.max(...rides.map((r) => r.distanceM)) : null,
    mostClimbingM: count > 0 ? Math.max(...rides.map((r) => r.elevationGainM)) : null,
    similar,
    weekly,
    hardSessions28d: complete28
      ? rides.filter((r) => days(r) < 28 && (r.intensityFactor ?? 0) >= 0.85).length
      : null,
    rides28d: complete28 ? rides.filter((r) => days(r) < 28).length : null,
  };
};

const goalUnit = (u: UnitFormat, type: GoalFacts['type']): GoalReading['unit'] => {
  const units: Record<GoalFacts['type'], GoalReading['unit']> = {
    distance: u.distanceUnit,
    time: 'h',
    elevation: u.elevationUnit,
    speed: u.speedUnit,
    custom: '',
  };
  return units[type];
};

/**
 * The ride's day where it was ridden (YYYY-MM-DD): the UTC date moved by the offset between its local
 * wall-clock start and its UTC start; the UTC date when the local time is unknown.
 */
export const localDayOf = (ride: Pick<RideSummary, 'startDate' | 'startLocalTime'>): string => {
  const utc = new Date(ride.startDate);
  const [h, m] = (ride.startLocalTime ?? '').split(':').map(Number);
  if (!Number.isFinite(utc.getTime()) || !Number.isFinite(h) || !Number.isFinite(m))
    return ride.startDate.slice(0, 10);
  let offset = h! * 60 + m! - (utc.getUTCHours() * 60 + utc.getUTCMinutes());
  if (offset > 14 * 60) offset -= 24 * 60;
  if (offset < -14 * 60) offset += 24 * 60;
  return new Date(utc.getTime() + offset * 60_000).toISOString().slice(0, 10);
};

const readGoals = (reading: Omit<RideReading, 'goals'>): GoalReading[] => {
  // goal dates are the rider's own days: compare the ride's local day
  const rideDay = localDayOf(reading.ride);
  const goals: GoalReading[] = [];
  const u = reading.units;
  for (const stored of reading.input.goals) {
    // the rides service keeps goals in mi, ft and mph: the rider reads them in their units
    const goal: GoalFacts = {
      ...stored,
      targetValue: goalValueIn(u, stored.type, stored.targetValue),
      currentValue: goalValueIn(u, stored.type, stored.currentValue),
    };
    if (goal.status === 'completed' || goal.targetValue <= 0) continue;
    const target = goal.targetDate ? Date.parse(goal.targetDate) : NaN;
    // days left are counted from today (the context's asOf), never from the ride's date
    const daysLeft =
      goal.daysLeft ?? (Number.isFinite(target) ? Math.ceil((target - reading.asOf) / DAY_MS) : null);
    if (daysLeft !== null && daysLeft < 0) continue;
    const remaining = Math.max(goal.targetValue - goal.currentValue, 0);
    // only rides on or after the goal's start (and not after its date) count toward it
    const counts =
      !!goal.startDate &&
      rideDay >= goal.startDate &&
      (!goal.targetDate || rideDay <= goal.targetDate.slice(0, 10));
    const contribution = !counts
      ? null
      : goal.type === 'distance'
        ? u.distanceValue(reading.ride.distanceM)
        : goal.type === 'time'
          ? reading.ride.movingTimeS / 3600
          : goal.type === 'elevation'
            ? u.elevationValue(reading.ride.elevationGainM)
            : goal.type === 'speed' && !reading.ride.indoor
              ? u.speedValue(reading.ride.averageSpeedMps)
              : null;
    const cumulative = goal.type === 'distance' || goal.type === 'time' || goal.type === 'elevation';
    goals.push({
      goal,
      unit: goalUnit(u, goal.type),
      progress: goal.currentValue / goal.targetValue,
      remaining,
      daysLeft,
      counts,
      contribution,
      perWeek: cumulative && daysLeft !== null && daysLeft >= 7 ? remaining / (daysLeft / 7) : null,
    });
  }
  return goals;
};

/**
 * Reads a ride. Pure and cheap: a few passes over at most 20 rides. `now` stands for today when the
 * context carries no asOf.
 */
export const readRide = (input: RideAnalysisInput, now?: Date): RideReading => {
  const { ride, rider } = input;
  const distanceMi = metresToMiles(ride.distanceM);
  const elevationFt = metresToFeet(ride.elevationGainM);
  const power: PowerReading | null =
    ride.averageWatts !== null && ride.averageWatts > 0 && ride.deviceWatts
      ? {
          average: ride.averageWatts,
          normalized: ride.normalizedPower,
          intensityFactor: ride.intensityFactor,
          tss: ride.tss,
          variabilityIndex: ride.variabilityIndex,
          efficiencyFactor: ride.averageHeartrate ? ride.efficiencyFactor : null,
        }
      : null;
  const heart: HeartReading | null =
    ride.averageHeartrate !== null && ride.averageHeartrate > 0
      ? {
          average: ride.averageHeartrate,
          max: ride.maxHeartrate,
          ofMax: rider.maxHeartrate ? ride.averageHeartrate / rider.maxHeartrate : null,
          ofThreshold: rider.thresholdHeartrate ? ride.averageHeartrate / rider.thresholdHeartrate : null,
        }
      : null;
  const powerShares = power ? shares(ride.powerZones, 7) : null;
  const heartShares = heart ? shares(ride.heartRateZones, 5) : null;
  const climbFtPerMi = distanceMi >= 1 ? elevationFt / distanceMi : null;
  const asOf = Date.parse(input.asOf ?? '') || now?.getTime() || Date.parse(ride.startDate);
  const hours = ride.movingTimeS / 3600;

  const base: Omit<RideReading, 'goals'> = {
    input,
    ride,
    units: unitFormat(rider.units),
    distanceMi,
    elevationFt,
    speedMph: metresPerSecondToMph(ride.averageSpeedMps),
    climbFtPerMi,
    stoppedS: Math.max(ride.elapsedTimeS - ride.movingTimeS, 0),
    power,
    heart,
    cadence: ride.averageCadence !== null && ride.averageCadence > 0 ? ride.averageCadence : null,
    decouplingPct: ride.aerobicDecouplingPct !== null && heart ? ride.aerobicDecouplingPct : null,
    powerShares,
    heartShares,
    best: power
      ? {
          s5: bestOf(ride, 5),
          m1: bestOf(ride, 60),
          m5: bestOf(ride, 300),
          m20: bestOf(ride, 1200),
          m60: bestOf(ride, 3600),
        }
      : { s5: null, m1: null, m5: null, m20: null, m60: null },
    workKj: power && ride.kilojoules != null && ride.kilojoules > 0 ? ride.kilojoules : null,
    asOf,
    workout: workoutOf(ride),
    length:
      ride.movingTimeS < 15 * 60 ? 'short' : hours >= 4 ? 'very-long' : hours >= 2.5 ? 'long' : 'normal',
    timeOfDay: timeOfDay(ride.startLocalTime),
    // the FTP the ride's IF, TSS and zones were measured against, everywhere in the text
    ftp: power ? (ride.ftpWatts ?? rider.ftpWatts ?? null) || null : null,
    heartReference: !heart
      ? null
      : rider.thresholdHeartrate
        ? { kind: 'threshold', bpm: rider.thresholdHeartrate }
        : rider.maxHeartrate
          ? { kind: 'max', bpm: rider.maxHeartrate }
          : null,
    history: readHistory(ride, input.recentRides),
    form: readForm(input.form),
  };
  return { ...base, goals: readGoals(base) };
};
