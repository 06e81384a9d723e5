import { describe, expect, it } from '@jest/globals';
import type { TrainingLoadDayDto } from '@domestique/proto';
import { addDays, loadRangeDates } from './load-ranges';
import { dateTickSpec, hasLoad, loadSummary, signed } from './load-series';

const day = (i: number, ctl: number, atl: number, tsb: number, load = 0): TrainingLoadDayDto => ({
  date: addDays('2026-01-01', i),
  load,
  estimated: false,
  ctl,
  atl,
  tsb,
});

describe('the load series', () => {
  it('reads today, its form band and the ramp rate over the last 7 days', () => {
    const days = Array.from({ length: 10 }, (_, i) => day(i, 40 + i, 50 + 2 * i, -12 - i, 80));
    expect(loadSummary(days)).toEqual({
      date: '2026-01-10',
      ctl: 49,
      atl: 68,
      tsb: -21,
      band: 'optimal',
      rampRate: 7,
    });
  });

  it('has no ramp rate under 8 days and no summary without days', () => {
    expect(loadSummary([day(0, 1, 1, 0)])?.rampRate).toBeNull();
    expect(loadSummary([])).toBeNull();
  });

  it('knows a range without any ride', () => {
    expect(hasLoad([day(0, 0, 0, 0), day(1, 0, 0, 0)])).toBe(false);
    expect(hasLoad([day(0, 0, 0, 0), day(1, 0.3, 2, 0, 14)])).toBe(true);
  });

  it('picks ranges ending today, whole days, both included', () => {
    expect(loadRangeDates('6w', '2026-03-01')).toEqual({ from: '2026-01-19', to: '2026-03-01' });
    expect(loadRangeDates('1y', '2026-03-01')).toEqual({ from: '2025-03-02', to: '2026-03-01' });
    expect(loadRangeDates('all', '2026-03-01')).toEqual({ to: '2026-03-01' });
  });

  it('spaces date ticks by the span, fewer on a phone', () => {
    expect(dateTickSpec(42, false)).toBe('every week');
    expect(dateTickSpec(42, true)).toBe('every 2 weeks');
    expect(dateTickSpec(365, false)).toBe('every 2 months');
    expect(dateTickSpec(3000, false)).toBe('every year');
  });

  it('signs form and ramp figures', () => {
    expect(signed(12.4)).toBe('+12');
    expect(signed(-0.4)).toBe('0');
    expect(signed(-3.25, 1)).toBe('-3.3');
  });
});
