import fc from 'fast-check';
import { pacingPlan, speedFor } from '../pacing.js';
import type { CoursePoint, PlanRider } from '../types.js';

const rider: PlanRider = { ftp: 250, lthr: 165, weightKg: 75, startCtl: 60, startAtl: 60 };
/** Metres of latitude per degree (the haversine's Earth radius, 6371 km). */
const M_PER_DEG = (6_371_000 * Math.PI) / 180;

/** Points every 50 m northwards; `ele(m)` the elevation at m metres. */
const course = (lengthM: number, ele: (m: number) => number | null): CoursePoint[] =>
  Array.from({ length: Math.round(lengthM / 50) + 1 }, (_, index) => ({
    lat: 45 + (index * 50) / M_PER_DEG,
    lng: 6,
    ele: ele(index * 50),
  }));

const flatThenClimb = course(25_000, (m) => 200 + Math.max(0, m - 20_000) * 0.06);
const speedKmh = (segment: { fromKm: number; toKm: number; expectedTimeS: number }) =>
  ((segment.toKm - segment.fromKm) / segment.expectedTimeS) * 3600;

describe('speedFor', () => {
  it('gives 36-40 km/h on the flat at 250 W for a 75 kg rider and a 9 kg bike', () => {
    const kmh = speedFor(250, 0, 84) * 3.6;
    expect(kmh).toBeGreaterThan(36);
    expect(kmh).toBeLessThan(40);
  });

  it('is slower uphill, faster downhill, capped on steep descents', () => {
    expect(speedFor(250, 6, 84)).toBeLessThan(speedFor(250, 0, 84) / 2);
    expect(speedFor(100, -3, 84)).toBeGreaterThan(speedFor(250, 0, 84));
    expect(speedFor(0, -15, 84) * 3.6).toBeCloseTo(70, 5);
  });
});

describe('pacingPlan', () => {
  const plan = pacingPlan({ name: 'Col test', points: flatThenClimb }, rider, 'road-race');

  it('reads distance and ascent from the course and cuts it in contiguous segments', () => {
    expect(plan.courseName).toBe('Col test');
    expect(plan.distanceKm).toBeCloseTo(25, 1);
    expect(plan.ascentM).toBeGreaterThan(290);
    expect(plan.ascentM).toBeLessThan(310);
    expect(plan.segments[0]!.fromKm).toBe(0);
    expect(plan.segments.at(-1)!.toKm).toBeCloseTo(25, 1);
    plan.segments
      .slice(1)
      .forEach((segment, index) => expect(segment.fromKm).toBe(plan.segments[index]!.toKm));
    expect(plan.segments.every((segment) => segment.toKm - segment.fromKm >= 0.5)).toBe(true);
    expect(plan.segments.length).toBeLessThanOrEqual(4);
  });

  it('asks more watts on the climb, which is slower, never above 120% of FTP', () => {
    const flat = plan.segments.find((segment) => Math.abs(segment.gradient) < 0.5)!;
    const climb = plan.segments.find((segment) => segment.gradient > 5)!;
    expect(climb.gradient).toBeCloseTo(6, 0);
    expect(climb.targetWatts!).toBeGreaterThan(flat.targetWatts!);
    expect(climb.targetWatts!).toBeLessThanOrEqual(300);
    expect(speedKmh(climb)).toBeLessThan(speedKmh(flat) / 2);
    expect(plan.expectedTimeS).toBeCloseTo(
      plan.segments.reduce((sum, segment) => sum + segment.expectedTimeS, 0),
      -1,
    );
    // a 25 km course with a 5 km climb: somewhere between 45 and 70 minutes
    expect(plan.expectedTimeS / 60).toBeGreaterThan(45);
    expect(plan.expectedTimeS / 60).toBeLessThan(70);
    // the time-weighted targets average what the rider can hold for the expected time (under FTP here)
    const weighted =
      plan.segments.reduce((sum, segment) => sum + segment.targetWatts! * segment.expectedTimeS, 0) /
      plan.segments.reduce((sum, segment) => sum + segment.expectedTimeS, 0);
    expect(Math.abs(weighted - plan.targetAverageWatts!)).toBeLessThan(2);
    expect(plan.targetAverageWatts).toBeGreaterThan(220);
    expect(plan.targetAverageWatts).toBeLessThan(250);
    expect(plan.assumptions).toMatch(/FTP 250 W/);
    expect(plan.assumptions).toMatch(/rider 75 kg plus a 9 kg bike; CdA 0.32/);
  });

  it('paces a flat 40 km near the sustainable power, at a plausible speed', () => {
    const flat = pacingPlan({ name: 'Flat', points: course(40_000, () => 10) }, rider, 'time-trial');
    expect(flat.segments).toHaveLength(1);
    const kmh = 40 / (flat.expectedTimeS / 3600);
    expect(kmh).toBeGreaterThan(34);
    expect(kmh).toBeLessThan(40);
    // about an hour: about 95% of FTP
    expect(flat.targetAverageWatts).toBeGreaterThan(225);
    expect(flat.targetAverageWatts).toBeLessThan(250);
  });

  it('uses heart-rate zones without an FTP, saying what it assumed', () => {
    const hr = pacingPlan(
      { name: 'Col test', points: flatThenClimb },
      { ...rider, ftp: null, weightKg: null },
      'road-race',
    );
    expect(hr.targetAverageWatts).toBeNull();
    expect(
      hr.segments.every((segment) => segment.targetWatts === null && segment.targetHrZone !== null),
    ).toBe(true);
    const climb = hr.segments.find((segment) => segment.gradient > 5)!;
    const flat = hr.segments.find((segment) => Math.abs(segment.gradient) < 0.5)!;
    expect(climb.targetHrZone!).toBeGreaterThanOrEqual(flat.targetHrZone!);
    expect(hr.assumptions).toMatch(
      /no FTP: heart-rate zones as targets, and speeds from an assumed FTP of 3 W\/kg \(225 W\)/,
    );
    expect(hr.assumptions).toMatch(/75 kg \(default: set your weight\)/);
  });

  it('treats a course without elevation as flat', () => {
    const plan = pacingPlan({ name: 'No altitude', points: course(10_000, () => null) }, rider, 'gran-fondo');
    expect(plan.ascentM).toBe(0);
    expect(plan.segments.every((segment) => segment.gradient === 0)).toBe(true);
  });
});

