import { describe, expect, it } from '@jest/globals';
import {
  CP_DURATIONS,
  estimateFtpAsOf,
  estimateMaxHeartrateAsOf,
  estimateThresholdHeartrateAsOf,
  fitCriticalPower,
  type RideEfforts,
} from '../physiology.js';

const DAY_MS = 24 * 3600 * 1000;
const asOf = new Date('2026-09-03T18:00:00Z');
const daysBefore = (days: number) => new Date(asOf.getTime() - days * DAY_MS);

/** A synthetic athlete's best powers: P(t) = W'/t + CP, scaled by how hard the ride went. */
const athleteRide = (
  id: string,
  startDate: Date,
  cp: number,
  wPrime: number,
  effort = 1,
  heartrate: { best20: number | null; max: number | null } = { best20: null, max: null },
): RideEfforts => ({
  rideId: id,
  startDate,
  bestPower: Object.fromEntries(CP_DURATIONS.map((t) => [t, (wPrime / t + cp) * effort])),
  best20MinuteHeartrate: heartrate.best20,
  maxHeartrate: heartrate.max,
});

/** A deterministic shuffle (Fisher-Yates over a linear congruential sequence). */
const shuffled = <T>(items: readonly T[], seed: number): T[] => {
  const out = [...items];
  let state = seed;
  for (let i = out.length - 1; i > 0; i -= 1) {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    const j = state % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
};

describe('critical power fit', () => {
  it('recovers CP and W′ of exact points', () => {
    const fit = fitCriticalPower(CP_DURATIONS.map((seconds) => ({ seconds, watts: 18_000 / seconds + 265 })));
    expect(fit!.criticalPower).toBeCloseTo(265, 6);
    expect(fit!.wPrime).toBeCloseTo(18_000, 3);
  });

  it('needs two durations', () => {
    expect(fitCriticalPower([{ seconds: 300, watts: 300 }])).toBeNull();
  });
});

describe('FTP as of a date', () => {
  it('finds a synthetic athlete’s CP within 2% from 8 weeks of rides with hard efforts on different days', () => {
    const cp = 272;
    const wPrime = 21_000;
    // no single ride is all-out at every duration: each duration's best comes from another day
    const rides: RideEfforts[] = Array.from({ length: 40 }, (_, i) => {
      const ride = athleteRide(`r${i}`, daysBefore(56 - i * 1.4), cp, wPrime, 0.8 + ((i * 7) % 10) / 100);
      const allOut = CP_DURATIONS[i % CP_DURATIONS.length]!;
      if (i % 5 === 0) ride.bestPower[allOut] = wPrime / allOut + cp * (1 + ((i % 3) - 1) * 0.005);
      return ride;
    });
    const estimate = estimateFtpAsOf(rides, asOf)!;
    expect(estimate.model).toBe('critical-power');
    expect(Math.abs(estimate.value - cp) / cp).toBeLessThan(0.02);
    expect(estimate.rideId).toBeNull();
    expect(estimate.description).toBe(
      'estimated from your best 3-20 minute efforts of the 90 days to 3 Sep (critical power)',
    );
    for (const seed of [1, 2, 3, 4, 5])
      expect(estimateFtpAsOf(shuffled(rides, seed), asOf)).toEqual(estimate);
  });

  it('falls back to 95% of the best 20 minutes without 3 durations, naming the ride and its day', () => {
    const rides: RideEfforts[] = [
      {
        rideId: 'a',
        startDate: daysBefore(10),
        bestPower: { 1200: 280 },
        best20MinuteHeartrate: null,
        maxHeartrate: null,
      },
      {
        rideId: 'b',
        startDate: daysBefore(30),
        bestPower: { 1200: 300, 600: 320 },
        best20MinuteHeartrate: null,
        maxHeartrate: null,
      },
    ];
    expect(estimateFtpAsOf(rides, asOf)).toEqual({
      value: 285,
      model: 'best-20-minutes',
      rideId: 'b',
      date: '2026-08-04',
      description: 'estimated from your 20-minute best on 4 Aug (95% of 300 W)',
    });
  });

  it('falls back when the fit is not physiological (W′ out of 5-50 kJ)', () => {
    // flat bests: W' ~ 0
    const flat = [athleteRide('flat', daysBefore(5), 250, 0)];
    expect(estimateFtpAsOf(flat, asOf)).toMatchObject({ model: 'best-20-minutes', value: 238 });
    const huge = [athleteRide('huge', daysBefore(5), 150, 90_000)];
    expect(estimateFtpAsOf(huge, asOf)).toMatchObject({
      model: 'best-20-minutes',
      value: Math.round(0.95 * 225),
    });
  });

  it('reads only the 90 days up to the date: older efforts drop out, later ones do not count yet', () => {
    const old = athleteRide('old', daysBefore(91), 300, 20_000);
    const later = athleteRide('later', new Date(asOf.getTime() + 3600_000), 320, 20_000);
    const current = athleteRide('now', daysBefore(1), 250, 20_000);
    expect(estimateFtpAsOf([old, later, current], asOf)!.value).toBe(250);
    expect(estimateFtpAsOf([old, later], asOf)).toBeNull();
    // a ride exactly at asOf counts
    expect(estimateFtpAsOf([{ ...current, startDate: asOf }], asOf)!.value).toBe(250);
  });

  it('writes the day in the rider’s time zone', () => {
    const late = {
      rideId: 'x',
      startDate: new Date('2026-09-02T23:30:00Z'),
      bestPower: { 1200: 200 },
      best20MinuteHeartrate: null,
      maxHeartrate: null,
    };
    expect(estimateFtpAsOf([late], asOf, { timeZone: 'Europe/Paris' })).toMatchObject({
      date: '2026-09-03',
      description: 'estimated from your 20-minute best on 3 Sep (95% of 200 W)',
    });
  });
});

describe('heart-rate estimates as of a date', () => {
  const rides = [
    athleteRide('a', daysBefore(40), 250, 20_000, 1, { best20: 168.4, max: 188 }),
    athleteRide('b', daysBefore(20), 250, 20_000, 1, { best20: 171.6, max: 186 }),
    athleteRide('c', daysBefore(100), 250, 20_000, 1, { best20: 180, max: 199 }),
  ];

  it('takes the best 20-minute heart rate and the highest recorded of the window', () => {
    expect(estimateThresholdHeartrateAsOf(rides, asOf)).toMatchObject({
      value: 172,
      model: 'best-20-minutes-heart-rate',
      rideId: 'b',
      date: '2026-08-14',
    });
    expect(estimateMaxHeartrateAsOf(rides, asOf)).toMatchObject({
      value: 188,
      model: 'highest-recorded',
      rideId: 'a',
    });
    expect(estimateMaxHeartrateAsOf(shuffled(rides, 9), asOf)).toEqual(estimateMaxHeartrateAsOf(rides, asOf));
  });

  it('answers null without readings', () => {
    expect(estimateThresholdHeartrateAsOf([athleteRide('p', daysBefore(3), 250, 20_000)], asOf)).toBeNull();
    expect(estimateMaxHeartrateAsOf([], asOf)).toBeNull();
  });
});
