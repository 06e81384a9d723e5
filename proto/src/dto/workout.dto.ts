/**
 * What a ride was, read from its data (never from its name): the detected work intervals, how they
 * group into repeated sets, the session type and the context it was ridden in. Computed by the rides
 * service from the 1 Hz streams (power; heart rate when there is no power) and stored with the ride's
 * metrics; the coach names the session and fits its advice to the type.
 */

/** Session types, from the data. */
export const WORKOUT_TYPES = [
  'recovery',
  'endurance',
  'tempo',
  'sweet-spot',
  'threshold',
  'vo2max',
  'anaerobic',
  'race',
  'mixed',
] as const;
export type WorkoutType = (typeof WORKOUT_TYPES)[number];

/** Context types: how the ride was ridden, beside what it was. */
export const RIDE_CONTEXTS = ['e-bike', 'commute', 'indoor'] as const;
export type RideContext = (typeof RIDE_CONTEXTS)[number];

/** How each session type is written in texts ("a threshold session"). */
export const WORKOUT_TYPE_LABELS: Record<WorkoutType, string> = {
  recovery: 'recovery ride',
  endurance: 'endurance ride',
  tempo: 'tempo ride',
  'sweet-spot': 'sweet-spot session',
  threshold: 'threshold session',
  vo2max: 'VO2max session',
  anaerobic: 'anaerobic / sprint session',
  race: 'race',
  mixed: 'mixed ride',
};

/** Sessions made of structured work bouts: pacing smoothness (VI) and decoupling do not apply. */
export const INTERVAL_WORKOUT_TYPES: readonly WorkoutType[] = [
  'sweet-spot',
  'threshold',
  'vo2max',
  'anaerobic',
];

/** One detected work bout. Times are seconds from the start of the 1 Hz series. */
export interface WorkIntervalDto {
  startSeconds: number;
  durationSeconds: number;
  /** watts; null on a ride measured by heart rate */
  averagePower: number | null;
  /** percent of the FTP the ride was measured against (rounded to a whole percent); null without power or FTP */
  percentOfFtp: number | null;
  averageHeartrate: number | null;
  /** the easy seconds after this bout before the next one (null after the last bout) */
  recoverySeconds: number | null;
}

/** Work bouts of similar length and effort, one after another: "12 x 30 s at 145% of FTP with 30 s easy". */
export interface IntervalSetDto {
  repeats: number;
  /** median work duration, seconds */
  workSeconds: number;
  /** median recovery between repeats, seconds (null for a single bout) */
  recoverySeconds: number | null;
  /** mean of the bouts' average power, watts (null when measured by heart rate) */
  averagePower: number | null;
  /** mean percent of FTP, whole percent */
  percentOfFtp: number | null;
  /** index of the first bout of the set in `intervals` */
  firstInterval: number;
}

export interface WorkoutDto {
  type: WorkoutType;
  /** what the intervals and type were read from */
  basis: 'power' | 'heart-rate' | 'summary';
  contexts: RideContext[];
  /** every detected work bout, in order */
  intervals: WorkIntervalDto[];
  /** the bouts grouped into sets of repeats */
  sets: IntervalSetDto[];
  /** the structure in words, e.g. "12 x 30 s at 145% of FTP with 30 s easy"; null for a steady ride */
  structure: string | null;
  /** true when the effort was steady enough for decoupling and VI to mean something */
  steady: boolean;
}
