/**
 * Reads what a ride was from its 1 Hz series, never from its name: the work bouts (power; heart rate
 * when there is no power meter), how they repeat, the session type and the context it was ridden in.
 */
import type {
  IntervalSetDto,
  RideContext,
  WorkIntervalDto,
  WorkoutDto,
  WorkoutType,
} from '@domestique/proto';
import { meanOfPositive, normalizedPower } from '../power.js';
import type { Series } from '../series.js';
import {
  centeredMean,
  findBouts,
  groupSets,
  meanOf,
  median,
  mergeBouts,
  trimEdges,
  type Bout,
  type BoutSet,
} from './bouts.js';
import { rideType, setType, steadyType } from './classify.js';
import { describeSet } from './describe.js';

export interface WorkoutReadingInput {
  ftp: number | null;
  lthr: number | null;
  maxHeartrate: number | null;
  /** false when the watts are Strava's estimate (no power meter): they are ignored */
  deviceWatts: boolean;
  sportType: string;
  commute: boolean;
  indoor: boolean;
  movingTimeS: number;
}

/** Shorter series are read from the summary only. */
const MIN_SERIES_SECONDS = 120;
/** Without a threshold heart rate, it is taken as this share of the max heart rate. */
const LTHR_OF_MAX_HEARTRATE = 0.9;
/**
 * Without an FTP, power is read against the ride's own level: its median pedalling power is taken
 * as an endurance pace of 70% of a threshold (types are then relative; %FTP is not stated).
 */
const MEDIAN_AS_SHARE_OF_THRESHOLD = 0.7;
/** A steady ride's VI stays at or under this (coasting and terrain included). */
const STEADY_MAX_VARIABILITY_INDEX = 1.15;

const E_BIKE_SPORTS = new Set(['EBikeRide', 'EMountainBikeRide']);
const INDOOR_SPORTS = new Set(['VirtualRide']);

const contextsOf = (input: WorkoutReadingInput): RideContext[] => {
  const contexts: RideContext[] = [];
  if (E_BIKE_SPORTS.has(input.sportType)) contexts.push('e-bike');
  if (input.commute) contexts.push('commute');
  if (input.indoor || INDOOR_SPORTS.has(input.sportType)) contexts.push('indoor');
  return contexts;
};

const hasSignal = (values: Float64Array | null): values is Float64Array => {
  if (!values) return false;
  let positive = 0;
  for (let i = 0; i < values.length; i += 1) if (values[i]! > 0) positive += 1;
  return positive >= MIN_SERIES_SECONDS;
};

const positives = (values: Float64Array): number[] => Array.from(values).filter((v) => v > 0);

export const readWorkout = (series: Series, input: WorkoutReadingInput): WorkoutDto => {
  const contexts = contextsOf(input);
  const watts = input.deviceWatts ? series.watts : null;
  if (series.length >= MIN_SERIES_SECONDS && hasSignal(watts))
    return fromPower(watts, series.heartrate, input, contexts);
  const lthr = input.lthr ?? (input.maxHeartrate ? input.maxHeartrate * LTHR_OF_MAX_HEARTRATE : null);
  if (series.length >= MIN_SERIES_SECONDS && lthr && hasSignal(series.heartrate))
    return fromHeartrate(series.heartrate, lthr, input, contexts);
  return fromSummary(input, contexts);
};

// ---- power ----

/** Work bouts: entry at 85% of FTP, out once under 75% for 15 s (5 s smoothing). */
const WORK_BOUTS = { enter: 0.85, exit: 0.75, exitSeconds: 15, smoothing: 5, step: 0.25 };
/** A long bout's ends are trimmed while easier than this share of its middle (warm-up riding fused to it). */
const WORK_TRIM_SHARE = 0.9;
const TEMPO_TRIM_SHARE = 0.93;
/** Bouts split by a dip of up to 45 s that stayed above 70% are one bout (a recovery is easier). */
const MERGE_GAP_SECONDS = 45;
const MERGE_GAP_LEVEL = 0.7;
/** Tempo blocks: entry at 76%, out once under 68% for 30 s (31 s smoothing). */
const TEMPO_BLOCKS = { enter: 0.76, exit: 0.68, exitSeconds: 30, smoothing: 31, step: 0.12 };
/** Surges: above 120% of FTP (5 s smoothing) for 8 s or more. */
const SURGES = { enter: 1.2, exit: 1.0, exitSeconds: 3, smoothing: 5, step: 0.25 };
const SURGE_MIN_SECONDS = 8;
/** A tempo block lasts 10 min or more, at 74-84.5%, clearly above the rest of the ride. */
const TEMPO_MIN_SECONDS = 600;
const TEMPO_MIN_LEVEL = 0.74;
const TEMPO_MAX_LEVEL = 0.845;
const TEMPO_ABOVE_REST = 0.1;
/** Finishing sprint: 10 s above 180% of FTP in the last 3 minutes. */
const FINISH_SECONDS = 180;
const FINISH_SPRINT_LEVEL = 1.8;

