import { describe, expect, it } from '@jest/globals';
import { decodePolyline, encodePolyline } from '../polyline.js';
import { isoSeconds, timezoneLabel, utcOffsetSeconds, zonedToEpoch } from '../timezone.js';

describe('polyline encoding', () => {
  it('matches Google’s reference example and round-trips', () => {
    const points: [number, number][] = [
      [38.5, -120.2],
      [40.7, -120.95],
      [43.252, -126.453],
    ];
    expect(encodePolyline(points)).toBe('_p~iF~ps|U_ulLnnqC_mqNvxq`@');
    expect(decodePolyline(encodePolyline(points))).toEqual(points);
  });
});

describe('time zones', () => {
  it('gives the offset in force at an instant (daylight saving included)', () => {
    expect(utcOffsetSeconds('America/Denver', Date.parse('2025-01-15T12:00:00Z') / 1000)).toBe(-25200);
    expect(utcOffsetSeconds('America/Denver', Date.parse('2025-07-15T12:00:00Z') / 1000)).toBe(-21600);
    expect(utcOffsetSeconds('Europe/Madrid', Date.parse('2025-07-15T12:00:00Z') / 1000)).toBe(7200);
  });

  it('turns local wall-clock time into the UTC instant', () => {
    expect(isoSeconds(zonedToEpoch('America/Denver', 2025, 7, 15, 6, 30))).toBe('2025-07-15T12:30:00Z');
    expect(isoSeconds(zonedToEpoch('Europe/London', 2025, 1, 15, 6, 30, 5))).toBe('2025-01-15T06:30:05Z');
  });

  it('labels a zone with its standard offset, as Strava does', () => {
    const july = Date.parse('2025-07-15T12:00:00Z') / 1000;
    expect(timezoneLabel('America/Los_Angeles', july)).toBe('(GMT-08:00) America/Los_Angeles');
    expect(timezoneLabel('Europe/Madrid', july)).toBe('(GMT+01:00) Europe/Madrid');
    expect(timezoneLabel('Europe/London', july)).toBe('(GMT+00:00) Europe/London');
  });
});
