import { describe, expect, it } from '@jest/globals';
import { compareToAverages, describeComparison } from './comparison';
import { isGreatPerformance, rideScore } from './format';
import { ftpOrigin, sessionLabel } from './workout-format';

describe('sessions and the FTP a ride was measured against', () => {
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

describe('ride score (spec section 9)', () => {
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
