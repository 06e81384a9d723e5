import { describe, expect, it } from '@jest/globals';
import {
  DAY_MS,
  parsePair,
  readRateHeaders,
  waitAfterTooManyRequests,
  waitBeforeRequest,
  WEBHOOK_ATHLETE_MAX_READS,
  WEBHOOK_READ_RESERVE,
  webhookReadCap,
  windowsAt,
  type RateLimits,
} from '../rate-limit.js';

const QUARTER = 15 * 60 * 1000;
const limits: RateLimits = { overall: { short: 200, long: 2000 }, read: { short: 100, long: 1000 } };
// 2026-03-10 10:07:30 UTC: 7.5 minutes into the 10:00 window, 10h07m30s into the day
const now = Date.UTC(2026, 2, 10, 10, 7, 30);
const usage = (overall: [number, number], read: [number, number]) => ({
  overall: { short: overall[0], long: overall[1] },
  read: { short: read[0], long: read[1] },
});

describe("Strava's rate-limit headers", () => {
  it('parses "short,long" pairs and ignores malformed ones', () => {
    expect(parsePair('200,2000')).toEqual({ short: 200, long: 2000 });
    expect(parsePair(' 7 , 85 ')).toEqual({ short: 7, long: 85 });
    expect(parsePair('200')).toBeNull();
    expect(parsePair(null)).toBeNull();
  });

  it('reads limits and usage, overall and read', () => {
    const headers = new Headers({
      'X-RateLimit-Limit': '200,2000',
      'X-RateLimit-Usage': '12,340',
      'X-ReadRateLimit-Limit': '100,1000',
      'X-ReadRateLimit-Usage': '11,300',
    });
    expect(readRateHeaders(headers)).toEqual({
      limits,
      usage: usage([12, 340], [11, 300]),
    });
    expect(readRateHeaders(new Headers())).toEqual({ limits: {}, usage: {} });
  });
});

describe('windows', () => {
  it('align to the quarter hour and to midnight UTC', () => {
    expect(windowsAt(now, QUARTER)).toEqual({
      shortStart: Date.UTC(2026, 2, 10, 10, 0, 0),
      shortEnd: Date.UTC(2026, 2, 10, 10, 15, 0),
      longStart: Date.UTC(2026, 2, 10),
      longEnd: Date.UTC(2026, 2, 11),
    });
  });
});

describe('waiting before a request', () => {
  it('goes while every count (including this request) is within its limit', () => {
    expect(waitBeforeRequest(usage([200, 2000], [100, 1000]), limits, true, 0, now, QUARTER)).toBe(0);
  });

  it('waits for the quarter hour when a 15-minute limit is spent: 7 min 30 s here', () => {
    expect(waitBeforeRequest(usage([150, 500], [101, 500]), limits, true, 0, now, QUARTER)).toBe(
      7.5 * 60 * 1000,
    );
    expect(waitBeforeRequest(usage([201, 500], [50, 500]), limits, false, 0, now, QUARTER)).toBe(
      7.5 * 60 * 1000,
    );
  });

  it('ignores the read limit for a write', () => {
    expect(waitBeforeRequest(usage([150, 500], [101, 500]), limits, false, 0, now, QUARTER)).toBe(0);
  });

  it('waits for midnight UTC when a daily limit is spent', () => {
    const untilMidnight = DAY_MS - (10 * 3600 + 7 * 60 + 30) * 1000;
    expect(waitBeforeRequest(usage([10, 2001], [10, 500]), limits, true, 0, now, QUARTER)).toBe(
      untilMidnight,
    );
    expect(waitBeforeRequest(usage([150, 500], [101, 1001]), limits, true, 0, now, QUARTER)).toBe(
      untilMidnight,
    );
  });

  it('keeps a reserve for higher-priority calls: streams stop at 80 of 100 reads', () => {
    expect(waitBeforeRequest(usage([80, 500], [80, 500]), limits, true, 0.2, now, QUARTER)).toBe(0);
    expect(waitBeforeRequest(usage([81, 500], [81, 500]), limits, true, 0.2, now, QUARTER)).toBe(
      7.5 * 60 * 1000,
    );
    expect(waitBeforeRequest(usage([81, 500], [81, 500]), limits, true, 0, now, QUARTER)).toBe(0);
  });
});

describe('waiting after a 429', () => {
  it('waits for the window Strava reports as spent', () => {
    expect(waitAfterTooManyRequests(usage([120, 900], [100, 400]), limits, 1, now, QUARTER)).toBe(
      7.5 * 60 * 1000,
    );
    expect(waitAfterTooManyRequests(usage([5, 2000], [5, 800]), limits, 1, now, QUARTER)).toBe(
      Date.UTC(2026, 2, 11) - now,
    );
  });

  it('backs off 1, 2, 4 ... 60 s for a 429 the usage does not explain, never past the window', () => {
    const unexplained = usage([10, 50], [10, 50]);
    expect(
      [1, 2, 3, 4, 7, 12].map((n) => waitAfterTooManyRequests(unexplained, limits, n, now, QUARTER)),
    ).toEqual([1000, 2000, 4000, 8000, 60_000, 60_000]);
    const late = Date.UTC(2026, 2, 10, 10, 14, 58);
    expect(waitAfterTooManyRequests(unexplained, limits, 12, late, QUARTER)).toBe(2000);
    expect(waitAfterTooManyRequests({}, limits, 1, now, QUARTER)).toBe(1000);
  });
});

describe('reads caused by webhook events', () => {
  it("give each athlete a small share of the app's read window: 5 of Strava's default 100", () => {
    expect(webhookReadCap(100)).toBe(5);
    expect(webhookReadCap(300)).toBe(WEBHOOK_ATHLETE_MAX_READS);
    expect(webhookReadCap(100_000)).toBe(WEBHOOK_ATHLETE_MAX_READS);
    expect(webhookReadCap(10)).toBe(1);
    expect(webhookReadCap(0)).toBe(1);
  });

  it("stop, all athletes together, at half the window: the riders' syncs keep the other half", () => {
    expect(
      waitBeforeRequest(usage([50, 500], [50, 500]), limits, true, WEBHOOK_READ_RESERVE, now, QUARTER),
    ).toBe(0);
    expect(
      waitBeforeRequest(usage([51, 500], [51, 500]), limits, true, WEBHOOK_READ_RESERVE, now, QUARTER),
    ).toBe(7.5 * 60 * 1000);
    // a sync's read at the same count goes
    expect(waitBeforeRequest(usage([51, 500], [51, 500]), limits, true, 0, now, QUARTER)).toBe(0);
  });
});
