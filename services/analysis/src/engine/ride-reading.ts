import { metresPerSecondToMph, metresToFeet, metresToMiles } from './format.js';
import type { GoalFacts, RideAnalysisInput, RideFacts, RideSummary } from './ride-analysis-input.js';

/**
 * What a coach reads off the facts before writing a word: the ride's numbers in display units, the
 * kind of workout, the rider's history and goals. Everything the engine writes comes from here.
 */
export interface RideReading {
  input: RideAnalysisInput;
  ride: RideFacts;
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
  /** decoupling in whole percent, as written; null when unknown */
  decouplingPct: number | null;
  /** shares of zone time, Z1 first (fractions); null without zones */
  powerShares: number[] | null;
  heartShares: number[] | null;
  best: { s5: number | null; m1: number | null; m5: number | null; m20: number | null; m60: number | null };
  /** kilojoules of work (average watts x seconds / 1000) */
  workKj: number | null;
  workout: Workout;
  length: 'short' | 'normal' | 'long' | 'very-long';
  timeOfDay: 'early morning' | 'morning' | 'lunchtime' | 'afternoon' | 'evening' | 'night' | null;
  ftp: number | null;
  /** the heart rate prescriptions are measured against */
  heartReference: { kind: 'threshold' | 'max'; bpm: number } | null;
  history: HistoryReading;
  goals: GoalReading[];
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

export type WorkoutKind =
  | 'recovery'
  | 'endurance'
  | 'tempo'
  | 'sweet-spot'
  | 'threshold'
  | 'vo2'
  | 'race'
  | 'climbing'
  | 'commute'
  | 'general';

export interface Workout {
  kind: WorkoutKind;
  /** what decided the kind */
  basis: 'power-zones' | 'heart-zones' | 'intensity' | 'heart-rate' | 'terrain' | 'name' | 'flag' | 'none';
  /** the zone that decided it and its share of the ride (fraction), when zones decided */
  zone: { name: string; share: number } | null;
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
  medianEfficiency: number | null;
  longestDistanceM: number | null;
  mostClimbingM: number | null;
  /** the previous outdoor ride most like this one in distance (within 25%) */
  similar: RideSummary | null;
  weekly: WeeklyReading | null;
  /** hard sessions (IF >= 0.85) in the 28 days before this ride */
  hardSessions28d: number;
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
  goal: GoalFacts;
  unit: 'mi' | 'h' | 'ft' | 'mph' | '';
  /** current / target, as a fraction */
  progress: number;
  remaining: number;
  /** whole days from the ride to the target date; null without one */
  daysLeft: number | null;
  /** what this ride adds, in the goal's unit (speed: the ride's own speed) */
  contribution: number | null;
  /** remaining / weeks left, when at least a week is left */
  perWeek: number | null;
}

export const TYPICAL_MIN_RIDES = 3;
const DAY_MS = 86_400_000;
const HISTORY_LIMIT = 20;
const RACE_NAME = /\b(race|crit|criterium|time ?trial|tt|hill ?climb|gran ?fondo|sportive|cyclosportive)\b/i;
const COMMUTE_NAME = /\bcommute\b/i;

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

const ZONE_NAMES = ['Z1', 'Z2', 'Z3', 'Z4', 'Z5', 'Z6', 'Z7'];

const largest = (values: number[]): number =>
  values.reduce((best, v, i) => (v > values[best]! ? i : best), 0);

/** The kind of workout, from the most telling data available. */
const classify = (
  ride: RideFacts,
  power: PowerReading | null,
  heart: HeartReading | null,
  powerShares: number[] | null,
  heartShares: number[] | null,
  hilly: boolean,
): Workout => {
  if (ride.movingTimeS < 15 * 60) return { kind: 'general', basis: 'none', zone: null };
  if (ride.commute || COMMUTE_NAME.test(ride.name)) return { kind: 'commute', basis: 'flag', zone: null };
  if (RACE_NAME.test(ride.name)) return { kind: 'race', basis: 'name', zone: null };
  const intensity = power?.intensityFactor ?? null;
  const vi = power?.variabilityIndex ?? null;

  if (powerShares) {
    const p = powerShares;
    const high = p[4]! + p[5]! + p[6]!;
    const zone = (index: number, share = p[index]!) => ({ name: ZONE_NAMES[index]!, share });
    const fiveUp = (kind: WorkoutKind): Workout => ({
      kind,
      basis: 'power-zones',
      zone: { name: 'Z5-Z7', share: high },
    });
    if (!ride.indoor && intensity !== null && intensity >= 0.92 && vi !== null && vi >= 1.1 && high >= 0.1)
      return fiveUp('race');
    if (high >= 0.12) return fiveUp('vo2');
    if (hilly) return { kind: 'climbing', basis: 'terrain', zone: null };
    if (p[3]! >= 0.2 && (intensity === null || intensity >= 0.85))
      return { kind: 'threshold', basis: 'power-zones', zone: zone(3) };
    if (p[2]! + p[3]! >= 0.35 && p[3]! >= 0.1)
      return { kind: 'sweet-spot', basis: 'power-zones', zone: { name: 'Z3-Z4', share: p[2]! + p[3]! } };
    if (p[2]! >= 0.25) return { kind: 'tempo', basis: 'power-zones', zone: zone(2) };
    const easy = { name: 'Z1-Z2', share: p[0]! + p[1]! };
    if ((p[0]! >= 0.6 || (intensity !== null && intensity < 0.6)) && ride.movingTimeS <= 90 * 60)
      return { kind: 'recovery', basis: 'power-zones', zone: p[0]! >= 0.5 ? zone(0) : easy };
    if (easy.share >= 0.5)
      return { kind: 'endurance', basis: 'power-zones', zone: p[1]! >= 0.35 ? zone(1) : easy };
    return { kind: 'tempo', basis: 'power-zones', zone: zone(largest(p)) };
  }
  if (intensity !== null) {
    if (hilly && intensity < 0.95) return { kind: 'climbing', basis: 'terrain', zone: null };
    const kind: WorkoutKind =
      intensity < 0.6 && ride.movingTimeS <= 90 * 60
        ? 'recovery'
        : intensity < 0.76
          ? 'endurance'
          : intensity < 0.88
            ? 'tempo'
            : intensity < 0.95
              ? 'sweet-spot'
              : 'threshold';
    return { kind, basis: 'intensity', zone: null };
  }
  if (heartShares) {
    const h = heartShares;
    const zone = (index: number, share = h[index]!) => ({ name: ZONE_NAMES[index]!, share });
    if (h[4]! >= 0.1) return { kind: 'vo2', basis: 'heart-zones', zone: zone(4) };
    if (h[3]! >= 0.25) return { kind: 'threshold', basis: 'heart-zones', zone: zone(3) };
    if (hilly) return { kind: 'climbing', basis: 'terrain', zone: null };
    if (h[2]! >= 0.3) return { kind: 'tempo', basis: 'heart-zones', zone: zone(2) };
    if (h[0]! >= 0.7 && ride.movingTimeS <= 90 * 60)
      return { kind: 'recovery', basis: 'heart-zones', zone: zone(0) };
    if (h[0]! + h[1]! >= 0.5)
      return {
        kind: 'endurance',
        basis: 'heart-zones',
        zone: h[1]! >= 0.35 ? zone(1) : { name: 'Z1-Z2', share: h[0]! + h[1]! },
      };
    return { kind: 'tempo', basis: 'heart-zones', zone: zone(largest(h)) };
  }
  if (hilly) return { kind: 'climbing', basis: 'terrain', zone: null };
  if (heart && (heart.ofThreshold !== null || heart.ofMax !== null)) {
    const kind: WorkoutKind =
      heart.ofThreshold !== null
        ? heart.ofThreshold < 0.68 && ride.movingTimeS <= 90 * 60
          ? 'recovery'
          : heart.ofThreshold < 0.84
            ? 'endurance'
            : heart.ofThreshold < 0.95
              ? 'tempo'
              : 'threshold'
        : heart.ofMax! < 0.6 && ride.movingTimeS <= 90 * 60
          ? 'recovery'
          : heart.ofMax! < 0.75
            ? 'endurance'
            : heart.ofMax! < 0.85
              ? 'tempo'
              : 'threshold';
    return { kind, basis: 'heart-rate', zone: null };
  }
  return { kind: 'general', basis: 'none', zone: null };
};

const readHistory = (ride: RideFacts, recent: readonly RideSummary[]): HistoryReading => {
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
  const withEf = rides.filter((r) => r.normalizedPower !== null && r.averageHeartrate);

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
    medianEfficiency:
      withEf.length >= TYPICAL_MIN_RIDES
        ? median(withEf.map((r) => r.normalizedPower! / r.averageHeartrate!))
        : null,
    longestDistanceM: count > 0 ? Math.max(...rides.map((r) => r.distanceM)) : null,
    mostClimbingM: count > 0 ? Math.max(...rides.map((r) => r.elevationGainM)) : null,
    similar,
    weekly,
    hardSessions28d: rides.filter((r) => days(r) < 28 && (r.intensityFactor ?? 0) >= 0.85).length,
  };
};

