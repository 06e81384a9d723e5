import { describe, expect, it } from '@jest/globals';
import { POWER_CURVE_SECONDS } from '@domestique/proto';
import { criticalPowerModel, mergeCurves } from '../rider-curve.js';

describe('critical-power model', () => {
  it("recovers CP and W' from a curve that follows the model", () => {
    const cp = 265;
    const wPrime = 18_500;
    const points = POWER_CURVE_SECONDS.map((durationS) => ({ durationS, watts: cp + wPrime / durationS }));
    const model = criticalPowerModel(points);
    expect(model).toEqual({
      cp,
      wPrime,
      ftpEstimate: cp,
      fittedFrom: [180, 300, 480, 600, 720, 900, 1200],
    });
  });

  it('is null with fewer than three 3-20 minute bests or an unphysiological fit', () => {
    expect(
      criticalPowerModel([
        { durationS: 180, watts: 400 },
        { durationS: 300, watts: 350 },
      ]),
    ).toBeNull();
    const flatThenRising = [180, 300, 600].map((durationS) => ({ durationS, watts: 100 + durationS / 10 }));
    expect(criticalPowerModel(flatThenRising)).toBeNull();
  });
});

describe('merging ride curves', () => {
  const durations = [1, 5, 60];
  it('keeps the best at each duration with its ride, the earlier ride on a tie', () => {
    const a = { rideId: 'a', startDate: new Date('2026-01-02'), watts: [900, 700, 400] };
    const b = { rideId: 'b', startDate: new Date('2026-01-01'), watts: [950, 700] };
    const c = { rideId: 'c', startDate: new Date('2026-01-03'), watts: [800, 600, 420] };
    const merged = mergeCurves([a, b, c], durations);
    expect(merged.map((p) => [p.durationS, p.watts, p.rideId])).toEqual([
      [1, 950, 'b'],
      [5, 700, 'b'],
      [60, 420, 'c'],
    ]);
  });

  it('has only the durations some ride reached', () => {
    expect(mergeCurves([{ rideId: 'a', startDate: new Date(), watts: [500] }], durations)).toHaveLength(1);
    expect(mergeCurves([], durations)).toEqual([]);
  });
});
