import { describe, expect, it } from '@jest/globals';
import { monthlyLimitFor, monthOf } from '../monthly-analysis-quota.js';

describe('monthly analysis quota', () => {
  it('counts calendar months in UTC', () => {
    expect(monthOf(new Date('2026-01-31T23:59:59Z'))).toBe('2026-01-01');
    expect(monthOf(new Date('2026-02-01T00:00:00Z'))).toBe('2026-02-01');
    expect(monthOf(new Date('2026-12-31T23:30:00-05:00'))).toBe('2027-01-01');
  });

  it.each([
    [0, { hasLimit: true, used: 0, limit: 5, remaining: 5, limitReached: false }],
    [4, { hasLimit: true, used: 4, limit: 5, remaining: 1, limitReached: false }],
    [5, { hasLimit: true, used: 5, limit: 5, remaining: 0, limitReached: true }],
    [7, { hasLimit: true, used: 7, limit: 5, remaining: 0, limitReached: true }],
  ])('free rider with %i used', (used, expected) => {
    expect(monthlyLimitFor('free', used, 5)).toEqual(expected);
  });

  it('gives paid plans no limit', () => {
    expect(monthlyLimitFor('pro', 40, 5)).toEqual({
      hasLimit: false,
      used: 40,
      limit: null,
      remaining: null,
      limitReached: false,
    });
    expect(monthlyLimitFor('elite', 0, 5).hasLimit).toBe(false);
  });
});