const GOAL_UNITS: Record<GoalFacts['type'], GoalReading['unit']> = {
  distance: 'mi',
  time: 'h',
  elevation: 'ft',
  speed: 'mph',
  custom: '',
};

const readGoals = (reading: Omit<RideReading, 'goals'>): GoalReading[] => {
  const start = Date.parse(reading.ride.startDate);
  const goals: GoalReading[] = [];
  for (const goal of reading.input.goals) {
    if (goal.status === 'completed' || goal.targetValue <= 0) continue;
    const target = goal.targetDate ? Date.parse(goal.targetDate) : NaN;
    const daysLeft = Number.isFinite(target) ? Math.ceil((target - start) / DAY_MS) : null;
    if (daysLeft !== null && daysLeft < 0) continue;
    const remaining = Math.max(goal.targetValue - goal.currentValue, 0);
    const contribution =
      goal.type === 'distance'
        ? reading.distanceMi
        : goal.type === 'time'
          ? reading.ride.movingTimeS / 3600
          : goal.type === 'elevation'
            ? reading.elevationFt
            : goal.type === 'speed' && !reading.ride.indoor
              ? reading.speedMph
              : null;
    const cumulative = goal.type === 'distance' || goal.type === 'time' || goal.type === 'elevation';
    goals.push({
      goal,
      unit: GOAL_UNITS[goal.type],
      progress: goal.currentValue / goal.targetValue,
      remaining,
      daysLeft,
      contribution,
      perWeek: cumulative && daysLeft !== null && daysLeft >= 7 ? remaining / (daysLeft / 7) : null,
    });
  }
  return goals;
};

