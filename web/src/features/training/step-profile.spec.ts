import { describe, expect, it } from '@jest/globals';
import type { WorkoutStepDto } from '@domestique/proto';
import { PROFILE_MAX_PERCENT, stepLines, stepProfile, stepTarget } from './step-profile';

const power = (durationS: number, low: number, high: number, label = 'Step'): WorkoutStepDto => ({
  durationS,
  targetPercentFtp: [low, high],
  targetHrZone: null,
  label,
});

describe('a workout profile', () => {
  it('gives each step its share of the width and its intensity as height', () => {
    const bars = stepProfile([
      power(600, 50, 60, 'Warm-up'),
      power(1200, 95, 105, 'Threshold'),
      power(600, 40, 50),
    ]);
    expect(bars.map((b) => [b.left, b.width])).toEqual([
      [0, 25],
      [25, 50],
      [75, 25],
    ]);
    expect(bars.map((b) => b.percentFtp)).toEqual([55, 100, 45]);
    expect(bars[1]!.height).toBeCloseTo((100 / PROFILE_MAX_PERCENT) * 100);
    expect(bars[0]!.description).toBe('Warm-up: 10 min at 50–60% FTP');
  });

  it('caps sprints at the top and colours harder steps differently', () => {
    const [easy, sprint] = stepProfile([power(60, 50, 50), power(10, 200, 250)]);
    expect(sprint!.height).toBe(100);
    expect(sprint!.color).not.toBe(easy!.color);
  });

  it('draws heart-rate steps by zone, higher zones taller', () => {
    const hr = (zone: number): WorkoutStepDto => ({
      durationS: 300,
      targetPercentFtp: null,
      targetHrZone: zone,
      label: `Z${zone}`,
    });
    const heights = stepProfile([hr(1), hr(2), hr(3), hr(4), hr(5)]).map((b) => b.height);
    expect([...heights].sort((a, b) => a - b)).toEqual(heights);
    expect(new Set(heights).size).toBe(5);
    expect(stepTarget(hr(2))).toBe('HR zone 2');
  });

  it('has no bars for a rest day', () => {
    expect(stepProfile([])).toEqual([]);
  });
});

describe('a workout in words', () => {
  it('folds repeated work and recovery into one line', () => {
    const intervals = Array.from({ length: 5 }, () => [
      power(240, 110, 120, 'VO2max'),
      power(240, 45, 55, 'Recovery'),
    ]).flat();
    expect(stepLines([power(900, 50, 65, 'Warm-up'), ...intervals, power(600, 45, 55, 'Cool-down')])).toEqual(
      [
        'Warm-up: 15 min at 50–65% FTP',
        '5 x (VO2max: 4 min at 110–120% FTP, Recovery: 4 min at 45–55% FTP)',
        'Cool-down: 10 min at 45–55% FTP',
      ],
    );
  });

  it('folds a repeated single step, and leaves different steps alone', () => {
    expect(
      stepLines([
        power(30, 150, 150, 'Sprint'),
        power(30, 150, 150, 'Sprint'),
        power(30, 150, 150, 'Sprint'),
      ]),
    ).toEqual(['3 x Sprint: 30 s at 150% FTP']);
    expect(stepLines([power(600, 60, 70, 'A'), power(600, 70, 80, 'B')])).toEqual([
      'A: 10 min at 60–70% FTP',
      'B: 10 min at 70–80% FTP',
    ]);
  });
});
