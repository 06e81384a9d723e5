import type { PlannedWorkoutDto, WorkoutStepDto, WorkoutType } from '@domestique/proto';
import { formatMinutes, HR_ZONE_INTENSITY, hrZoneOf } from '../../training/workouts.js';

/**
 * The plan's workout library: structured sessions in %FTP ranges (heart-rate zones without an FTP),
 * grouped by category. Recovery and endurance rides stretch to a duration; interval sessions keep
 * their shape. Pure.
 */

export const LIBRARY_CATEGORIES = [
  'recovery',
  'endurance',
  'tempo',
  'sweet-spot',
  'threshold',
  'vo2max',
  'anaerobic',
  'sprint',
  'opener',
] as const;
export type LibraryCategory = (typeof LIBRARY_CATEGORIES)[number];

/** The session type each category is stored as (WORKOUT_TYPES has no sprint or opener). */
const CATEGORY_TYPE: Record<LibraryCategory, WorkoutType> = {
  recovery: 'recovery',
  endurance: 'endurance',
  tempo: 'tempo',
  'sweet-spot': 'sweet-spot',
  threshold: 'threshold',
  vo2max: 'vo2max',
  anaerobic: 'anaerobic',
  sprint: 'anaerobic',
  opener: 'mixed',
};

export interface LibraryStep {
  seconds: number;
  percent: readonly [number, number];
  label: string;
  /** the step that grows or shrinks when the session is scaled to a duration */
  fill?: boolean;
}

export interface LibraryWorkout {
  id: string;
  category: LibraryCategory;
  type: WorkoutType;
  title: string;
  steps: readonly LibraryStep[];
  /** a shorter version, for taper and recovery weeks */
  short?: boolean;
}

/** Session types that make a day hard (two never follow each other). */
const HARD_TYPES: ReadonlySet<string> = new Set(['sweet-spot', 'threshold', 'vo2max', 'anaerobic', 'race']);
export const isHardType = (type: string): boolean => HARD_TYPES.has(type);

const MIN = 60;
const warmUp = (minutes = 15): LibraryStep => ({
  seconds: minutes * MIN,
  percent: [50, 65],
  label: 'Warm-up',
});
const coolDown = (minutes = 10): LibraryStep => ({
  seconds: minutes * MIN,
  percent: [40, 55],
  label: 'Cool-down',
});
const easy = (seconds: number): LibraryStep => ({ seconds, percent: [45, 55], label: 'Easy' });
const endurance = (minutes: number, fill = false): LibraryStep => ({
  seconds: minutes * MIN,
  percent: [65, 75],
  label: 'Endurance',
  ...(fill ? { fill } : {}),
});

/** `count` work bouts with `restS` easy between them. */
const repeat = (count: number, work: LibraryStep, restS: number): LibraryStep[] =>
  Array.from({ length: count }, (_, index) => [
    { ...work, label: `${work.label} ${index + 1}/${count}` },
    ...(index < count - 1 ? [easy(restS)] : []),
  ]).flat();

const bout = (seconds: number, percent: readonly [number, number], label: string): LibraryStep => ({
  seconds,
  percent,
  label,
});

/** A warm-up, the main set and a cool-down. */
const session = (
  id: string,
  category: LibraryCategory,
  title: string,
  main: LibraryStep[],
  warm = 15,
  cool = 10,
): LibraryWorkout => ({
  id,
  category,
  type: CATEGORY_TYPE[category],
  title,
  steps: [warmUp(warm), ...main, coolDown(cool)],
});

/** `count` x `workS` at `percent` with `restS` easy: the classic interval session. */
const intervals = (
  id: string,
  category: LibraryCategory,
  title: string,
  count: number,
  workS: number,
  percent: readonly [number, number],
  restS: number,
  label: string,
): LibraryWorkout => session(id, category, title, repeat(count, bout(workS, percent, label), restS));

/** `sets` of `count` x `workS` with `restS` between bouts and `setRestS` between sets. */
const sets = (
  id: string,
  category: LibraryCategory,
  title: string,
  setCount: number,
  count: number,
  workS: number,
  percent: readonly [number, number],
  restS: number,
  setRestS: number,
  label: string,
): LibraryWorkout =>
  session(
    id,
    category,
    title,
    Array.from({ length: setCount }, (_, index) => [
      ...repeat(count, bout(workS, percent, `${label} set ${index + 1}`), restS),
      ...(index < setCount - 1 ? [easy(setRestS)] : []),
    ]).flat(),
  );

/** Marks a library workout as the short version of its category. */
const shortVersion = (workout: LibraryWorkout): LibraryWorkout => ({ ...workout, short: true });

