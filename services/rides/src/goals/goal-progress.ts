import {
  FEET_PER_METRE,
  GOAL_UNITS,
  MPH_PER_METRE_PER_SECOND,
  METRES_PER_MILE,
  round2,
  type GoalDto,
  type GoalStatus,
  type GoalType,
} from '@domestique/proto';
import type { GoalEntity } from './goal.entity.js';

/** What the rides inside a goal's window add up to, in a ride's units. */
export interface WindowTotals {
  distanceM: number;
  movingTimeS: number;
  elevationM: number;
}

/**
 * A tracked goal's current value, in its unit (spec section 9): distance in miles, time in hours
 * (moving time), elevation in feet, speed as the average mph over the window's rides (their distance
 * over their moving time, so long rides weigh more; 0 without rides). Custom goals are not tracked.
 */
export const trackedValue = (type: Exclude<GoalType, 'custom'>, totals: WindowTotals): number => {
  switch (type) {
    case 'distance':
      return totals.distanceM / METRES_PER_MILE;
    case 'time':
      return totals.movingTimeS / 3600;
    case 'elevation':
      return totals.elevationM * FEET_PER_METRE;
    case 'speed':
      return totals.movingTimeS > 0 ? (totals.distanceM / totals.movingTimeS) * MPH_PER_METRE_PER_SECOND : 0;
  }
};

/** Reached at or above the target; once reached, a goal keeps its completion (and its date). */
export const completionAfter = (
  completedAt: Date | null,
  currentValue: number,
  targetValue: number,
  now: Date,
): Date | null => completedAt ?? (currentValue >= targetValue ? now : null);

/** completed once reached; otherwise expired from the end of the target date, active before. */
export const goalStatus = (goal: Pick<GoalEntity, 'completedAt' | 'deadline'>, now: Date): GoalStatus => {
  if (goal.completedAt) return 'completed';
  return now >= goal.deadline ? 'expired' : 'active';
};

export const toGoalDto = (goal: GoalEntity, now: Date): GoalDto => ({
  id: goal.id,
  title: goal.title,
  description: goal.description,
  type: goal.type,
  unit: GOAL_UNITS[goal.type],
  targetValue: goal.targetValue,
  currentValue: round2(goal.currentValue),
  targetDate: goal.targetDate,
  status: goalStatus(goal, now),
  createdAt: goal.createdAt.toISOString(),
  completedAt: goal.completedAt?.toISOString() ?? null,
});

/** After the rider edits the target or the window, completion follows the numbers again. */
export const completionOnEdit = (
  completedAt: Date | null,
  currentValue: number,
  targetValue: number,
  now: Date,
): Date | null => (currentValue >= targetValue ? (completedAt ?? now) : null);
