import { describe, expect, it } from '@jest/globals';
import { curveDomain, curvePeriods, curveTickLabel, curveTicks } from './power-axis';

describe('the power curve axis', () => {
  it('ticks 5 s, 1, 5 and 20 min and 1 h over 1 s to 5 h', () => {
    const domain = curveDomain([1, 2, 5, 60, 300, 1200, 3600, 18000]);
    expect(domain).toEqual([1, 18000]);
    expect(curveTicks(domain).map(curveTickLabel)).toEqual(['5s', '1m', '5m', '20m', '1h']);
  });

  it('ticks only the durations a short curve reaches', () => {
    expect(curveTicks(curveDomain([1, 30, 300, 600]))).toEqual([5, 60, 300]);
  });

  it('never spans beyond 1 s to 5 h nor collapses to a point', () => {
    expect(curveDomain([0.5, 36000])).toEqual([1, 18000]);
    expect(curveDomain([60])).toEqual([60, 600]);
    expect(curveDomain([])).toEqual([1, 18000]);
  });

  it('labels hours and minutes', () => {
    expect(curveTickLabel(5400)).toBe('1h 30m');
    expect(curveTickLabel(18000)).toBe('5h');
  });
});

describe('the compared periods', () => {
  it('puts the last 90 days against the same days a year before', () => {
    expect(curvePeriods('90d', 'year-before', '2026-11-27')).toEqual({
      current: { from: '2026-08-30', to: '2026-11-27' },
      compared: { from: '2025-08-30', to: '2025-11-27' },
    });
  });

  it('puts a period against the one just before it', () => {
    expect(curvePeriods('42d', 'previous', '2026-03-01')).toEqual({
      current: { from: '2026-01-19', to: '2026-03-01' },
      compared: { from: '2025-12-08', to: '2026-01-18' },
    });
  });

  it('keeps a year back on a real day after a leap day, and compares nothing when asked', () => {
    expect(curvePeriods('1y', 'year-before', '2028-02-29').compared).toEqual({
      from: '2026-03-02',
      to: '2027-02-28',
    });
    expect(curvePeriods('90d', 'none', '2026-11-27').compared).toBeNull();
  });
});