const SS: readonly [number, number] = [88, 94];
const TEMPO: readonly [number, number] = [76, 87];
const THRESHOLD: readonly [number, number] = [95, 105];
const VO2: readonly [number, number] = [110, 120];

export const WORKOUT_LIBRARY: readonly LibraryWorkout[] = [
  // recovery: one easy step that takes the whole duration
  ...[30, 45, 60].map((minutes): LibraryWorkout => ({
    id: `recovery-${minutes}`,
    category: 'recovery',
    type: 'recovery',
    title: 'Recovery spin',
    steps: [{ seconds: minutes * MIN, percent: [40, 55], label: 'Easy spin', fill: true }],
  })),
  {
    id: 'recovery-spin-ups',
    category: 'recovery',
    type: 'recovery',
    title: 'Recovery spin with cadence spin-ups',
    steps: [
      { seconds: 20 * MIN, percent: [40, 55], label: 'Easy spin', fill: true },
      ...repeat(4, bout(30, [50, 60], 'Spin-up, high cadence'), 90),
      { seconds: 10 * MIN, percent: [40, 55], label: 'Easy spin' },
    ],
  },
  // endurance: the middle block takes the duration
  session('endurance-steady', 'endurance', 'Endurance ride', [endurance(60, true)], 10, 5),
  session('endurance-long', 'endurance', 'Long endurance ride', [endurance(150, true)], 15, 10),
  session(
    'endurance-cadence',
    'endurance',
    'Endurance with cadence drills',
    [endurance(20, true), ...repeat(5, bout(60, [65, 75], 'High cadence 100+ rpm'), 120), endurance(15)],
    10,
    5,
  ),
  session(
    'endurance-tempo-finish',
    'endurance',
    'Endurance with a tempo finish',
    [endurance(60, true), bout(20 * MIN, TEMPO, 'Tempo finish')],
    10,
    10,
  ),
  session(
    'endurance-tempo-blocks',
    'endurance',
    'Long ride with tempo blocks',
    [endurance(45, true), ...repeat(3, bout(15 * MIN, TEMPO, 'Tempo'), 15 * MIN), endurance(20)],
    15,
    10,
  ),
  session('endurance-fasted-low', 'endurance', 'Low endurance (zone 2 low end)', [
    { seconds: 60 * MIN, percent: [60, 68], label: 'Endurance, low', fill: true },
  ]),
  // tempo
  intervals('tempo-3x15', 'tempo', 'Tempo 3 x 15 min', 3, 15 * MIN, TEMPO, 5 * MIN, 'Tempo'),
  intervals('tempo-2x20', 'tempo', 'Tempo 2 x 20 min', 2, 20 * MIN, TEMPO, 5 * MIN, 'Tempo'),
  intervals('tempo-4x10', 'tempo', 'Tempo 4 x 10 min', 4, 10 * MIN, TEMPO, 4 * MIN, 'Tempo'),
  session('tempo-45', 'tempo', 'Tempo 45 min steady', [bout(45 * MIN, TEMPO, 'Tempo')]),
  intervals(
    'tempo-3x20-low-cadence',
    'tempo',
    'Tempo 3 x 20 min at low cadence',
    3,
    20 * MIN,
    [75, 85],
    5 * MIN,
    'Tempo, 60-70 rpm',
  ),
  // sweet spot
  intervals('sweet-spot-3x12', 'sweet-spot', 'Sweet spot 3 x 12 min', 3, 12 * MIN, SS, 5 * MIN, 'Sweet spot'),
  intervals('sweet-spot-2x20', 'sweet-spot', 'Sweet spot 2 x 20 min', 2, 20 * MIN, SS, 5 * MIN, 'Sweet spot'),
  intervals('sweet-spot-4x10', 'sweet-spot', 'Sweet spot 4 x 10 min', 4, 10 * MIN, SS, 4 * MIN, 'Sweet spot'),
  intervals('sweet-spot-3x15', 'sweet-spot', 'Sweet spot 3 x 15 min', 3, 15 * MIN, SS, 5 * MIN, 'Sweet spot'),
  session('sweet-spot-40', 'sweet-spot', 'Sweet spot 40 min steady', [bout(40 * MIN, SS, 'Sweet spot')]),
  shortVersion(
    intervals(
      'sweet-spot-2x8',
      'sweet-spot',
      'Sweet spot 2 x 8 min (short)',
      2,
      8 * MIN,
      SS,
      4 * MIN,
      'Sweet spot',
    ),
  ),
  // threshold
  intervals(
    'threshold-3x10',
    'threshold',
    'Threshold 3 x 10 min',
    3,
    10 * MIN,
    THRESHOLD,
    5 * MIN,
    'Threshold',
  ),
  intervals(
    'threshold-2x15',
    'threshold',
    'Threshold 2 x 15 min',
    2,
    15 * MIN,
    THRESHOLD,
    6 * MIN,
    'Threshold',
  ),
  intervals('threshold-4x8', 'threshold', 'Threshold 4 x 8 min', 4, 8 * MIN, THRESHOLD, 4 * MIN, 'Threshold'),
  intervals(
    'threshold-2x20',
    'threshold',
    'Threshold 2 x 20 min',
    2,
    20 * MIN,
    [95, 100],
    8 * MIN,
    'Threshold',
  ),
  session(
    'threshold-over-under',
    'threshold',
    'Over-unders 3 x 9 min (2 min under, 1 min over)',
    Array.from({ length: 3 }, (_, index) => [
      ...Array.from({ length: 3 }, () => [
        bout(2 * MIN, [92, 97], `Under, set ${index + 1}`),
        bout(MIN, [103, 108], `Over, set ${index + 1}`),
      ]).flat(),
      ...(index < 2 ? [easy(5 * MIN)] : []),
    ]).flat(),
  ),
  shortVersion(
    intervals(
      'threshold-2x6',
      'threshold',
      'Threshold 2 x 6 min (short)',
      2,
      6 * MIN,
      THRESHOLD,
      4 * MIN,
      'Threshold',
    ),
  ),
  // VO2max
  intervals('vo2max-5x4', 'vo2max', 'VO2max 5 x 4 min', 5, 4 * MIN, VO2, 4 * MIN, 'VO2max'),
  intervals('vo2max-6x3', 'vo2max', 'VO2max 6 x 3 min', 6, 3 * MIN, [112, 120], 3 * MIN, 'VO2max'),
  intervals('vo2max-4x5', 'vo2max', 'VO2max 4 x 5 min', 4, 5 * MIN, [108, 115], 5 * MIN, 'VO2max'),
  intervals('vo2max-8x2', 'vo2max', 'VO2max 8 x 2 min', 8, 2 * MIN, [115, 125], 2 * MIN, 'VO2max'),
  sets('vo2max-30-30', 'vo2max', 'VO2max 30/30s, 3 sets of 8', 3, 8, 30, [120, 130], 30, 5 * MIN, '30/30'),
  shortVersion(
    intervals('vo2max-3x3', 'vo2max', 'VO2max 3 x 3 min (short)', 3, 3 * MIN, VO2, 3 * MIN, 'VO2max'),
  ),
  // anaerobic
  intervals('anaerobic-8x1', 'anaerobic', 'Anaerobic 8 x 1 min', 8, 60, [130, 150], 3 * MIN, 'Anaerobic'),
  intervals('anaerobic-6x90s', 'anaerobic', 'Anaerobic 6 x 90 s', 6, 90, [125, 140], 4 * MIN, 'Anaerobic'),
  intervals('anaerobic-10x45s', 'anaerobic', 'Anaerobic 10 x 45 s', 10, 45, [135, 155], 135, 'Anaerobic'),
  sets(
    'anaerobic-40-20',
    'anaerobic',
    'Anaerobic 40/20s, 2 sets of 6',
    2,
    6,
    40,
    [130, 150],
    20,
    6 * MIN,
    '40/20',
  ),
  shortVersion(
    intervals(
      'anaerobic-5x30s',
      'anaerobic',
      'Anaerobic 5 x 30 s (short)',
      5,
      30,
      [140, 160],
      150,
      'Anaerobic',
    ),
  ),
  // sprints (stored as anaerobic sessions)
  intervals('sprint-6x15s', 'sprint', 'Sprints 6 x 15 s', 6, 15, [180, 250], 5 * MIN, 'Sprint'),
  intervals('sprint-8x10s', 'sprint', 'Sprints 8 x 10 s', 8, 10, [200, 300], 4 * MIN, 'Sprint'),
  intervals(
    'sprint-standing-6x12s',
    'sprint',
    'Standing-start sprints 6 x 12 s',
    6,
    12,
    [180, 280],
    5 * MIN,
    'Standing start',
  ),
  sprintLeadOut(),
  // openers: the day or two before the event
  session(
    'opener-classic',
    'opener',
    'Opener: 3 x 1 min + 3 sprints',
    [
      endurance(15),
      ...repeat(3, bout(60, [100, 110], 'Threshold opener'), 2 * MIN),
      easy(3 * MIN),
      ...repeat(3, bout(10, [150, 200], 'Sprint'), 2 * MIN),
    ],
    10,
    5,
  ),
  session(
    'opener-short',
    'opener',
    'Opener: 2 x 2 min',
    [endurance(10), ...repeat(2, bout(2 * MIN, [95, 105], 'Opener'), 3 * MIN)],
    10,
    5,
  ),
  session(
    'opener-race-pace',
    'opener',
    'Opener: race-pace touches',
    [
      endurance(10),
      ...repeat(3, bout(3 * MIN, [88, 95], 'Race pace'), 3 * MIN),
      ...repeat(2, bout(15, [150, 200], 'Sprint'), 2 * MIN),
    ],
    10,
    5,
  ),
];

