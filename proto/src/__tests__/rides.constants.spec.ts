import { describe, expect, it } from '@jest/globals';
import {
  GREAT_PERFORMANCE_SCORE,
  isCyclingSportType,
  metresPerSecondToMph,
  metresToFeet,
  metresToMiles,
  performanceScore,
  round2,
  RidesPageQuery,
  StravaWebhookEventBody,
} from '../index.js';

describe('unit conversions of spec section 9', () => {
  it('uses 1609.34 m per mile, 3.28084 ft per metre and 2.237 mph per m/s, shown with 2 decimals', () => {
    expect(round2(metresToMiles(1609.34))).toBe(1);
    expect(round2(metresToMiles(40_000))).toBe(24.85);
    expect(round2(metresToFeet(100))).toBe(328.08);
    expect(round2(metresToFeet(1234.5))).toBe(4050.2);
    expect(round2(metresPerSecondToMph(8.5))).toBe(19.01);
    expect(round2(1.005)).toBe(1.01);
  });
});

describe('performance score of spec section 9', () => {
  it('is min(speed x 3 + watts x 0.1, 100), rounded', () => {
    expect(performanceScore(20, 200)).toBe(80);
    expect(performanceScore(19.9, 200)).toBe(80);
    expect(performanceScore(19.8, 200)).toBe(79);
    expect(performanceScore(18.5, 0)).toBe(56);
    expect(performanceScore(30, 300)).toBe(100);
    expect(performanceScore(20, 200) >= GREAT_PERFORMANCE_SCORE).toBe(true);
  });
});

describe('rides contracts', () => {
  it('knows the cycling sport types', () => {
    for (const type of ['Ride', 'GravelRide', 'VirtualRide', 'EBikeRide', 'Handcycle', 'Velomobile'])
      expect(isCyclingSportType(type)).toBe(true);
    for (const type of ['Run', 'Swim', 'Walk', '', null]) expect(isCyclingSportType(type)).toBe(false);
  });

  it('validates the page query', () => {
    const sort = { sortBy: 'date', sortOrder: 'desc' };
    expect(RidesPageQuery.parse({})).toEqual({ limit: 10, ...sort });
    expect(RidesPageQuery.parse({ limit: '25', cursor: 'abc' })).toEqual({
      limit: 25,
      cursor: 'abc',
      ...sort,
    });
    expect(RidesPageQuery.safeParse({ limit: '0' }).success).toBe(false);
    expect(RidesPageQuery.safeParse({ limit: '201' }).success).toBe(false);
    expect(RidesPageQuery.safeParse({ page: '2' }).success).toBe(false);
  });

  it("accepts Strava's webhook events as Strava sends them", () => {
    const event = {
      aspect_type: 'update',
      event_time: 1516126040,
      object_id: 1360128428,
      object_type: 'activity',
      owner_id: 134815,
      subscription_id: 120475,
      updates: { title: 'Messy', private: 'true' },
    };
    expect(StravaWebhookEventBody.parse(event)).toEqual(event);
    expect(StravaWebhookEventBody.safeParse({ ...event, object_type: 'club' }).success).toBe(false);
    expect(StravaWebhookEventBody.safeParse({ ...event, event_time: undefined }).success).toBe(false);
  });
});
