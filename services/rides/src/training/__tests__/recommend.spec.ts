import { describe, expect, it } from '@jest/globals';
import { addDays } from '../../analytics/calendar.js';
import { MAX_RAMP, REST_TSB, recommendWeek, type RecommendationInput } from '../recommend.js';
import { buildWorkout, hrZoneOf } from '../workouts.js';

const HARD = ['sweet-spot', 'threshold', 'vo2max'];
const today = '2026-03-11'; // a Wednesday

const steady = (load: number, days = 7) =>
  Array.from({ length: days }, (_, i) => ({ date: addDays(today, i - days), load }));

const input = (overrides: Partial<RecommendationInput> = {}): RecommendationInput => ({
  today,
  ctl: 60,
  atl: 60,
  recentLoads: steady(60),
  rampRate: 2,
  byPower: true,
  goals: [],
  ...overrides,
});

describe('recommendations', () => {
  it('plans seven dated days, each with steps, a load and a sentence with the rider numbers', () => {
    const week = recommendWeek(input());
    expect(week.map((d) => d.date)).toEqual(Array.from({ length: 7 }, (_, i) => addDays(today, i)));
    for (const day of week) {
      expect(day.reason).toMatch(/\d/);
      expect(day.reason.split('. ').length).toBe(1);
      if (day.type !== 'rest') expect(day.steps.length).toBeGreaterThan(0);
      expect(day.durationS).toBe(day.steps.reduce((sum, s) => sum + s.durationS, 0));
    }
    expect(week[0]!.reason).toContain('Form 0 with fitness 60');
    expect(week.some((d) => HARD.includes(d.type))).toBe(true);
  });

  it('makes the day after a hard ride easy, and changes after one', () => {
    const fresh = recommendWeek(input());
    expect(HARD).toContain(fresh[0]!.type);
    const afterHard = recommendWeek(
      input({ recentLoads: [...steady(60, 6), { date: addDays(today, -1), load: 160 }] }),
    );
    expect(afterHard[0]!.type).toBe('recovery');
    expect(afterHard[0]!.reason).toContain('160 TSS');
  });

  it('never puts two hard days in a row', () => {
    for (const ctl of [20, 60, 100])
      for (const atl of [10, 60, 90]) {
        const week = recommendWeek(input({ ctl, atl }));
        week.forEach((day, i) => {
          if (i > 0 && HARD.includes(day.type)) expect(HARD).not.toContain(week[i - 1]!.type);
        });
      }
  });

  it('rests when form is below -30 and after a hard day below -20', () => {
    const overreached = recommendWeek(input({ ctl: 60, atl: 95 }));
    expect(overreached[0]!.type).toBe('rest');
    expect(overreached[0]!.reason).toContain('-35');
    expect(overreached[0]!.reason).toContain(String(REST_TSB));
    const tired = recommendWeek(
      input({ ctl: 60, atl: 85, recentLoads: [...steady(60, 6), { date: addDays(today, -1), load: 150 }] }),
    );
    expect(tired[0]!.type).toBe('rest');
  });

  it('holds back hard work while fitness ramps too fast', () => {
    const week = recommendWeek(input({ rampRate: MAX_RAMP + 2 }));
    expect(week[0]!.type).toBe('endurance');
    expect(week[0]!.reason).toContain(`${MAX_RAMP + 2} points a week`);
  });

  it('writes heart-rate zones instead of %FTP for a rider without power', () => {
    const week = recommendWeek(input({ byPower: false }));
    const steps = week.flatMap((d) => d.steps);
    expect(
      steps.every((s) => s.targetPercentFtp === null && s.targetHrZone! >= 1 && s.targetHrZone! <= 5),
    ).toBe(true);
  });

  it('names the goal and picks threshold work for a speed goal', () => {
    const week = recommendWeek(
      input({ goals: [{ title: 'Sub-hour 40 km', type: 'speed', targetDate: '2026-05-01' }] }),
    );
    expect(week[0]!.type).toBe('threshold');
    expect(week[0]!.reason).toContain('"Sub-hour 40 km" (2026-05-01)');
  });
});

describe('structured workouts', () => {
  it('sums the steps and plans the TSS of a VO2max session', () => {
    const workout = buildWorkout('vo2max', true);
    expect(workout.steps.filter((s) => s.label.startsWith('VO2max'))).toHaveLength(5);
    expect(workout.durationS).toBe((15 + 5 * 4 + 4 * 4 + 10) * 60);
    expect(workout.plannedLoad).toBeGreaterThan(50);
  });

  it('maps %FTP to heart-rate zones', () => {
    expect([50, 70, 85, 100, 115].map(hrZoneOf)).toEqual([1, 2, 3, 4, 5]);
  });
});