/** Three 30 s lead-out efforts, each ending in a 10 s sprint. */
function sprintLeadOut(): LibraryWorkout {
  return session(
    'sprint-lead-out',
    'sprint',
    'Lead-out sprints 3 x (30 s + 10 s)',
    Array.from({ length: 3 }, (_, index) => [
      bout(30, [120, 140], `Lead-out ${index + 1}/3`),
      bout(10, [180, 250], `Sprint ${index + 1}/3`),
      ...(index < 2 ? [easy(5 * MIN)] : []),
    ]).flat(),
  );
}

export const workoutById = (id: string): LibraryWorkout => {
  const workout = WORKOUT_LIBRARY.find((candidate) => candidate.id === id);
  if (!workout) throw new Error(`Unknown library workout ${id}`);
  return workout;
};

export const workoutsOf = (category: LibraryCategory): LibraryWorkout[] =>
  WORKOUT_LIBRARY.filter((workout) => workout.category === category);

/** Seconds of a library workout as written. */
export const baseDurationS = (workout: LibraryWorkout): number =>
  workout.steps.reduce((sum, step) => sum + step.seconds, 0);

/** Whether the session stretches to a duration (recovery and endurance rides). */
export const isScalable = (workout: LibraryWorkout): boolean => workout.steps.some((step) => step.fill);

