import { withThousands } from '../thousands.js';
/**
 * Numbers and words of goals shared by the web and the server, without any runtime dependency
 * (the web imports them through `@domestique/proto/messages`). Spec sections 2, 5, 8 and 9.
 */

export const GOAL_TYPES = ['distance', 'time', 'elevation', 'speed', 'custom'] as const;
export type GoalType = (typeof GOAL_TYPES)[number];

/** Spec section 5: the type a new goal gets when none is chosen. */
export const DEFAULT_GOAL_TYPE: GoalType = 'distance';

/**
 * `active` until reached (`completed`, kept even if a ride is deleted later) or until its target
 * date ends unmet (`expired`).
 */
export const GOAL_STATUSES = ['active', 'completed', 'expired'] as const;
export type GoalStatus = (typeof GOAL_STATUSES)[number];

/** Spec section 9: goal units. Custom goals count whatever the rider counts. */
export const GOAL_UNITS: Record<GoalType, string> = {
  distance: 'miles',
  time: 'hours',
  elevation: 'ft',
  speed: 'mph',
  custom: '',
};

/** The Goal Type select of the Create New Goal modal (spec section 2), in order. */
export const GOAL_TYPE_LABELS: Record<GoalType, string> = {
  distance: 'Distance (miles)',
  time: 'Time (hours)',
  elevation: 'Elevation (feet)',
  speed: 'Average Speed (mph)',
  custom: 'Custom',
};

export const GOAL_TITLE_MAX_LENGTH = 100;
export const GOAL_DESCRIPTION_MAX_LENGTH = 500;
/** Larger than any sane goal in any unit (a million miles, hours, feet or mph). */
export const GOAL_VALUE_MAX = 1_000_000;

export const GoalMessages = {
  requiredFields: 'Please fill in all required fields',
  titleTooLong: `Goal title must be at most ${GOAL_TITLE_MAX_LENGTH} characters long`,
  descriptionTooLong: `Description must be at most ${GOAL_DESCRIPTION_MAX_LENGTH} characters long`,
  invalidType: 'Goal type must be one of distance, time, elevation, speed or custom',
  valueTooLarge: `Target value must be at most ${withThousands(GOAL_VALUE_MAX)}`,
  invalidDate: 'Target date must be a date (YYYY-MM-DD)',
  dateInPast: 'Target date cannot be in the past',
  currentValueCustomOnly: 'Progress can only be set by hand on custom goals',
  invalidCurrentValue: 'Progress must be a number from 0 up',
  notFound: 'Goal not found',
  createFailed: 'Failed to create goal',
  updateFailed: 'Failed to update goal',
  deleteFailed: 'Failed to delete goal',
  created: 'Goal Created',
  createdDescription: 'Your new goal has been set successfully!',
} as const;

/** Spec section 9: the progress bar never passes 100%. */
export const goalProgressPercent = (currentValue: number, targetValue: number): number =>
  targetValue > 0 ? Math.min(100, Math.max(0, (currentValue / targetValue) * 100)) : 0;

/**
 * Spec section 5: the target value is parsed as a decimal and anything invalid becomes 0 (which the
 * required-fields rule then refuses).
 */
export const parseGoalValue = (raw: string): number => {
  const value = Number.parseFloat(raw);
  return Number.isFinite(value) ? value : 0;
};