/** Reads a ride. Pure and cheap: a few passes over at most 20 rides. */
export const readRide = (input: RideAnalysisInput): RideReading => {
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
  const hilly = !ride.indoor && climbFtPerMi !== null && climbFtPerMi >= 80 && elevationFt >= 2000;
  const hours = ride.movingTimeS / 3600;

  const base: Omit<RideReading, 'goals'> = {
    input,
    ride,
    distanceMi,
    elevationFt,
    speedMph: metresPerSecondToMph(ride.averageSpeedMps),
    climbFtPerMi,
    stoppedS: Math.max(ride.elapsedTimeS - ride.movingTimeS, 0),
    power,
    heart,
    cadence: ride.averageCadence !== null && ride.averageCadence > 0 ? ride.averageCadence : null,
    decouplingPct: ride.aerobicDecouplingPct !== null && heart ? Math.round(ride.aerobicDecouplingPct) : null,
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
    workKj: power ? (power.average * ride.movingTimeS) / 1000 : null,
    workout: classify(ride, power, heart, powerShares, heartShares, hilly),
    length:
      ride.movingTimeS < 15 * 60 ? 'short' : hours >= 4 ? 'very-long' : hours >= 2.5 ? 'long' : 'normal',
    timeOfDay: timeOfDay(ride.startLocalTime),
    ftp: power && rider.ftpWatts ? rider.ftpWatts : null,
    heartReference: rider.thresholdHeartrate
      ? { kind: 'threshold', bpm: rider.thresholdHeartrate }
      : rider.maxHeartrate
        ? { kind: 'max', bpm: rider.maxHeartrate }
        : null,
    history: readHistory(ride, input.recentRides),
  };
  return { ...base, goals: readGoals(base) };
};
