import { describe, expect, it } from '@jest/globals';
import { normalizedPower } from '@domestique/proto';
import { indexRange, nearestIndex, perSecond, rangeAverages } from './series';

/** NP the slow way: every 30 s window's mean, 4th power, mean, 4th root. */
const naiveNp = (watts: number[]): number => {
  const windows: number[] = [];
  for (let end = 30; end <= watts.length; end += 1)
    windows.push(watts.slice(end - 30, end).reduce((a, b) => a + b, 0) / 30);
  return (windows.reduce((sum, w) => sum + w ** 4, 0) / windows.length) ** 0.25;
};

describe('nearestIndex', () => {
  const axis = [0, 1, 2, 5, 10, 10, 20];
  it('finds the nearest sample, the earlier one on a tie', () => {
    expect(nearestIndex(axis, -3)).toBe(0);
    expect(nearestIndex(axis, 3.4)).toBe(2);
    expect(nearestIndex(axis, 3.6)).toBe(3);
    expect(nearestIndex(axis, 3.5)).toBe(2);
    expect(nearestIndex(axis, 14)).toBe(5); // the later of two equal samples: the one beside 20
    expect(nearestIndex(axis, 99)).toBe(6);
    expect(nearestIndex([], 1)).toBe(-1);
  });
  it('keeps the samples within a range', () => {
    expect(indexRange(axis, 1.5, 10)).toEqual([2, 5]);
    expect(indexRange(axis, 0, 20)).toEqual([0, 6]);
  });
});

describe("normalizedPower (proto's, the server's too)", () => {
  it('is the power itself when it is steady, and null under 30 s', () => {
    expect(normalizedPower(new Float64Array(120).fill(200))).toBeCloseTo(200, 9);
    expect(normalizedPower(new Float64Array(29).fill(200))).toBeNull();
  });
  it('matches the definition on a surging effort, above its average', () => {
    const watts = Array.from({ length: 600 }, (_, i) => (Math.floor(i / 45) % 2 === 0 ? 380 : 90) + (i % 7));
    const np = normalizedPower(Float64Array.from(watts))!;
    expect(np).toBeCloseTo(naiveNp(watts), 6);
    expect(np).toBeGreaterThan(watts.reduce((a, b) => a + b, 0) / watts.length + 20);
  });
});

describe('perSecond', () => {
  it('holds each sample until the next, so reduced series weigh by time', () => {
    expect(Array.from(perSecond([0, 2, 5], [10, 20, 30], 0, 6))).toEqual([10, 10, 20, 20, 20, 30, 30]);
    expect(Array.from(perSecond([0, 2, 5], [10, 20, 30], 3, 5))).toEqual([20, 20, 30]);
  });
});

describe('rangeAverages', () => {
  const time = Array.from({ length: 3600 }, (_, i) => i);
  const power = time.map((t) => (t < 1800 ? 150 : 300));
  const heartRate = time.map((t) => (t % 100 === 0 ? 0 : t < 1800 ? 130 : 160));
  const cadence = time.map((t) => (t >= 1000 && t < 1100 ? 0 : 90));
  const full = { time, power, heartRate, cadence };

  it('averages the range only, skipping heart-rate dropouts and coasting', () => {
    const second = rangeAverages(full, 1800, 3599);
    expect(second.averagePower).toBe(300);
    expect(second.normalizedPower).toBeCloseTo(300, 9);
    expect(second.averageHeartRate).toBe(160);
    expect(second.averageCadence).toBe(90);
    expect(second.seconds).toBe(1799);
    const across = rangeAverages(full, 1700, 1899);
    expect(across.averagePower).toBeCloseTo((100 * 150 + 100 * 300) / 200, 6);
    expect(across.normalizedPower).toBeCloseTo(naiveNp(power.slice(1700, 1900)), 6);
  });

  it('gives the same answer from a reduced series of a step effort', () => {
    // the samples a reduction keeps at the steps: one every 60 s and both sides of each change
    const kept = time.filter((t) => t % 60 === 0 || t === 1799 || t === 3599);
    const reduced = {
      time: kept,
      power: kept.map((t) => power[t]!),
      heartRate: null,
      cadence: kept.map((t) => cadence[t]!),
    };
    expect(rangeAverages(reduced, 0, 3599).averagePower).toBeCloseTo(
      rangeAverages(full, 0, 3599).averagePower!,
      6,
    );
  });

  it('has no power figures without a power channel', () => {
    const none = rangeAverages({ time, power: null, heartRate: null, cadence: null }, 0, 100);
    expect(none).toMatchObject({ averagePower: null, normalizedPower: null, averageHeartRate: null });
  });
});