const seconds = (bout: Bout) => bout.end - bout.start;
const SHORT_BOUT_SECONDS = 8 * 60;
const SHORT_BOUT_MIN_LEVEL = 0.935;
const FEW_BOUTS_SHARE = 0.25;
const RECOVERY_CONTRAST = 0.2;

/** Whether a bout is hard enough for its length to be work: the shorter, the harder. */
const isWork = (bout: Bout): boolean => {
  const d = seconds(bout);
  return (
    d >= SURGE_MIN_SECONDS &&
    (bout.level >= 1.3 || (d >= 30 && bout.level >= 1.05) || (d >= 120 && bout.level >= 0.84))
  );
};

/**
 * A set counts as structure when it looks planned rather than ridden into by the terrain:
 * - bouts under 8 minutes are work only at threshold or above (sweet spot and tempo are long bouts);
 * - 4+ repeats; 3 repeats of 2 min or more, or 2 of 7 min or more, with a real recovery between
 *   them (1-10 min, at least 20% of FTP easier than the work: a climb broken by a short descent is
 *   not two bouts, nor are two climbs with endurance riding between them);
 * - one block of 15 min at 88% or more;
 * - and a set of one or two bouts is a large part of the ride (a quarter of the moving time): one
 *   long climb at sweet spot inside a two-hour endurance ride does not make it a sweet-spot session.
 */
const isStructure = (
  intensity: Float64Array,
  bouts: Bout[],
  set: BoutSet,
  movingSeconds: number,
): boolean => {
  const members = bouts.slice(set.first, set.first + set.count);
  const work = median(members.map(seconds));
  const level = members.reduce((sum, b) => sum + b.level, 0) / members.length;
  if (work < SHORT_BOUT_SECONDS && level < SHORT_BOUT_MIN_LEVEL) return false;
  if (set.count >= 4) return true;
  const total = members.reduce((sum, b) => sum + seconds(b), 0);
  if (set.count <= 2 && total < FEW_BOUTS_SHARE * movingSeconds) return false;
  if (set.count >= 2) {
    const recovery = median(members.slice(1).map((b, k) => b.start - members[k]!.end));
    const easy = members
      .slice(1)
      .every((b, k) => meanOf(intensity, members[k]!.end, b.start) <= level - RECOVERY_CONTRAST);
    const rests = recovery >= 60 && recovery <= 600 && easy;
    return rests && (set.count >= 3 ? work >= 120 : work >= 7 * 60);
  }
  return work >= 15 * 60 && level >= 0.88;
};

const tempoBlocks = (intensity: Float64Array, work: Bout[]): Bout[] => {
  const blocks = findBouts(intensity, TEMPO_BLOCKS)
    .map((block) => trimEdges(intensity, block, TEMPO_TRIM_SHARE))
    .filter(
      (b) =>
        seconds(b) >= TEMPO_MIN_SECONDS &&
        b.level >= TEMPO_MIN_LEVEL &&
        b.level < TEMPO_MAX_LEVEL &&
        !work.some((w) => w.start < b.end && b.start < w.end),
    );
  if (blocks.length === 0) return [];
  const outside: number[] = [];
  for (let i = 0; i < intensity.length; i += 1)
    if (intensity[i]! > 0 && !blocks.some((b) => i >= b.start && i < b.end)) outside.push(intensity[i]!);
  const rest = outside.length ? median(outside) : 0;
  return blocks.filter((b) => b.level - rest >= TEMPO_ABOVE_REST);
};

const surgesPerHour = (intensity: Float64Array, structured: Bout[], movingSeconds: number): number => {
  const surges = findBouts(intensity, SURGES).filter(
    (s) =>
      seconds(s) >= SURGE_MIN_SECONDS &&
      s.level >= SURGES.enter &&
      !structured.some((b) => b.start < s.end && s.start < b.end),
  );
  return surges.length / Math.max(movingSeconds / 3600, 0.25);
};

