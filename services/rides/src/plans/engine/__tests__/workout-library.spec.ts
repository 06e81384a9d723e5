import { WORKOUT_TYPES } from '@domestique/proto';
import { hrZoneOf } from '../../../training/workouts.js';
import { instantiateWorkout, LIBRARY_CATEGORIES, WORKOUT_LIBRARY, workoutById } from '../workout-library.js';

describe('workout library', () => {
  it('holds at least 40 workouts, every category represented, with unique ids', () => {
    expect(WORKOUT_LIBRARY.length).toBeGreaterThanOrEqual(40);
    for (const category of LIBRARY_CATEGORIES)
      expect(WORKOUT_LIBRARY.filter((workout) => workout.category === category).length).toBeGreaterThan(0);
    expect(new Set(WORKOUT_LIBRARY.map((workout) => workout.id)).size).toBe(WORKOUT_LIBRARY.length);
  });

  it.each(WORKOUT_LIBRARY.map((workout) => [workout.id, workout] as const))(
    '%s has valid steps',
    (_, workout) => {
      expect(WORKOUT_TYPES).toContain(workout.type);
      expect(workout.steps.length).toBeGreaterThan(0);
      for (const step of workout.steps) {
        expect(step.seconds).toBeGreaterThan(0);
        expect(step.percent[0]).toBeLessThanOrEqual(step.percent[1]);
        expect(step.percent[0]).toBeGreaterThan(0);
      }
    },
  );

  it('instantiates a session in %FTP with its TSS from the steps', () => {
    const session = instantiateWorkout(workoutById('threshold-3x10'), {
      date: '2026-12-01',
      byPower: true,
      reason: 'r',
    });
    expect(session).toMatchObject({
      date: '2026-12-01',
      type: 'threshold',
      title: 'Threshold 3 x 10 min',
      reason: 'r',
    });
    expect(session.durationS).toBe(session.steps.reduce((sum, step) => sum + step.durationS, 0));
    // 15 min at 57.5%, 3 x 10 min at 100%, 2 x 5 min at 50%, 10 min at 47.5%
    const expected =
      (15 / 60) * 0.575 ** 2 * 100 +
      (30 / 60) * 100 +
      (10 / 60) * 0.5 ** 2 * 100 +
      (10 / 60) * 0.475 ** 2 * 100;
    expect(session.plannedLoad).toBe(Math.round(expected));
    expect(session.steps.every((step) => step.targetHrZone === null && step.targetPercentFtp !== null)).toBe(
      true,
    );
  });

  it('gives heart-rate zones without an FTP, and loads from the zones', () => {
    const session = instantiateWorkout(workoutById('vo2max-5x4'), {
      date: '2026-12-01',
      byPower: false,
      reason: '',
    });
    const power = instantiateWorkout(workoutById('vo2max-5x4'), {
      date: '2026-12-01',
      byPower: true,
      reason: '',
    });
    expect(session.steps.every((step) => step.targetPercentFtp === null)).toBe(true);
    expect(session.steps.map((step) => step.targetHrZone)).toEqual(
      power.steps.map((step) => hrZoneOf((step.targetPercentFtp![0] + step.targetPercentFtp![1]) / 2)),
    );
    expect(session.plannedLoad).toBeGreaterThan(0);
  });

  it('scales endurance rides to a duration, and keeps interval sessions as written', () => {
    const long = instantiateWorkout(workoutById('endurance-long'), {
      date: '2026-12-06',
      byPower: true,
      durationS: 4 * 3600,
      reason: '',
    });
    expect(long.durationS).toBe(4 * 3600);
    expect(long.title).toBe('Long endurance ride, 4 h');
    const short = instantiateWorkout(workoutById('endurance-long'), {
      date: '2026-12-06',
      byPower: true,
      durationS: 2 * 3600,
      reason: '',
    });
    expect(short.plannedLoad).toBeLessThan(long.plannedLoad);
    const intervals = instantiateWorkout(workoutById('sweet-spot-2x20'), {
      date: '2026-12-06',
      byPower: true,
      durationS: 4 * 3600,
      reason: '',
    });
    expect(intervals.durationS).toBe((15 + 40 + 5 + 10) * 60);
  });
});