describe('pacingPlan: properties', () => {
  it('covers any course in contiguous segments, targets under 120% of FTP, times adding up', () => {
    const courses = fc.record({
      // gradients (percent) of consecutive 1 km stretches
      gradients: fc.array(fc.integer({ min: -12, max: 12 }), { minLength: 1, maxLength: 40 }),
      ftp: fc.option(fc.integer({ min: 120, max: 400 })),
      weightKg: fc.option(fc.integer({ min: 45, max: 110 })),
    });
    fc.assert(
      fc.property(courses, ({ gradients, ftp, weightKg }) => {
        const ele = (m: number) => {
          const km = Math.min(gradients.length - 1, Math.floor(m / 1000));
          const before = gradients.slice(0, km).reduce((sum, g) => sum + g * 10, 0);
          return 500 + before + ((m - km * 1000) * gradients[km]!) / 100;
        };
        const plan = pacingPlan(
          { name: 'Random', points: course(gradients.length * 1000, ele) },
          { ...rider, ftp, weightKg },
          'road-race',
        );
        expect(plan.distanceKm).toBeCloseTo(gradients.length, 1);
        expect(plan.segments[0]!.fromKm).toBe(0);
        plan.segments
          .slice(1)
          .forEach((segment, index) => expect(segment.fromKm).toBe(plan.segments[index]!.toKm));
        if (gradients.length >= 1)
          expect(plan.segments.every((segment) => segment.toKm - segment.fromKm >= 0.49)).toBe(true);
        const total = plan.segments.reduce((sum, segment) => sum + segment.expectedTimeS, 0);
        expect(Math.abs(total - plan.expectedTimeS)).toBeLessThanOrEqual(plan.segments.length);
        expect(plan.expectedTimeS).toBeGreaterThan(0);
        for (const segment of plan.segments) {
          if (ftp === null) expect(segment.targetWatts).toBeNull();
          else expect(segment.targetWatts!).toBeLessThanOrEqual(Math.round(ftp * 1.2));
          expect(segment.targetHrZone).toBeGreaterThanOrEqual(1);
          expect(segment.targetHrZone).toBeLessThanOrEqual(5);
        }
      }),
      { numRuns: 100 },
    );
  });
});
