import { describe, expect, it } from '@jest/globals';
import { fractionOf, linePath, niceTicks, timeTicks, valueAt, yRange } from './chart-geometry';

describe('chart geometry', () => {
  it('maps x values to the visible domain and back', () => {
    const domain = { from: 100, to: 300 };
    expect(fractionOf(domain, 150)).toBe(0.25);
    expect(valueAt(domain, 0.25)).toBe(150);
    expect(valueAt(domain, 2)).toBe(300);
  });

  it('draws samples into the 1000 x 100 box, low values at the bottom', () => {
    expect(linePath([0, 5, 10], [0, 50, 100], 0, 2, { from: 0, to: 10 }, [0, 100])).toBe(
      'M0.0 100.0L500.0 50.0L1000.0 0.0',
    );
    expect(linePath([0, 5, 10], [0, 50, 100], 1, 2, { from: 5, to: 10 }, [50, 100])).toBe(
      'M0.0 100.0L1000.0 0.0',
    );
  });

  it('pads the y range and starts amounts at zero', () => {
    expect(yRange([100, 200], 0, 1, true)).toEqual([0, 210]);
    const [low, high] = yRange([100, 200], 0, 1, false);
    expect(low).toBe(95);
    expect(high).toBe(205);
    expect(yRange([5, 5], 0, 1, false)).toEqual([4.95, 5.05]);
  });

  it('picks round ticks', () => {
    expect(niceTicks(0, 24.85, 5)).toEqual([0, 5, 10, 15, 20]);
    expect(niceTicks(1.2, 2.1, 4)).toEqual([1.25, 1.5, 1.75, 2]);
    expect(timeTicks(0, 14400, 5)).toEqual([0, 3600, 7200, 10800, 14400]);
    expect(timeTicks(610, 1500, 5)).toEqual([900, 1200, 1500]);
  });
});
