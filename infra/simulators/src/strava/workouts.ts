// Structured interval sessions: what an interval day's power follows, block by block (moving seconds).
import { createRandom, hashSeed } from './random.js';

/**
 * Session types as a coach reads them from the data (the same words as the rides service's
 * WORKOUT_TYPES; the simulator does not depend on the product's contracts).
 */
export type TruthWorkoutType =
  'recovery' | 'endurance' | 'tempo' | 'sweet-spot' | 'threshold' | 'vo2max' | 'anaerobic' | 'race' | 'mixed';

export interface Block {
  /** Moving second the block starts at (included) and ends at (excluded). */
  start: number;
  end: number;
  /** Effort as a fraction of FTP at the start and at the end of the block (a ramp when they differ). */
  from: number;
  to: number;
  /** Targeted (ERG-like): terrain does not change the effort. */
  structured: boolean;
  /** Index of the work bout this block belongs to (an over-under's blocks share one); absent when easy. */
  bout?: number;
  /** Ridden all-out (a test), evenly paced. */
  allOut?: boolean;
}

export interface IntervalSession {
  name: string;
  blocks: Block[];
  /** What a coach calls the session (from its set: see SETS). */
  type: TruthWorkoutType;
  repeats: number;
  /** Seconds of one work bout and of the easy riding between bouts. */
  workSeconds: number;
  restSeconds: number;
}

interface SetShape {
  name: (reps: number) => string;
  type: TruthWorkoutType;
  reps: number;
  /** Work/rest pattern of one repetition: [seconds, fraction of FTP] (the fraction jittered a little). */
  work: readonly (readonly [number, number])[];
  rest: number;
}

/**
 * The sets and what a coach calls them: bouts of 8-20 min at 95-105% of FTP (over-unders included:
 * one 9-minute bout averaging ~98%) are threshold work; 86-94% for 12-20 min is sweet spot; 75-85% is
 * tempo; 30 s to 5 min at 110-150% with recoveries no longer than the work keeps VO2 high (VO2max:
 * 5x5, 30/30s and the 1-minute repeats at 140% with 1 minute easy); short all-out sprints with long
 * recoveries are anaerobic / neuromuscular work.
 */
const SETS: readonly SetShape[] = [
  { name: (r) => `${r}x8 threshold`, type: 'threshold', reps: 4, work: [[480, 1.01]], rest: 240 },
  { name: (r) => `VO2 ${r}x5`, type: 'vo2max', reps: 5, work: [[300, 1.15]], rest: 300 },
  { name: (r) => `Sweet spot ${r}x15`, type: 'sweet-spot', reps: 3, work: [[900, 0.89]], rest: 300 },
  { name: (r) => `${r}x20 at FTP`, type: 'threshold', reps: 2, work: [[1200, 0.99]], rest: 420 },
  { name: (r) => `${r}x1 min hard`, type: 'vo2max', reps: 10, work: [[60, 1.4]], rest: 60 },
  { name: (r) => `30/30s x${r}`, type: 'vo2max', reps: 12, work: [[30, 1.5]], rest: 30 },
  {
    name: (r) => `Over-unders ${r}x9`,
    type: 'threshold',
    reps: 3,
    work: [
      [120, 0.93],
      [60, 1.07],
      [120, 0.93],
      [60, 1.07],
      [120, 0.93],
      [60, 1.07],
    ],
    rest: 300,
  },
];

/** Sessions added later, drawn from their own random stream so the sessions above stay as they were. */
const MORE_SETS: readonly SetShape[] = [
  { name: (r) => `Tempo ${r}x12`, type: 'tempo', reps: 3, work: [[720, 0.8]], rest: 240 },
  { name: (r) => `Sprints ${r}x15s`, type: 'anaerobic', reps: 8, work: [[15, 2.3]], rest: 285 },
];
/** Share of interval days that ride one of MORE_SETS. */
const MORE_SHARE = 0.25;

const WARM_UP = 900;
const COOL_DOWN = 600;
/** Easy riding between repeats, fraction of FTP. */
const EASY = 0.5;

/** The session of an interval day; the same seed and length always give the same session. */
export const intervalSession = (seed: number, movingSeconds: number): IntervalSession => {
  const random = createRandom(hashSeed(seed, 0x1a7));
  const classic = random.pick(SETS);
  const more = createRandom(hashSeed(seed, 0x1a8));
  const shape = more.chance(MORE_SHARE) ? more.pick(MORE_SETS) : classic;
  const repLength = shape.work.reduce((sum, [seconds]) => sum + seconds, 0);
  const available = Math.max(repLength, movingSeconds - WARM_UP - COOL_DOWN);
  const reps = Math.max(
    1,
    Math.min(shape.reps, Math.floor((available + shape.rest) / (repLength + shape.rest))),
  );
  // the day's form moves every bout a little; each bout a little more
  const strength = random.range(-0.03, 0.03) * (2 / 3);
  const blocks: Block[] = [];
  let t = 0;
  const add = (seconds: number, from: number, to: number, structured: boolean, bout?: number) => {
    blocks.push({
      start: t,
      end: t + seconds,
      from,
      to,
      structured,
      ...(bout === undefined ? {} : { bout }),
    });
    t += seconds;
  };
  add(WARM_UP, 0.5, 0.72, false);
  for (let rep = 0; rep < reps; rep += 1) {
    for (const [seconds, fraction] of shape.work) {
      const level = fraction + strength + random.range(-0.01, 0.01);
      add(seconds, level, level, true, rep);
    }
    if (rep < reps - 1) add(shape.rest, EASY, EASY, true);
  }
  const filler = movingSeconds - t - COOL_DOWN;
  if (filler > 0) add(filler, 0.64, 0.64, false);
  add(Math.max(COOL_DOWN, movingSeconds - t), 0.55, 0.45, false);
  return {
    name: shape.name(reps),
    blocks,
    type: shape.type,
    repeats: reps,
    workSeconds: repLength,
    restSeconds: shape.rest,
  };
};

/** Seconds of the FTP test's all-out effort. */
export const FTP_TEST_SECONDS = 1200;
/** Easy riding between the warm-up and the test, fraction of FTP. */
const BEFORE_TEST = 0.6;

/**
 * An FTP test: a warm-up, 5 minutes easy, then 20 minutes all-out at `fraction` of FTP (the athlete's
 * best 20-minute power, athletes.ts's maximalPower), and the rest of the ride as a cool-down.
 */
export const ftpTestSession = (movingSeconds: number, fraction: number): IntervalSession => {
  const easy = 300;
  const blocks: Block[] = [
    { start: 0, end: WARM_UP, from: 0.5, to: 0.72, structured: false },
    { start: WARM_UP, end: WARM_UP + easy, from: BEFORE_TEST, to: BEFORE_TEST, structured: false },
  ];
  const start = WARM_UP + easy;
  const end = start + FTP_TEST_SECONDS;
  blocks.push({ start, end, from: fraction, to: fraction, structured: true, bout: 0, allOut: true });
  blocks.push({
    start: end,
    end: Math.max(end + COOL_DOWN, movingSeconds),
    from: 0.55,
    to: 0.45,
    structured: false,
  });
  return {
    name: 'FTP test',
    blocks,
    type: 'threshold',
    repeats: 1,
    workSeconds: FTP_TEST_SECONDS,
    restSeconds: 0,
  };
};
