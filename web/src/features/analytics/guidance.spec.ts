import { describe, expect, it } from '@jest/globals';
import type { PerformanceZoneDto, WeeklyProgressDto } from '@domestique/proto';
import {
  lastFourWeeks,
  performanceGuidance,
  progressGuidance,
  zonesGuidance,
  zoneTwoShare,
  type FourWeekAverages,
} from './guidance';

const averages = (values: Partial<FourWeekAverages>): FourWeekAverages => ({
  distance: 0,
  speed: 0,
  elevation: 0,
  time: 0,
  ...values,
});

const zones = (share: number): PerformanceZoneDto[] => [
  { zone: 'Z1', name: 'Recovery', timeSpent: 0 },
  { zone: 'Z2', name: 'Endurance', timeSpent: share * 100 },
  { zone: 'Z3', name: 'Tempo', timeSpent: (100 - share) * 100 },
];

describe('progress thresholds (distance above 15 mi with speed above 12 mph; distance above 10 mi)', () => {
  it.each([
    [15.01, 12.01, 'top'],
    [15, 12.01, 'good'], // exactly 15 is not above 15
    [15.01, 12, 'good'], // exactly 12 mph is not above 12
    [20, 11, 'good'],
    [10.01, 30, 'good'],
    [10, 30, 'building'],
    [0, 0, 'building'],
  ])('%s mi at %s mph is %s', (distance, speed, level) => {
    expect(progressGuidance(averages({ distance, speed })).level).toBe(level);
  });

  it('gives the spec advice below great', () => {
    expect(progressGuidance(averages({ distance: 12 })).text).toContain('increase weekly distance 10-15%');
    expect(progressGuidance(averages({ distance: 2 })).text).toContain('increase weekly distance 10-15%');
    expect(progressGuidance(averages({ distance: 16, speed: 13 })).text).toBe(
      'Great work! You average 16.00 miles a week at 13.00 mph.',
    );
  });
});

describe('zone thresholds (Zone 2 share above 70% excellent, above 50% good)', () => {
  it.each([
    [70.01, 'top'],
    [70, 'good'],
    [50.01, 'good'],
    [50, 'building'],
    [10, 'building'],
  ])('%s%% in Zone 2 is %s', (share, level) => {
    expect(zonesGuidance(zones(share), 'power').level).toBe(level);
  });

  it('advises 70-80% in zones 1-2 below excellent and says when there is no zone data', () => {
    expect(zonesGuidance(zones(60), 'heartRate').text).toContain(
      'spend 70-80% of training time in zones 1-2',
    );
    expect(zonesGuidance(zones(20), 'power').text).toContain('spend 70-80% of training time in zones 1-2');
    expect(zonesGuidance([], null).level).toBe('none');
    expect(zoneTwoShare(zones(75))).toBeCloseTo(75);
  });
});

describe('performance thresholds (2000 ft with 3600 s strong; 1000 ft or 2400 s good)', () => {
  it.each([
    [2000.01, 3601, 'top'],
    [2000, 3601, 'good'],
    [2500, 3600, 'good'],
    [1000.01, 0, 'good'],
    [1000, 2400, 'building'],
    [0, 2401, 'good'],
    [0, 0, 'building'],
  ])('%s ft and %s s a week is %s', (elevation, time, level) => {
    expect(performanceGuidance(averages({ elevation, time })).level).toBe(level);
  });
});

describe('the last four weeks', () => {
  const week = (distance: number, time: number, elevation = 0): WeeklyProgressDto => ({
    week: '2026-01-05',
    rides: 1,
    distance,
    avgSpeed: null,
    elevation,
    time,
  });

  it('averages per week over 4 weeks, empty weeks included, speed as distance over time', () => {
    const result = lastFourWeeks([
      week(100, 36_000),
      week(20, 3600, 400),
      week(0, 0),
      week(40, 7200, 400),
      week(0, 0),
    ]);
    expect(result).toEqual({ distance: 15, speed: 60 / 3, elevation: 200, time: 2700 });
  });
});
