import { describe, expect, it } from '@jest/globals';
import { POWER_CURVE_SECONDS } from '@domestique/proto';
import { bestCurve, powerCurve } from '../power-curve.js';

const watts = (...parts: [number, number][]) =>
  Float64Array.from(parts.flatMap(([value, seconds]) => Array.from({ length: seconds }, () => value)));

describe('powerCurve', () => {
  it('answers the best mean at every standard duration up to the ride length', () => {
    // 10 min at 200 W, a 20 s sprint at 800 W, 5 min at 300 W, 10 min at 150 W
    const ride = watts([200, 600], [800, 20], [300, 300], [150, 600]);
    const curve = powerCurve(ride);
    const at = (seconds: number) => curve.find((point) => point.durationSeconds === seconds)?.watts;
    expect(curve.map((point) => point.durationSeconds)).toEqual(
      POWER_CURVE_SECONDS.filter((seconds) => seconds <= ride.length),
    );
    expect(at(1)).toBe(800);
    expect(at(20)).toBe(800);
    expect(at(30)).toBeCloseTo((800 * 20 + 300 * 10) / 30, 9);
    expect(at(300)).toBeCloseTo((800 * 20 + 300 * 280) / 300, 9);
    // from the start: all the 200 W block beats any share of the 150 W one
    expect(at(1200)).toBeCloseTo((200 * 600 + 800 * 20 + 300 * 300 + 150 * 280) / 1200, 9);
  });

  it('never rises from a duration to a multiple of it (such a window splits into shorter ones)', () => {
    const ride = Float64Array.from({ length: 7_200 }, (_, t) => 200 + 150 * Math.sin(t / 37) ** 3);
    const curve = powerCurve(ride);
    let pairs = 0;
    for (const short of curve)
      for (const long of curve)
        if (
          long.durationSeconds > short.durationSeconds &&
          long.durationSeconds % short.durationSeconds === 0
        ) {
          expect(long.watts).toBeLessThanOrEqual(short.watts + 1e-9);
          pairs += 1;
        }
    expect(pairs).toBeGreaterThan(50);
  });

  it('answers nothing for an empty ride and stops at a short ride', () => {
    expect(powerCurve(new Float64Array(0))).toEqual([]);
    expect(powerCurve(watts([250, 14])).map((point) => point.durationSeconds)).toEqual([1, 2, 5, 10]);
  });
});

describe('bestCurve', () => {
  const early = new Date('2026-03-01T08:00:00Z');
  const late = new Date('2026-04-01T08:00:00Z');

  it('takes the best of every duration with the ride that set it, the earlier on a tie', () => {
    const best = bestCurve([
      {
        rideId: 'late',
        startDate: late,
        points: [
          { durationSeconds: 5, watts: 900 },
          { durationSeconds: 60, watts: 400 },
          { durationSeconds: 3600, watts: 250 },
        ],
      },
      {
        rideId: 'early',
        startDate: early,
        points: [
          { durationSeconds: 5, watts: 950 },
          { durationSeconds: 60, watts: 400 },
        ],
      },
    ]);
    expect(best).toEqual([
      { durationSeconds: 5, watts: 950, rideId: 'early', startDate: early.toISOString() },
      { durationSeconds: 60, watts: 400, rideId: 'early', startDate: early.toISOString() },
      { durationSeconds: 3600, watts: 250, rideId: 'late', startDate: late.toISOString() },
    ]);
  });

  it('answers nothing without curves', () => {
    expect(bestCurve([])).toEqual([]);
  });
});
