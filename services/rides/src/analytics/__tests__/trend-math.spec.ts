import { describe, expect, it } from '@jest/globals';
import { improvements, percentChange, statTrend, trendPoints, type WeekTrendSums } from '../trend-math.js';

/** A week built from rides given as { t: moving seconds, p: watts, hr: bpm, c: rpm }. */
const week = (label: string, rides: { t: number; p?: number; hr?: number; c?: number }[]): WeekTrendSums => {
  const sums: WeekTrendSums = {
    week: label,
    powerTime: 0,
    powerSum: 0,
    heartRateTime: 0,
    heartRateSum: 0,
    cadenceTime: 0,
    cadenceSum: 0,
    cadenceSquares: 0,
    pairedPowerSum: 0,
    pairedHeartRateSum: 0,
  };
  for (const ride of rides) {
    if (ride.p) {
      sums.powerTime += ride.t;
      sums.powerSum += ride.p * ride.t;
    }
    if (ride.hr) {
      sums.heartRateTime += ride.t;
      sums.heartRateSum += ride.hr * ride.t;
    }
    if (ride.c) {
      sums.cadenceTime += ride.t;
      sums.cadenceSum += ride.c * ride.t;
      sums.cadenceSquares += ride.c * ride.c * ride.t;
    }
    if (ride.p && ride.hr) {
      sums.pairedPowerSum += ride.p * ride.t;
      sums.pairedHeartRateSum += ride.hr * ride.t;
    }
  }
  return sums;
};

const empty = (label: string) => week(label, []);
const twelve = (first: WeekTrendSums[], last: WeekTrendSums[]): WeekTrendSums[] => [
  ...first,
  ...Array.from({ length: 12 - first.length - last.length }, (_, i) => empty(`mid-${i}`)),
  ...last,
];

describe('trend points', () => {
  it('weights by moving time and leaves weeks without data null, not zero', () => {
    const points = trendPoints([
      week('2026-01-05', [
        { t: 3600, p: 200, hr: 140, c: 90 },
        { t: 1800, p: 260 },
      ]),
      empty('2026-01-12'),
    ]);
    expect(points).toEqual([
      { date: '2026-01-05', power: 220, heartRate: 140, cadence: 90 },
      { date: '2026-01-12', power: null, heartRate: null, cadence: null },
    ]);
  });
});

describe('improvements', () => {
  it('compares the last four weeks of the window with the first four', () => {
    const first = ['w1', 'w2', 'w3', 'w4'].map((w) => week(w, [{ t: 3600, p: 200, hr: 150 }]));
    const last = ['w9', 'w10', 'w11', 'w12'].map((w) => week(w, [{ t: 3600, p: 220, hr: 150 }]));
    const result = improvements(twelve(first, last));
    expect(result.powerImprovement).toBe(10);
    // 200/150 -> 220/150 watts per beat: +10%
    expect(result.heartRateEfficiency).toBe(10);
    expect(result.cadenceConsistency).toBeNull(); // no cadence at all
  });

  it('measures efficiency as watts per beat, only over rides that recorded both', () => {
    const first = [
      week('w1', [
        { t: 3600, p: 180, hr: 150 },
        { t: 3600, hr: 170 }, // no power: not part of the efficiency
      ]),
    ];
    const last = [week('w12', [{ t: 3600, p: 180, hr: 135 }])];
    const result = improvements(twelve(first, last));
    expect(result.powerImprovement).toBe(0);
    // 180/150 = 1.2 W/bpm -> 180/135 = 1.333: +11.1%
    expect(result.heartRateEfficiency).toBe(11.1);
  });

  it('scores cadence consistency as the fall of the coefficient of variation', () => {
    // first block: rides at 80 and 100 rpm, equal time: mean 90, sd 10, CV 0.1111
    // last block: rides at 85 and 95 rpm: mean 90, sd 5, CV 0.0556 -> half the spread: +50%
    const first = [week('w1', [{ t: 3600, c: 80 }]), week('w2', [{ t: 3600, c: 100 }])];
    const last = [week('w11', [{ t: 3600, c: 85 }]), week('w12', [{ t: 3600, c: 95 }])];
    expect(improvements(twelve(first, last)).cadenceConsistency).toBe(50);
    // and the other way round: a wider spread is a negative consistency
    expect(improvements(twelve(last, first)).cadenceConsistency).toBe(-100);
  });

  it('is null when either block has no data (never a fake 0% or infinity)', () => {
    const onlyLast = twelve([], [week('w12', [{ t: 3600, p: 250, hr: 150, c: 90 }])]);
    expect(improvements(onlyLast)).toEqual({
      powerImprovement: null,
      heartRateEfficiency: null,
      cadenceConsistency: null,
    });
    // a perfectly even first block has no variation to improve on
    const even = twelve([week('w1', [{ t: 3600, c: 90 }])], [week('w12', [{ t: 3600, c: 90 }])]);
    expect(improvements(even).cadenceConsistency).toBeNull();
  });

  it('falls when power falls', () => {
    const first = [week('w1', [{ t: 7200, p: 250 }])];
    const last = [week('w12', [{ t: 3600, p: 200 }])];
    expect(improvements(twelve(first, last)).powerImprovement).toBe(-20);
  });
});

describe('stat trends', () => {
  it('is the whole-percent change, null without an earlier value', () => {
    expect(statTrend(10, 12)).toBe(20);
    expect(statTrend(12, 9)).toBe(-25);
    expect(statTrend(3, 3)).toBe(0);
    expect(statTrend(0, 5)).toBeNull();
    expect(percentChange(null, 5)).toBeNull();
  });
});
