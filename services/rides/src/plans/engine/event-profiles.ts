import type { EventType, PlanPhase } from '@domestique/proto';
import type { LibraryCategory } from './workout-library.js';

/** What each event type asks of the plan: its intensity focus, long ride, the event's own shape. */
export interface EventProfile {
  /** how long the event itself is planned to last */
  durationS: number;
  /** the event's effort, %FTP */
  percent: readonly [number, number];
  /** the longest long ride the plan builds to */
  longRideMaxS: number;
  /** long rides in build and peak: these library workouts first (when long enough) */
  longRideIds: readonly string[];
  /** the intensity sessions of each phase, rotated in order */
  intensity: Record<Exclude<PlanPhase, 'taper'>, readonly LibraryCategory[]>;
  /** build and peak focus, in words */
  focus: string;
  /** pacing targets by duration */
  targets: readonly { label: string; percent: readonly [number, number] }[];
  /** the event-day sentence of race preparation; null for general fitness (no race) */
  eventDay: string | null;
  /** the share of the duration-sustainable power the pacing plan aims at */
  pacingShare: number;
}

const HOUR = 3600;
const BASE: readonly LibraryCategory[] = ['tempo', 'sweet-spot'];

export const EVENT_PROFILES: Record<EventType, EventProfile> = {
  'gran-fondo': {
    durationS: 4.5 * HOUR,
    percent: [65, 75],
    longRideMaxS: 5 * HOUR,
    longRideIds: ['endurance-tempo-blocks', 'endurance-long'],
    intensity: { base: BASE, build: ['sweet-spot', 'tempo', 'threshold'], peak: ['threshold', 'sweet-spot'] },
    focus: 'long endurance rides, tempo and sweet spot',
    targets: [
      { label: 'Climbs up to 20 min', percent: [88, 95] },
      { label: '1-2 h', percent: [75, 85] },
      { label: '2-4 h', percent: [70, 80] },
      { label: 'Over 4 h', percent: [65, 75] },
    ],
    eventDay:
      'On the day: start below your target (the first half hour should feel easy), eat 60-90 g of carbohydrate an hour from the first hour, drink to thirst and hold back on the first climbs.',
    pacingShare: 0.95,
  },
  'road-race': {
    durationS: 3 * HOUR,
    percent: [70, 85],
    longRideMaxS: 4.5 * HOUR,
    longRideIds: ['endurance-tempo-finish', 'endurance-long'],
    intensity: {
      base: BASE,
      build: ['vo2max', 'threshold', 'sweet-spot'],
      peak: ['vo2max', 'anaerobic', 'threshold'],
    },
    focus: 'VO2max intervals and long rides',
    targets: [
      { label: 'Attacks up to 1 min', percent: [120, 150] },
      { label: '5 min climbs', percent: [105, 115] },
      { label: '1-2 h', percent: [75, 85] },
      { label: '2-4 h', percent: [70, 80] },
    ],
    eventDay:
      'On the day: eat from the first hour (60-90 g of carbohydrate an hour), follow the moves that matter rather than every one, and save your efforts for the decisive climbs and the finale.',
    pacingShare: 1,
  },
  criterium: {
    durationS: 1 * HOUR,
    percent: [85, 100],
    longRideMaxS: 3 * HOUR,
    longRideIds: ['endurance-long'],
    intensity: {
      base: BASE,
      build: ['anaerobic', 'vo2max', 'sprint'],
      peak: ['sprint', 'anaerobic', 'vo2max'],
    },
    focus: 'anaerobic efforts and sprints',
    targets: [
      { label: 'Sprints, 10-20 s', percent: [180, 250] },
      { label: 'Out of corners, 5-10 s', percent: [150, 200] },
      { label: 'Attacks, 30 s-1 min', percent: [130, 150] },
      { label: 'Whole race, 45-60 min', percent: [85, 95] },
    ],
    eventDay:
      'On the day: warm up 20-30 minutes with a few hard efforts, ride near the front to avoid the sprints out of every corner, and keep a gel for the last laps.',
    pacingShare: 1,
  },
  'time-trial': {
    durationS: 1 * HOUR,
    percent: [95, 100],
    longRideMaxS: 3 * HOUR,
    longRideIds: ['endurance-long'],
    intensity: { base: BASE, build: ['threshold', 'sweet-spot', 'vo2max'], peak: ['threshold', 'vo2max'] },
    focus: 'threshold and sweet-spot work',
    targets: [
      { label: '20-30 min', percent: [98, 105] },
      { label: '40-60 min', percent: [93, 100] },
      { label: '1-2 h', percent: [85, 90] },
    ],
    eventDay:
      'On the day: warm up 20-30 minutes with a few efforts at target, start at or just below target power, never above, and finish strongest.',
    pacingShare: 1,
  },
  'hill-climb': {
    durationS: 0.75 * HOUR,
    percent: [95, 105],
    longRideMaxS: 3 * HOUR,
    longRideIds: ['endurance-long'],
    intensity: { base: BASE, build: ['threshold', 'sweet-spot', 'vo2max'], peak: ['threshold', 'vo2max'] },
    focus: 'threshold and sweet-spot work',
    targets: [
      { label: '5-10 min', percent: [105, 112] },
      { label: '10-20 min', percent: [100, 106] },
      { label: '20-40 min', percent: [95, 100] },
      { label: '40-60 min', percent: [90, 96] },
    ],
    eventDay:
      'On the day: warm up well and start the climb at target, not above it: minutes above target early are paid for twice near the top.',
    pacingShare: 1,
  },
  'general-fitness': {
    durationS: 2 * HOUR,
    percent: [65, 75],
    longRideMaxS: 3.5 * HOUR,
    longRideIds: ['endurance-long'],
    intensity: {
      base: ['sweet-spot', 'tempo'],
      build: ['threshold', 'sweet-spot', 'vo2max'],
      peak: ['vo2max', 'threshold', 'sweet-spot'],
    },
    focus: 'a balance of sweet spot, threshold and VO2max',
    targets: [
      { label: 'Steady 1-2 h', percent: [70, 80] },
      { label: '2-4 h', percent: [65, 75] },
    ],
    eventDay: null,
    pacingShare: 0.95,
  },
};

/** The share of FTP a rider sustains for a duration (pacing: the event's average target). */
const SUSTAINABLE: readonly (readonly [number, number])[] = [
  [0, 1.1],
  [0.33, 1.05],
  [1, 0.95],
  [2, 0.85],
  [3, 0.8],
  [4, 0.75],
  [6, 0.68],
  [10, 0.6],
];

export const sustainableShare = (hours: number): number => {
  const at = Math.max(0, hours);
  for (let index = 1; index < SUSTAINABLE.length; index += 1) {
    const [h1, s1] = SUSTAINABLE[index]!;
    const [h0, s0] = SUSTAINABLE[index - 1]!;
    if (at <= h1) return s0 + ((s1 - s0) * (at - h0)) / (h1 - h0);
  }
  return SUSTAINABLE.at(-1)![1];
};