const finishSprint = (intensity: Float64Array): boolean => {
  let last = intensity.length - 1;
  while (last > 0 && intensity[last] === 0) last -= 1;
  const from = Math.max(0, last - FINISH_SECONDS);
  const tail = intensity.subarray(from, last + 1);
  const smooth = centeredMean(tail, 10);
  return smooth.some((v) => v >= FINISH_SPRINT_LEVEL);
};

const movingSecondsOf = (input: WorkoutReadingInput, watts: Float64Array) =>
  input.movingTimeS > 0 ? input.movingTimeS : watts.length;

const fromPower = (
  watts: Float64Array,
  heartrate: Float64Array | null,
  input: WorkoutReadingInput,
  contexts: RideContext[],
): WorkoutDto => {
  const ftp = input.ftp && input.ftp > 0 ? input.ftp : null;
  const reference = ftp ?? median(positives(watts)) / MEDIAN_AS_SHARE_OF_THRESHOLD;
  const intensity = watts.map((w) => w / reference);
  const work = mergeBouts(findBouts(intensity, WORK_BOUTS), intensity, MERGE_GAP_SECONDS, MERGE_GAP_LEVEL)
    .map((bout) => trimEdges(intensity, bout, WORK_TRIM_SHARE))
    .filter(isWork);
  const bouts = [...work, ...tempoBlocks(intensity, work)].sort((a, b) => a.start - b.start);
  const movingSeconds = movingSecondsOf(input, watts);
  const structure = groupSets(bouts).filter((set) => isStructure(intensity, bouts, set, movingSeconds));
  const structuredBouts = structure.flatMap((set) => bouts.slice(set.first, set.first + set.count));
  const surges = surgesPerHour(intensity, structuredBouts, movingSeconds);
  const np = normalizedPower(watts) ?? 0;
  const intensityFactor = np / reference;
  const shape = {
    intensityFactor,
    movingSeconds,
    surgesPerHour: surges,
    finishSprint: finishSprint(intensity),
  };
  const unstructured = rideType(shape);
  if (structure.length === 0 || unstructured === 'race' || unstructured === 'mixed') {
    const average = meanOf(watts, 0, watts.length);
    const vi = average > 0 ? np / average : null;
    const steady =
      unstructured !== 'race' &&
      unstructured !== 'mixed' &&
      (vi === null || vi <= STEADY_MAX_VARIABILITY_INDEX);
    return unstructuredWorkout(unstructured, 'power', contexts, steady);
  }
  const power = { values: watts, reference, ftp: ftp !== null };
  return structuredWorkout(bouts, structure, power, heartrate, contexts, (level) =>
    ftp ? `${Math.round(level * 100)}% of FTP` : `${Math.round(level * reference)} W`,
  );
};

// ---- heart rate ----

/** Heart-rate bouts: entry at 97% of threshold heart rate, out once under 92% for 20 s; 2 min or more. */
const HEART_RATE_BOUTS = { enter: 0.97, exit: 0.92, exitSeconds: 20, smoothing: 15, step: 0.25 };
const HEART_RATE_MIN_BOUT_SECONDS = 120;
/**
 * Steady rides by mean heart rate against threshold heart rate (Coggan's heart-rate zones: under 68%
 * recovery, up to 83% endurance, up to 94% tempo); the power rules read the same way.
 */
const heartRateIntensityFactor = (meanFraction: number) =>
  // map the heart-rate zone edges onto the power IF edges steadyType uses
  meanFraction < 0.68
    ? 0.45
    : meanFraction < 0.75
      ? 0.58
      : meanFraction < 0.86
        ? 0.7
        : meanFraction < 0.94
          ? 0.85
          : 0.95;

