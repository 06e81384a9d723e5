import { describe, expect, it } from '@jest/globals';
import {
  formatDuration,
  formatFeet,
  formatLongDate,
  formatMiles,
  formatMph,
  formatRideDate,
  formatTwoDecimals,
  formatWhole,
  wattsPerKg,
} from './format';

describe('number and date formatting (spec section 9)', () => {
  it('shows W/kg with 2 decimals only when both power and a weight are known', () => {
    expect(wattsPerKg(262, 70)).toBe('3.74 W/kg');
    expect(wattsPerKg(262, null)).toBeNull();
    expect(wattsPerKg(null, 70)).toBeNull();
    expect(wattsPerKg(262, 0)).toBeNull();
  });

  it('converts metres to miles and feet and m/s to mph with 2 decimals', () => {
    expect(formatMiles(40_000)).toBe('24.85');
    expect(formatMiles(0)).toBe('0.00');
    expect(formatFeet(1234.5)).toBe('4,050.20');
    expect(formatMph(8.5)).toBe('19.01');
    expect(formatTwoDecimals(12.5)).toBe('12.50');
  });

  it('shows durations in hours and minutes', () => {
    expect(formatDuration(0)).toBe('0m');
    expect(formatDuration(59)).toBe('0m');
    expect(formatDuration(45 * 60)).toBe('45m');
    expect(formatDuration(3600)).toBe('1h 0m');
    expect(formatDuration(2 * 3600 + 5 * 60 + 59)).toBe('2h 5m');
  });

  it('rounds heart rate and cadence to whole numbers', () => {
    expect(formatWhole(142.6)).toBe('143');
    expect(formatWhole(87.4)).toBe('87');
  });

  it('formats dates', () => {
    expect(formatRideDate('2026-03-09T12:00:00Z')).toBe('Mar 9, 2026');
    expect(formatLongDate('2026-01-05T12:00:00Z')).toBe('January 5, 2026');
  });
});
