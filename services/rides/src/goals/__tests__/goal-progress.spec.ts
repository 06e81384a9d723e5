import { describe, expect, it } from '@jest/globals';
import { goalProgressPercent, parseGoalValue } from '@domestique/proto';
import { completionAfter, completionOnEdit, goalStatus, toGoalDto, trackedValue } from '../goal-progress.js';
import type { GoalEntity } from '../goal.entity.js';

const totals = { distanceM: 32_186.8, movingTimeS: 5400, elevationM: 304.8 };

describe('goal progress per type', () => {
  it('counts distance in miles, time in hours, elevation in feet', () => {
    expect(trackedValue('distance', totals)).toBeCloseTo(20, 6); // 32,186.8 m / 1609.34
    expect(trackedValue('time', totals)).toBe(1.5);
    expect(trackedValue('elevation', totals)).toBeCloseTo(1000, 2); // 304.8 m x 3.28084
  });

  it('counts speed as the window average in mph (distance over moving time)', () => {
    // 32,186.8 m in 5,400 s = 5.9605 m/s x 2.237 = 13.33 mph
    expect(trackedValue('speed', totals)).toBeCloseTo(13.334, 3);
    expect(trackedValue('speed', { distanceM: 0, movingTimeS: 0, elevationM: 0 })).toBe(0);
  });

  it('caps the progress bar at 100% and parses the target like the form', () => {
    expect(goalProgressPercent(50, 200)).toBe(25);
    expect(goalProgressPercent(250, 200)).toBe(100);
    expect(goalProgressPercent(5, 0)).toBe(0);
    expect(parseGoalValue('12.5')).toBe(12.5);
    expect(parseGoalValue('abc')).toBe(0);
  });
});

describe('goal status', () => {
  const now = new Date('2026-06-15T12:00:00Z');
  const deadline = new Date('2026-06-16T00:00:00Z');

  it('is active before its deadline, expired from it, completed once reached', () => {
    expect(goalStatus({ completedAt: null, deadline }, now)).toBe('active');
    expect(goalStatus({ completedAt: null, deadline }, deadline)).toBe('expired');
    expect(goalStatus({ completedAt: now, deadline }, new Date('2026-07-01T00:00:00Z'))).toBe('completed');
  });

  it('completes when the value reaches the target and stays completed when it falls back', () => {
    const reached = completionAfter(null, 100, 100, now);
    expect(reached).toEqual(now);
    expect(completionAfter(null, 99.99, 100, now)).toBeNull();
    // a ride deleted later: the value falls, the goal keeps its completion and its date
    expect(completionAfter(reached, 40, 100, new Date('2026-06-20T00:00:00Z'))).toEqual(now);
  });

  it('follows the numbers again when the rider edits the target', () => {
    const earlier = new Date('2026-06-01T00:00:00Z');
    expect(completionOnEdit(earlier, 50, 80, now)).toBeNull();
    expect(completionOnEdit(earlier, 90, 80, now)).toEqual(earlier);
    expect(completionOnEdit(null, 90, 80, now)).toEqual(now);
  });

  it('answers the spec shape with the unit and the rounded value', () => {
    const goal = {
      id: 'g1',
      userId: 'u1',
      title: 'Century month',
      description: null,
      type: 'distance',
      targetValue: 100,
      currentValue: 12.345678,
      targetDate: '2026-06-15',
      deadline,
      completedAt: null,
      createdAt: new Date('2026-06-01T00:00:00Z'),
      updatedAt: now,
    } satisfies GoalEntity;
    expect(toGoalDto(goal, now)).toEqual({
      id: 'g1',
      title: 'Century month',
      description: null,
      type: 'distance',
      unit: 'miles',
      targetValue: 100,
      currentValue: 12.35,
      targetDate: '2026-06-15',
      status: 'active',
      createdAt: '2026-06-01T00:00:00.000Z',
      completedAt: null,
    });
  });
});