const fromHeartrate = (
  heartrate: Float64Array,
  lthr: number,
  input: WorkoutReadingInput,
  contexts: RideContext[],
): WorkoutDto => {
  const intensity = heartrate.map((v) => v / lthr);
  const bouts = findBouts(intensity, HEART_RATE_BOUTS).filter(
    (b) => seconds(b) >= HEART_RATE_MIN_BOUT_SECONDS,
  );
  const structure = groupSets(bouts).filter((set) => set.count >= 2);
  if (structure.length === 0) {
    const meanFraction = (meanOfPositive(heartrate) ?? 0) / lthr;
    const type = steadyType(heartRateIntensityFactor(meanFraction), movingSecondsOf(input, heartrate));
    return unstructuredWorkout(type, 'heart-rate', contexts, true);
  }
  // heart rate lags and caps: a repeated set near or above threshold heart rate is threshold work when
  // its bouts last 8 min or more, VO2max work when shorter
  return structuredWorkout(
    bouts,
    structure,
    null,
    heartrate,
    contexts,
    (level) =>
      input.lthr ? `${Math.round(level * 100)}% of threshold heart rate` : `${Math.round(level * lthr)} bpm`,
    (set) => (set.workSeconds >= 8 * 60 ? 'threshold' : 'vo2max'),
  );
};

// ---- summary ----

/** Without streams the effort is unknown: an e-bike ride is easy for the rider, anything else is taken as endurance. */
const fromSummary = (input: WorkoutReadingInput, contexts: RideContext[]): WorkoutDto =>
  unstructuredWorkout(
    E_BIKE_SPORTS.has(input.sportType) ? 'recovery' : 'endurance',
    'summary',
    contexts,
    false,
  );

// ---- building the answer ----

const unstructuredWorkout = (
  type: WorkoutType,
  basis: WorkoutDto['basis'],
  contexts: RideContext[],
  steady: boolean,
): WorkoutDto => ({ type, basis, contexts, intervals: [], sets: [], structure: null, steady });

interface PowerScale {
  values: Float64Array;
  reference: number;
  ftp: boolean;
}

const structuredWorkout = (
  bouts: Bout[],
  structure: BoutSet[],
  power: PowerScale | null,
  heartrate: Float64Array | null,
  contexts: RideContext[],
  intensityWords: (level: number) => string,
  typeOf: (set: {
    level: number;
    workSeconds: number;
    recoverySeconds: number | null;
    repeats: number;
  }) => WorkoutType = setType,
): WorkoutDto => {
  const intervals: WorkIntervalDto[] = [];
  const sets: IntervalSetDto[] = [];
  const words: string[] = [];
  let dominant: { type: WorkoutType; score: number } | null = null;
  for (const set of structure) {
    const members = bouts.slice(set.first, set.first + set.count);
    const firstInterval = intervals.length;
    for (const bout of members) {
      const averagePower = power ? meanOf(power.values, bout.start, bout.end) : null;
      intervals.push({
        startSeconds: bout.start,
        durationSeconds: seconds(bout),
        averagePower: averagePower === null ? null : Math.round(averagePower),
        percentOfFtp: power?.ftp ? Math.round(bout.level * 100) : null,
        averageHeartrate: heartrate ? roundOrNull(meanOfPositive(heartrate, bout.start, bout.end)) : null,
        recoverySeconds: null,
      });
    }
    const gaps = members.slice(1).map((bout, k) => bout.start - members[k]!.end);
    const workSeconds = Math.round(median(members.map(seconds)));
    const recoverySeconds = gaps.length ? Math.round(median(gaps)) : null;
    const level = members.reduce((sum, b) => sum + b.level, 0) / members.length;
    const averagePower = power ? Math.round(level * power.reference) : null;
    sets.push({
      repeats: set.count,
      workSeconds,
      recoverySeconds,
      averagePower,
      percentOfFtp: power?.ftp ? Math.round(level * 100) : null,
      firstInterval,
    });
    words.push(
      describeSet({ repeats: set.count, workSeconds, recoverySeconds, intensity: intensityWords(level) }),
    );
    // the main set: the most work above an easy level
    // (squared: a few minutes of sprints outweigh a long block at tempo)
    const score = members.reduce((sum, b) => sum + seconds(b) * Math.max(0.05, b.level - 0.5) ** 2, 0);
    if (!dominant || score > dominant.score)
      dominant = { type: typeOf({ level, workSeconds, recoverySeconds, repeats: set.count }), score };
  }
  for (let k = 0; k + 1 < intervals.length; k += 1)
    intervals[k]!.recoverySeconds =
      intervals[k + 1]!.startSeconds - intervals[k]!.startSeconds - intervals[k]!.durationSeconds;
  return {
    type: dominant!.type,
    basis: power ? 'power' : 'heart-rate',
    contexts,
    intervals,
    sets,
    structure: words.join(', then '),
    steady: false,
  };
};

const roundOrNull = (value: number | null) => (value === null ? null : Math.round(value));
