import type { PlannedWorkoutType, WorkoutStepDto } from '@domestique/proto';

/**
 * The structured sessions the recommendations are made of: steps at a %FTP range for a rider with a
 * power meter, the matching heart-rate zone without one. Pure.
 */

export type SessionKind = Exclude<PlannedWorkoutType, 'rest' | 'race' | 'mixed' | 'anaerobic' | 'tempo'>;

const MIN = 60;

/** A step at a %FTP range; its heart-rate zone follows from the range's middle. */
interface PowerStep {
  minutes: number;
  percent: [number, number];
  label: string;
}

/** Heart-rate zone (of LTHR, Coggan's 5) that matches a %FTP: the upper bounds of Z1-Z4 in %FTP. */
const HR_ZONE_UPPER_PERCENT_FTP = [55, 75, 90, 105];

export const hrZoneOf = (percentFtp: number): number => {
  const zone = HR_ZONE_UPPER_PERCENT_FTP.findIndex((upper) => percentFtp <= upper);
  return zone === -1 ? 5 : zone + 1;
};

/** Intensity factor a heart-rate zone stands for (its middle, in FTP), for planned load. */
export const HR_ZONE_INTENSITY = [0.5, 0.65, 0.83, 0.97, 1.1];

const repeat = (count: number, work: PowerStep, rest: PowerStep): PowerStep[] =>
  Array.from({ length: count }, (_, index) => [
    { ...work, label: `${work.label} ${index + 1}/${count}` },
    ...(index < count - 1 ? [rest] : []),
  ]).flat();

const warmUp = (minutes: number): PowerStep => ({ minutes, percent: [50, 65], label: 'Warm-up' });
const coolDown = (minutes: number): PowerStep => ({ minutes, percent: [40, 55], label: 'Cool-down' });
const easy = (minutes: number): PowerStep => ({ minutes, percent: [45, 55], label: 'Easy' });

const WHOLE_MINUTES = (seconds: number) => Math.max(1, Math.round(seconds / MIN));

/** The steps of each session; `durationS` sets the length of the sessions that have one. */
const TEMPLATES: Record<SessionKind, (durationS: number) => { title: string; steps: PowerStep[] }> = {
  recovery: (durationS) => ({
    title: 'Recovery spin',
    steps: [{ minutes: WHOLE_MINUTES(durationS), percent: [40, 55], label: 'Easy spin' }],
  }),
  endurance: (durationS) => {
    const main = Math.max(20, WHOLE_MINUTES(durationS) - 15);
    return {
      title: `Endurance ride, ${formatMinutes(main + 15)}`,
      steps: [warmUp(10), { minutes: main, percent: [65, 75], label: 'Endurance' }, coolDown(5)],
    };
  },
  'sweet-spot': () => ({
    title: 'Sweet spot 3 x 12 min',
    steps: [
      warmUp(15),
      ...repeat(3, { minutes: 12, percent: [88, 94], label: 'Sweet spot' }, easy(5)),
      coolDown(10),
    ],
  }),
  threshold: () => ({
    title: 'Threshold 3 x 10 min',
    steps: [
      warmUp(15),
      ...repeat(3, { minutes: 10, percent: [95, 105], label: 'Threshold' }, easy(5)),
      coolDown(10),
    ],
  }),
  vo2max: () => ({
    title: 'VO2max 5 x 4 min',
    steps: [
      warmUp(15),
      ...repeat(5, { minutes: 4, percent: [110, 120], label: 'VO2max' }, easy(4)),
      coolDown(10),
    ],
  }),
};

export const formatMinutes = (minutes: number): string => {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${String(rest).padStart(2, '0')}`;
};

export interface BuiltWorkout {
  title: string;
  steps: WorkoutStepDto[];
  durationS: number;
  plannedLoad: number;
}

/**
 * A session as steps: %FTP ranges when `byPower`, else heart-rate zones. Its planned load is the TSS
 * of its steps (each at the middle of its range, or its zone's intensity).
 */
export const buildWorkout = (kind: SessionKind, byPower: boolean, durationS = 3600): BuiltWorkout => {
  const { title, steps } = TEMPLATES[kind](durationS);
  let plannedLoad = 0;
  const built = steps.map((step): WorkoutStepDto => {
    const seconds = step.minutes * MIN;
    const middle = (step.percent[0] + step.percent[1]) / 2;
    const zone = hrZoneOf(middle);
    const intensity = byPower ? middle / 100 : HR_ZONE_INTENSITY[zone - 1]!;
    plannedLoad += (seconds / 3600) * intensity * intensity * 100;
    return {
      durationS: seconds,
      targetPercentFtp: byPower ? [step.percent[0], step.percent[1]] : null,
      targetHrZone: byPower ? null : zone,
      label: step.label,
    };
  });
  return {
    title,
    steps: built,
    durationS: built.reduce((sum, step) => sum + step.durationS, 0),
    plannedLoad: Math.round(plannedLoad),
  };
};
