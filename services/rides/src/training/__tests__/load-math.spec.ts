import { describe, expect, it } from '@jest/globals';
import { addDays } from '../../analytics/calendar.js';
import { CalendarWalk, pmcSeries, rampRate, rideLoad, type DailyLoad } from '../load-math.js';

const day = (date: string, load: number): DailyLoad => ({ day: date, load, estimated: false, movingS: 3600 });

/** The textbook computation, written independently: a plain loop over every calendar day. */
const reference = (loads: Map<string, number>, first: string, to: string) => {
  const kCtl = 1 - Math.exp(-1 / 42);
  const kAtl = 1 - Math.exp(-1 / 7);
  const out: { date: string; ctl: number; atl: number; tsb: number }[] = [];
  let ctl = 0;
  let atl = 0;
  const last = Date.parse(`${to}T00:00:00Z`);
  for (let t = Date.parse(`${first}T00:00:00Z`); t <= last; t += 86_400_000) {
    const date = new Date(t).toISOString().slice(0, 10);
    const load = loads.get(date) ?? 0;
    const tsb = ctl - atl;
    ctl = ctl * Math.exp(-1 / 42) + load * kCtl;
    atl = atl * Math.exp(-1 / 7) + load * kAtl;
    out.push({ date, ctl, atl, tsb });
  }
  return out;
};

describe('performance-management series', () => {
  it('42 days of 100 TSS give CTL = 100 (1 - e^-1) and ATL = 100 (1 - e^-6)', () => {
    const days = Array.from({ length: 42 }, (_, i) => day(addDays('2026-01-01', i), 100));
    const series = pmcSeries(days, addDays('2026-01-01', 41));
    expect(series).toHaveLength(42);
    expect(series.at(-1)!.ctl).toBeCloseTo(100 * (1 - Math.exp(-1)), 9);
    expect(series.at(-1)!.atl).toBeCloseTo(100 * (1 - Math.exp(-6)), 9);
    // form is yesterday's fitness minus yesterday's fatigue
    expect(series.at(-1)!.tsb).toBeCloseTo(series.at(-2)!.ctl - series.at(-2)!.atl, 9);
    expect(series[0]!.tsb).toBe(0);
  });

  it('equals an independent day-by-day computation on an irregular series with gaps', () => {
    const loads = new Map<string, number>();
    let date = '2025-03-10';
    for (let i = 0; i < 400; i++) {
      date = addDays(date, 1 + (i % 4 === 0 ? 3 : 0));
      loads.set(date, 20 + ((i * 37) % 180));
    }
    const stored = [...loads.entries()].map(([d, load]) => day(d, load));
    const to = addDays(date, 10);
    const series = pmcSeries(stored, to);
    const expected = reference(loads, stored[0]!.day, to);
    expect(series.map((d) => d.date)).toEqual(expected.map((d) => d.date));
    series.forEach((d, i) => {
      expect(d.ctl).toBeCloseTo(expected[i]!.ctl, 9);
      expect(d.atl).toBeCloseTo(expected[i]!.atl, 9);
      expect(d.tsb).toBeCloseTo(expected[i]!.tsb, 9);
    });
    // ramp: CTL now minus CTL 7 days before
    expect(rampRate(series)).toBeCloseTo(expected.at(-1)!.ctl - expected.at(-8)!.ctl, 9);
  });

  it('is empty before the first ride and ignores days after `to`', () => {
    expect(pmcSeries([day('2026-02-01', 50)], '2026-01-31')).toEqual([]);
    const series = pmcSeries([day('2026-02-01', 50), day('2026-02-10', 80)], '2026-02-05');
    expect(series.map((d) => d.load)).toEqual([50, 0, 0, 0, 0]);
  });

  it('counts the ramp from the seed when the series is shorter than a week', () => {
    const series = pmcSeries([day('2026-02-01', 70)], '2026-02-03');
    expect(rampRate(series)).toBeCloseTo(series.at(-1)!.ctl, 12);
  });
});

describe('a ride load', () => {
  const base = {
    movingTimeS: 3600,
    sportType: 'Ride',
    commute: false,
    averageHeartrate: null,
    tss: null,
    lthr: null,
  };

  it('is the TSS when power gave one', () => {
    expect(rideLoad({ ...base, tss: 87.5, averageHeartrate: 150, lthr: 160 })).toEqual({
      load: 87.5,
      estimated: false,
    });
  });

  it('is hrTSS = hours x (HR / LTHR)^2 x 100 without power', () => {
    const load = rideLoad({ ...base, movingTimeS: 7200, averageHeartrate: 144, lthr: 160 });
    expect(load.estimated).toBe(false);
    expect(load.load).toBeCloseTo(2 * 0.9 * 0.9 * 100, 9);
  });

  it('is estimated from duration and type without either, easier for an e-bike or a commute', () => {
    const ride = rideLoad(base);
    expect(ride.estimated).toBe(true);
    expect(ride.load).toBeCloseTo(49, 9);
    expect(rideLoad({ ...base, sportType: 'EBikeRide' }).load).toBeLessThan(ride.load);
    expect(rideLoad({ ...base, commute: true }).load).toBeLessThan(ride.load);
  });
});

describe('the calendar walk', () => {
  it('gives the same days as date arithmetic across month ends, leap days and years', () => {
    const walk = new CalendarWalk('1999-12-25');
    let date = '1999-12-25';
    for (let i = 0; i < 3000; i++) {
      date = addDays(date, 1);
      expect(walk.next()).toBe(date);
    }
  });
});
