// Structured interval sessions: what an interval day's power follows, block by block (moving seconds).
import { createRandom, hashSeed } from './random.js';

export interface Block {
  /** Moving second the block starts at (included) and ends at (excluded). */
  start: number;
  end: number;
  /** Effort as a fraction of FTP at the start and at the end of the block (a ramp when they differ). */
  from: number;
  to: number;
  /** Targeted (ERG-like): terrain does not change the effort. */
  structured: boolean;
}

export interface IntervalSession {
  name: string;
  blocks: Block[];
}

interface SetShape {
  name: (reps: number) => string;
  reps: number;
  /** Work/rest pattern of one repetition: [seconds, fraction of FTP] (the fraction jittered a little). */
  work: readonly (readonly [number, number])[];
  rest: number;
}

const SETS: readonly SetShape[] = [
  { name: (r) => `${r}x8 threshold`, reps: 4, work: [[480, 1.01]], rest: 240 },
  { name: (r) => `VO2 ${r}x5`, reps: 5, work: [[300, 1.14]], rest: 300 },
  { name: (r) => `Sweet spot ${r}x15`, reps: 3, work: [[900, 0.9]], rest: 300 },
  { name: (r) => `${r}x20 at FTP`, reps: 2, work: [[1200, 0.98]], rest: 420 },
  { name: (r) => `${r}x1 min hard`, reps: 10, work: [[60, 1.4]], rest: 60 },
  { name: (r) => `30/30s x${r}`, reps: 12, work: [[30, 1.5]], rest: 30 },
  {
    name: (r) => `Over-unders ${r}x9`,
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

const WARM_UP = 900;
const COOL_DOWN = 600;

/** The session of an interval day; the same seed and length always give the same session. */
export const intervalSession = (seed: number, movingSeconds: number): IntervalSession => {
  const random = createRandom(hashSeed(seed, 0x1a7));
  const shape = random.pick(SETS);
  const repLength = shape.work.reduce((sum, [seconds]) => sum + seconds, 0);
  const available = Math.max(repLength, movingSeconds - WARM_UP - COOL_DOWN);
  const reps = Math.max(
    1,
    Math.min(shape.reps, Math.floor((available + shape.rest) / (repLength + shape.rest))),
  );
  const strength = random.range(-0.03, 0.03);
  const blocks: Block[] = [];
  let t = 0;
  const add = (seconds: number, from: number, to: number, structured: boolean) => {
    blocks.push({ start: t, end: t + seconds, from, to, structured });
    t += seconds;
  };
  add(WARM_UP, 0.5, 0.72, false);
  for (let rep = 0; rep < reps; rep += 1) {
    for (const [seconds, fraction] of shape.work) {
      const level = fraction + strength + random.range(-0.015, 0.015);
      add(seconds, level, level, true);
    }
    if (rep < reps - 1) add(shape.rest, 0.5, 0.5, true);
  }
  const filler = movingSeconds - t - COOL_DOWN;
  if (filler > 0) add(filler, 0.64, 0.64, false);
  add(Math.max(COOL_DOWN, movingSeconds - t), 0.55, 0.45, false);
  return { name: shape.name(reps), blocks };
};
