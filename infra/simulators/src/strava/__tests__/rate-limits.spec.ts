import { describe, expect, it } from '@jest/globals';
import { DEFAULT_RATE_LIMITS, RateLimiter } from '../rate-limits.js';

const at = (iso: string) => Date.parse(iso) / 1000;

describe('RateLimiter (Strava’s 15-minute and daily windows)', () => {
  it('defaults to 200/2,000 overall and 100/1,000 read', () => {
    expect(DEFAULT_RATE_LIMITS).toEqual({
      overall15m: 200,
      overallDaily: 2000,
      read15m: 100,
      readDaily: 1000,
    });
  });

  it('reports limits and usage as "15-minute,daily" headers', () => {
    const limiter = new RateLimiter(DEFAULT_RATE_LIMITS);
    const now = at('2025-06-18T10:03:00Z');
    for (let i = 0; i < 3; i += 1) limiter.count('app', now, true);
    expect(limiter.headers('app', now)).toEqual({
      'X-RateLimit-Limit': '200,2000',
      'X-RateLimit-Usage': '3,3',
      'X-ReadRateLimit-Limit': '100,1000',
      'X-ReadRateLimit-Usage': '3,3',
    });
  });

  it('refuses the request past a limit, and refused requests still count', () => {
    const limiter = new RateLimiter({ overall15m: 5, overallDaily: 100, read15m: 3, readDaily: 100 });
    const now = at('2025-06-18T10:03:00Z');
    expect([1, 2, 3].map(() => limiter.count('app', now, true))).toEqual([false, false, false]);
    expect(limiter.count('app', now, true)).toBe(true); // 4th read > 3
    expect(limiter.usage('app', now)).toEqual({ overall15m: 4, overallDaily: 4, read15m: 4, readDaily: 4 });
    // a non-read request is only held to the overall limit
    expect(limiter.count('app', now, false)).toBe(false);
    expect(limiter.count('app', now, false)).toBe(true); // 6th overall > 5
  });

  it('resets the short window at :00/:15/:30/:45 and the daily one at midnight UTC', () => {
    const limiter = new RateLimiter({ overall15m: 2, overallDaily: 5, read15m: 2, readDaily: 5 });
    limiter.count('app', at('2025-06-18T23:44:10Z'), true);
    limiter.count('app', at('2025-06-18T23:44:59Z'), true);
    expect(limiter.count('app', at('2025-06-18T23:44:59Z'), true)).toBe(true);
    // 23:45 starts a new quarter; the daily count carries on (3 so far)
    expect(limiter.usage('app', at('2025-06-18T23:45:00Z'))).toEqual({
      overall15m: 0,
      overallDaily: 3,
      read15m: 0,
      readDaily: 3,
    });
    expect(limiter.count('app', at('2025-06-18T23:45:01Z'), true)).toBe(false);
    expect(limiter.count('app', at('2025-06-18T23:46:00Z'), true)).toBe(false);
    expect(limiter.count('app', at('2025-06-18T23:59:00Z'), true)).toBe(true); // daily 6 > 5
    // midnight UTC empties both
    expect(limiter.count('app', at('2025-06-19T00:00:00Z'), true)).toBe(false);
    expect(limiter.usage('app', at('2025-06-19T00:00:01Z'))).toEqual({
      overall15m: 1,
      overallDaily: 1,
      read15m: 1,
      readDaily: 1,
    });
  });

  it('keeps applications apart, and reset() empties every window', () => {
    const limiter = new RateLimiter({ overall15m: 1, overallDaily: 10, read15m: 1, readDaily: 10 });
    const now = at('2025-06-18T10:00:00Z');
    limiter.count('a', now, true);
    expect(limiter.count('b', now, true)).toBe(false);
    expect(limiter.count('a', now, true)).toBe(true);
    limiter.reset();
    expect(limiter.count('a', now, true)).toBe(false);
  });

  it('accepts only positive whole limits', () => {
    const limiter = new RateLimiter(DEFAULT_RATE_LIMITS);
    expect(() => limiter.setLimits({ read15m: 0 })).toThrow('read15m');
    expect(() => limiter.setLimits({ overallDaily: 1.5 })).toThrow('overallDaily');
    limiter.setLimits({ read15m: 600 });
    expect(limiter.current().read15m).toBe(600);
  });
});
