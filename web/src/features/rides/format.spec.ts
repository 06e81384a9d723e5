import { describe, expect, it } from '@jest/globals';
import { compareToAverages, describeComparison } from './comparison';
import {
  formatDuration,
  formatFeet,
  formatLongDate,
  formatMiles,
  formatMph,
  formatRideDate,
  formatTwoDecimals,
  formatWhole,
  isGreatPerformance,
  rideScore,
  wattsPerKg,
} from './format';
import { ftpOrigin, sessionLabel } from './workout-format';

describe('W/kg, sessions and the FTP a ride was measured against', () => {
  it('shows W/kg with 2 decimals only when both power and a weight are known', () => {
    expect(wattsPerKg(262, 70)).toBe('3.74 W/kg');
    expect(wattsPerKg(262, null)).toBeNull();
    expect(wattsPerKg(null, 70)).toBeNull();
    expect(wattsPerKg(262, 0)).toBeNull();
  });

  it('names the session type as texts do, capitalised', () => {
    expect(sessionLabel({ type: 'vo2max' })).toBe('VO2max session');
    expect(sessionLabel({ type: 'sweet-spot' })).toBe('Sweet-spot session');
    expect(sessionLabel({ type: 'endurance' })).toBe('Endurance ride');
  });

  it('says whether the rider set the FTP, or how it was estimated', () => {
    const description = 'estimated from your 20-minute best on 3 Sep';
    expect(ftpOrigin({ ftp: 270, ftpSource: 'rider', ftpDescription: null })).toBe('(set by you)');
    expect(ftpOrigin({ ftp: 262, ftpSource: 'estimated', ftpDescription: description })).toBe(description);
    expect(ftpOrigin({ ftp: 262, ftpSource: 'estimated' })).toBe('estimated from your rides');
    expect(ftpOrigin({ ftp: null, ftpSource: null, ftpDescription: null })).toBeNull();
  });
});

describe('ride formatting (spec section 9)', () => {
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

  it('scores with mph and watts and marks 80 as Great Performance', () => {
    // 8.94 m/s = 20.00 mph: 60 + 200 W x 0.1 = 80
    expect(rideScore(8.9405, 200)).toBe(80);
    expect(isGreatPerformance(8.9405, 200)).toBe(true);
    expect(isGreatPerformance(8.9405, null)).toBe(false);
    expect(rideScore(20, 500)).toBe(100);
  });
});

describe('comparison to averages', () => {
  const averages = { totalRides: 12, averageSpeed: 8, averagePower: 200, averageDistance: 40_000 };

  it('says how far the ride is from the averages', () => {
    const comparison = compareToAverages({ averageSpeed: 9, distance: 30_000, averageWatts: 230 }, averages);
    expect(comparison).toEqual({
      kind: 'compared',
      speed: { kind: 'difference', percent: 12.5 },
      distance: { kind: 'difference', percent: -25 },
      power: { kind: 'difference', percent: 15 },
    });
    if (comparison.kind !== 'compared') throw new Error('compared');
    expect(describeComparison(comparison.speed)).toBe('+12.5% vs avg');
    expect(describeComparison(comparison.distance)).toBe('-25% vs avg');
  });

  it('shows power as N/A when the ride or the average has none', () => {
    const noMeter = compareToAverages({ averageSpeed: 9, distance: 30_000, averageWatts: null }, averages);
    expect(noMeter.kind === 'compared' && describeComparison(noMeter.power)).toBe('N/A');
    const noAverage = compareToAverages(
      { averageSpeed: 9, distance: 30_000, averageWatts: 250 },
      { ...averages, averagePower: 0 },
    );
    expect(noAverage.kind === 'compared' && noAverage.power).toEqual({ kind: 'notAvailable' });
  });

  it('needs rides before it can compare', () => {
    expect(
      compareToAverages({ averageSpeed: 9, distance: 1, averageWatts: 1 }, { ...averages, totalRides: 0 }),
    ).toEqual({
      kind: 'needMoreRides',
    });
  });
});
