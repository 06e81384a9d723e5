import { describe, expect, it } from '@jest/globals';
import {
  axisLabel,
  formatDistance,
  formatElevation,
  formatQuantity,
  formatSpeed,
  formatWeight,
  KG_PER_LB,
  sameWeight,
  weightInputValue,
  weightRangeIn,
  weightToKg,
  fromImperial,
  imperialStat,
  quantities,
} from './units';

/** The imperial formatting as it was before units existed (spec section 9), written out independently. */
const before = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const SAMPLES = [0, 0.004, 1, 12.5, 350, 1609.34, 40_000, 123_456.789, 1_000_000, 3_426_000.5];

describe('imperial (the default): unchanged, character for character', () => {
  it('formats distance, elevation and speed as the spec shows them', () => {
    expect(formatDistance(40_000, 'imperial')).toBe('24.85 mi');
    expect(formatElevation(350, 'imperial')).toBe('1,148.29 ft');
    expect(formatSpeed(8.5, 'imperial')).toBe('19.01 mph');
    expect(formatWeight(70.5, 'imperial')).toBe('155.4 lb');
    expect(axisLabel('Distance', 'distance', 'imperial')).toBe('Distance (mi)');
    expect(axisLabel('Speed', 'speed', 'imperial')).toBe('Speed (mph)');
    expect(axisLabel('Elevation', 'elevation', 'imperial')).toBe('Elevation (ft)');
  });
  it.each(SAMPLES)('matches the former formulas for %p', (si) => {
    const q = quantities('imperial');
    expect(q.distance.format(si)).toBe(before.format(si / 1609.34));
    expect(q.elevation.format(si)).toBe(before.format(si * 3.28084));
    expect(q.speed.format(si)).toBe(before.format(si * 2.237));
  });
  it('leaves values the API reports in imperial untouched', () => {
    expect(fromImperial('imperial', 'distance', 12.345)).toBe(12.345);
    expect(imperialStat('imperial', 'elevation', 1234.5)).toEqual({ value: '1,234.50', unit: 'ft' });
  });
});

describe('metric', () => {
  it('formats km, m, km/h and kg with the same 2 decimals', () => {
    expect(formatDistance(40_000, 'metric')).toBe('40.00 km');
    expect(formatElevation(1000, 'metric')).toBe('1,000.00 m');
    expect(formatSpeed(8.5, 'metric')).toBe('30.60 km/h');
    expect(formatWeight(70.5, 'metric')).toBe('70.5 kg');
    expect(formatQuantity(quantities('metric').distance, null)).toBe('–');
    expect(axisLabel('Distance', 'distance', 'metric')).toBe('Distance (km)');
    expect(axisLabel('Speed', 'speed', 'metric')).toBe('Speed (km/h)');
    expect(axisLabel('Elevation', 'elevation', 'metric')).toBe('Elevation (m)');
  });
  it('converts imperial API values (mi, ft, mph) to km, m and km/h', () => {
    expect(fromImperial('metric', 'distance', 100)).toBeCloseTo(160.934, 6);
    expect(fromImperial('metric', 'elevation', 3280.84)).toBeCloseTo(1000, 6);
    expect(fromImperial('metric', 'speed', 2.237)).toBeCloseTo(3.6, 9);
    expect(imperialStat('metric', 'distance', 24.85)).toEqual({ value: '39.99', unit: 'km' });
  });
  it('converts shown values back to SI for inputs', () => {
    const q = quantities('metric');
    expect(q.distance.toSi(40)).toBeCloseTo(40_000, 6);
    expect(q.speed.toSi(36)).toBeCloseTo(10, 9);
    expect(quantities('imperial').distance.toSi(1)).toBeCloseTo(1609.34, 6);
    expect(quantities('imperial').weight.toSi(155.4)).toBeCloseTo(70.488, 3);
  });
});

describe("weight in the rider's unit (kept in kg)", () => {
  it('shows and takes pounds in imperial, kilograms in metric, to 0.1', () => {
    expect(weightInputValue(70.5, 'imperial')).toBe('155.4');
    expect(weightInputValue(70.5, 'metric')).toBe('70.5');
    expect(weightInputValue(68.0389, 'imperial')).toBe('150');
    expect(weightToKg(150, 'imperial')).toBeCloseTo(68.0388555, 7);
    expect(weightToKg(70.5, 'metric')).toBe(70.5);
  });

  it('gives back every weight typed in pounds to 0.1 once kept in kg to 0.01', () => {
    for (let tenths = 552; tenths <= 5511; tenths += 1) {
      const typed = tenths / 10;
      const kept = Math.round(weightToKg(typed, 'imperial') * 100) / 100;
      if (weightInputValue(kept, 'imperial') !== String(typed))
        throw new Error(`${typed} lb came back changed`);
      expect(sameWeight(kept, weightToKg(typed, 'imperial'), 'imperial')).toBe(true);
    }
    expect(sameWeight(70.3, 70.4, 'imperial')).toBe(false);
    expect(sameWeight(null, 70.4, 'imperial')).toBe(false);
    expect(sameWeight(null, null, 'metric')).toBe(true);
  });

  it("says the limits in the rider's unit, rounded inwards so every value in the range is accepted", () => {
    expect(weightRangeIn({ min: 25, max: 250 }, 'imperial')).toEqual({ min: 55.2, max: 551.1, unit: 'lb' });
    expect(weightRangeIn({ min: 25, max: 250 }, 'metric')).toEqual({ min: 25, max: 250, unit: 'kg' });
    expect(55.2 * KG_PER_LB).toBeGreaterThanOrEqual(25);
    expect(55.1 * KG_PER_LB).toBeLessThan(25);
    expect(551.1 * KG_PER_LB).toBeLessThanOrEqual(250);
  });
});
