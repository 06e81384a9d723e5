import { describe, expect, it } from '@jest/globals';
import { hasRiddenWeeks, hasValues } from './weekly-series';

const week = (value: number | null) => ({ week: '2026-03-02', value });

describe('weekly series', () => {
  it('has values when one week has one, 0 included', () => {
    expect(hasValues({ values: [week(null), week(0)] })).toBe(true);
    expect(hasValues({ values: [week(null), week(null)] })).toBe(false);
    expect(hasValues({ values: [] })).toBe(false);
  });

  it('has ridden weeks when one week has a ride', () => {
    expect(hasRiddenWeeks([{ rides: 0 }, { rides: 1 }])).toBe(true);
    expect(hasRiddenWeeks([{ rides: 0 }, { rides: 0 }])).toBe(false);
    expect(hasRiddenWeeks([])).toBe(false);
  });
});