/** The steps with the fill step stretched so the whole lasts `durationS` (whole minutes, at least 10 min of fill). */
const scaledSteps = (workout: LibraryWorkout, durationS: number | undefined): LibraryStep[] => {
  if (durationS === undefined || !isScalable(workout)) return [...workout.steps];
  const fixed = workout.steps.filter((step) => !step.fill).reduce((sum, step) => sum + step.seconds, 0);
  const fill = Math.max(10 * MIN, Math.floor((durationS - fixed) / MIN) * MIN);
  return workout.steps.map((step) => (step.fill ? { ...step, seconds: fill } : step));
};

/** TSS of `seconds` at intensity factor `intensity`. */
const tssAt = (seconds: number, intensity: number): number => (seconds / 3600) * intensity * intensity * 100;

/** The intensity factor a step is planned at: its mid %FTP, or its heart-rate zone's intensity. */
export const stepIntensity = (step: WorkoutStepDto): number =>
  step.targetPercentFtp
    ? (step.targetPercentFtp[0] + step.targetPercentFtp[1]) / 200
    : HR_ZONE_INTENSITY[(step.targetHrZone ?? 2) - 1]!;

export const stepsLoad = (steps: readonly WorkoutStepDto[]): number =>
  steps.reduce((sum, step) => sum + tssAt(step.durationS, stepIntensity(step)), 0);

/** A library step as a plan step: the %FTP range, or the matching heart-rate zone without power. */
export const toStep = (step: LibraryStep, byPower: boolean): WorkoutStepDto => ({
  durationS: step.seconds,
  targetPercentFtp: byPower ? [step.percent[0], step.percent[1]] : null,
  targetHrZone: byPower ? null : hrZoneOf((step.percent[0] + step.percent[1]) / 2),
  label: step.label,
});

export interface InstantiateOptions {
  date: string;
  /** %FTP steps when true, heart-rate zones otherwise */
  byPower: boolean;
  /** scales recovery and endurance rides; interval sessions keep their length */
  durationS?: number;
  reason: string;
}

/** A library workout as a planned session on `date`, with its planned load (TSS of its steps). */
export const instantiateWorkout = (
  workout: LibraryWorkout,
  options: InstantiateOptions,
): PlannedWorkoutDto => {
  const steps = scaledSteps(workout, options.durationS).map((step) => toStep(step, options.byPower));
  const durationS = steps.reduce((sum, step) => sum + step.durationS, 0);
  return {
    date: options.date,
    type: workout.type,
    title: isScalable(workout)
      ? `${workout.title}, ${formatMinutes(Math.round(durationS / MIN))}`
      : workout.title,
    steps,
    durationS,
    plannedLoad: Math.round(stepsLoad(steps)),
    reason: options.reason,
  };
};
