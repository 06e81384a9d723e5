import { describe, expect, it } from '@jest/globals';
import { downsampleIndices, indexOfMax, pick } from '../lttb.js';

/** A deterministic pseudo-random sequence (mulberry32). */
const random = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

const ride = (seconds: number, seed = 1) => {
  const next = random(seed);
  const time = Array.from({ length: seconds }, (_, i) => i);
  const power = time.map((t) => 180 + 40 * Math.sin(t / 300) + 30 * next());
  const heartRate = time.map((t) => 130 + 15 * Math.sin(t / 500) + 3 * next());
  return { time, power, heartRate };
};

describe('downsampleIndices (largest triangle three buckets over several channels)', () => {
  it('answers exactly the target, ascending, with the first and last samples', () => {
    const { time, power, heartRate } = ride(14_400);
    for (const target of [3, 10, 999, 1500]) {
      const kept = downsampleIndices(time, [power, heartRate], { target });
      expect(kept).toHaveLength(target);
      expect(kept[0]).toBe(0);
      expect(kept.at(-1)).toBe(time.length - 1);
      for (let i = 1; i < kept.length; i += 1) expect(kept[i]!).toBeGreaterThan(kept[i - 1]!);
    }
  });

  it('leaves small inputs untouched', () => {
    const { time, power } = ride(800);
    expect(downsampleIndices(time, [power], { target: 800 })).toEqual(time);
    expect(downsampleIndices(time, [power], { target: 1500 })).toEqual(time);
    expect(downsampleIndices([], [[]], { target: 10 })).toEqual([]);
    expect(downsampleIndices([0, 1], [[5, 6]], { target: 1 })).toEqual([0, 1]);
  });

  it('keeps the peaks: a one-second sprint and a heart-rate spike survive a 10x reduction', () => {
    const { time, power, heartRate } = ride(14_400, 3);
    power[7_777] = 1_200;
    heartRate[3_333] = 199;
    const kept = downsampleIndices(time, [power, heartRate], { target: 1_440 });
    expect(kept).toContain(7_777);
    expect(kept).toContain(3_333);
    expect(Math.max(...pick(power, kept))).toBe(1_200);
    // and a plain dip too (a stop), which an average-per-bucket reduction would lose
    power[9_001] = 0;
    expect(downsampleIndices(time, [power, heartRate], { target: 1_440 })).toContain(9_001);
  });

  it('always keeps the samples it is told to, the first of two in one bucket winning', () => {
    const time = Array.from({ length: 1_000 }, (_, i) => i);
    const flat = time.map(() => 100);
    const kept = downsampleIndices(time, [flat], { target: 50, keep: [500, 501, 250] });
    expect(kept).toContain(500);
    expect(kept).not.toContain(501);
    expect(kept).toContain(250);
    expect(kept).toHaveLength(50);
  });

  it('one index set for every channel, so the series stay aligned on the same times', () => {
    const { time, power, heartRate } = ride(5_000, 9);
    const kept = downsampleIndices(time, [power, heartRate], { target: 500 });
    const times = pick(time, kept);
    const watts = pick(power, kept);
    const beats = pick(heartRate, kept);
    kept.forEach((index, i) => {
      expect(times[i]).toBe(time[index]);
      expect(watts[i]).toBe(power[index]);
      expect(beats[i]).toBe(heartRate[index]);
    });
  });

  it('weighs every channel on its own scale: a heart-rate feature is kept beside large watts', () => {
    const time = Array.from({ length: 3_000 }, (_, i) => i);
    const power = time.map((t) => (t % 2 === 0 ? 150 : 450));
    const heartRate = time.map((t) => (t >= 2_000 && t < 2_003 ? 180 : 120));
    const kept = downsampleIndices(time, [power, heartRate], { target: 300 });
    expect(kept.some((index) => index >= 2_000 && index < 2_003)).toBe(true);
  });

  it('ignores a channel of another length instead of reading past it', () => {
    const { time, power } = ride(2_000);
    expect(downsampleIndices(time, [power, [1, 2, 3]], { target: 100 })).toEqual(
      downsampleIndices(time, [power], { target: 100 }),
    );
  });
});

describe('indexOfMax', () => {
  it('answers the first largest value, -1 when empty', () => {
    expect(indexOfMax([1, 5, 3, 5])).toBe(1);
    expect(indexOfMax([])).toBe(-1);
  });
});
