import { describe, expect, it } from '@jest/globals';
import {
  axisLabel,
  formatDistance,
  formatElevation,
  formatQuantity,
  formatSpeed,
  formatWeight,
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
    expect(formatWeight(70.5, 'imperial')).toBe('70.5 kg (155.4 lb)');
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
