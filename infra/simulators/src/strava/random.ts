// Deterministic pseudo-random numbers: the same seed always yields the same demo data.

// Math captured once: a global lookup per call is slow where jest runs tests (a vm context).
const { PI, cos, floor, imul, log, round: mathRound, sin, sqrt, trunc } = Math;

/** Mixes integers into one 32-bit seed (a murmur3-style finaliser over each part). */
export const hashSeed = (...parts: number[]): number => {
  let h = 0x9e3779b9;

  for (const part of parts) {
    let k = imul(trunc(part) | 0, 0xcc9e2d51);
    k = (k << 15) | (k >>> 17);
    k = imul(k, 0x1b873593);
    h ^= k;
    h = (h << 13) | (h >>> 19);
    h = (imul(h, 5) + 0xe6546b64) | 0;
    // parts above 32 bits (activity ids) contribute their high half too
    const high = floor(part / 0x100000000);
    if (high !== 0) h ^= imul(high, 0x85ebca6b);
  }
  h ^= h >>> 16;
  h = imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
};

export interface Random {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform in [min, max). */
  range(min: number, max: number): number;
  /** Integer in [min, max] (both included). */
  int(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** Picks by weight: `[[weight, value], ...]`. */
  weighted<T>(choices: readonly (readonly [number, T])[]): T;
  /** Normal distribution (Box-Muller). */
  normal(mean: number, sd: number): number;
}

/** sfc32, seeded through splitmix32: fast, small state, good statistical quality. */
export const createRandom = (seed: number): Random => {
  let s = seed >>> 0;
  const splitmix = () => {
    s = (s + 0x9e3779b9) | 0;
    let z = s;
    z = imul(z ^ (z >>> 16), 0x85ebca6b);
    z = imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
  let a = splitmix();
  let b = splitmix();
  let c = splitmix();
  let d = splitmix();
  const next = () => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    let t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    t = (t + d) | 0;
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  for (let i = 0; i < 12; i += 1) next();
  let spare: number | null = null;
  const random: Random = {
    next,
    range: (min, max) => min + (max - min) * next(),
    int: (min, max) => min + floor(next() * (max - min + 1)),
    chance: (probability) => next() < probability,
    pick: (items) => items[floor(next() * items.length)]!,
    weighted: (choices) => {
      const total = choices.reduce((sum, [weight]) => sum + weight, 0);
      let roll = next() * total;
      for (const [weight, value] of choices) {
        roll -= weight;
        if (roll < 0) return value;
      }
      return choices[choices.length - 1]![1];
    },
    normal: (mean, sd) => {
      if (spare !== null) {
        const value = spare;
        spare = null;
        return mean + sd * value;
      }
      let u = 0;
      while (u === 0) u = next();
      const v = next();
      const radius = sqrt(-2 * log(u));
      spare = radius * sin(2 * PI * v);
      return mean + sd * radius * cos(2 * PI * v);
    },
  };
  return random;
};

export const clamp = (value: number, min: number, max: number): number =>
  value < min ? min : value > max ? max : value;

/** Rounds to `digits` decimals. */
export const round = (value: number, digits = 0): number => {
  const factor = 10 ** digits;
  return mathRound(value * factor) / factor;
};
