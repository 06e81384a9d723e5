import { z } from 'zod';
import {
  DEFAULT_GOAL_TYPE,
  GOAL_DESCRIPTION_MAX_LENGTH,
  GOAL_TITLE_MAX_LENGTH,
  GOAL_TYPES,
  GOAL_VALUE_MAX,
  GoalMessages,
  type GoalStatus,
  type GoalType,
} from './goals.constants.js';

export * from './goals.constants.js';

/** A goal as `GET /api/goals` answers it (spec section 3), values in the goal's unit. */
export interface GoalDto {
  id: string;
  title: string;
  description: string | null;
  type: GoalType;
  /** miles, hours, ft or mph (spec section 9); custom goals count in the rider's own unit */
  unit: string;
  targetValue: number;
  /** from the rides between the goal's creation and the end of its target date; set by hand on custom goals */
  currentValue: number;
  /** YYYY-MM-DD: the goal counts rides until the end of this day in the rider's time zone */
  targetDate: string;
  status: GoalStatus;
  /** ISO 8601 */
  createdAt: string;
  /** ISO 8601; when the target was first reached */
  completedAt: string | null;
}

const required = GoalMessages.requiredFields;

/** Blank strings and nulls mean "not given". */
const blankToUndefined = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;

const calendarDate = (value: string): boolean => {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};

const title = z
  .string({ error: required })
  .trim()
  .min(1, required)
  .max(GOAL_TITLE_MAX_LENGTH, GoalMessages.titleTooLong);

const description = z
  .string({ error: GoalMessages.descriptionTooLong })
  .trim()
  .max(GOAL_DESCRIPTION_MAX_LENGTH, GoalMessages.descriptionTooLong)
  .nullish()
  .transform((value) => value || null);

const goalType = z.enum(GOAL_TYPES, { error: GoalMessages.invalidType });

/**
 * A number, or a decimal in a string (spec section 5: invalid becomes 0, which is refused). The whole
 * string must be the decimal: "12abc" is invalid here, not 12.
 */
const decimal = z.preprocess(
  (value) => (typeof value === 'string' ? (/^\s*\d+(\.\d+)?\s*$/.test(value) ? Number(value) : 0) : value),
  z.number({ error: required }),
);

const targetValue = decimal
  .refine((value) => Number.isFinite(value) && value > 0, required)
  .refine((value) => value <= GOAL_VALUE_MAX, GoalMessages.valueTooLarge);

const targetDate = z
  .string({ error: required })
  .trim()
  .min(1, required)
  .regex(/^\d{4}-\d{2}-\d{2}$/, GoalMessages.invalidDate)
  .refine(calendarDate, GoalMessages.invalidDate);

/** `POST /api/goals` (spec section 5): title, targetValue (non-zero) and targetDate required. */
export const CreateGoalRequest = z.strictObject({
  title,
  description,
  type: z.preprocess(blankToUndefined, goalType.default(DEFAULT_GOAL_TYPE)),
  targetValue: z.preprocess(blankToUndefined, targetValue),
  targetDate: z.preprocess(blankToUndefined, targetDate),
});
export type CreateGoalRequest = z.infer<typeof CreateGoalRequest>;

/**
 * `PATCH /api/goals/:id`: any of the create fields, plus `currentValue` for custom goals (whose
 * progress the rider counts by hand).
 */
export const UpdateGoalRequest = z.strictObject({
  title: title.optional(),
  /** null or blank clears it; absent leaves it */
  description: z
    .string({ error: GoalMessages.descriptionTooLong })
    .trim()
    .max(GOAL_DESCRIPTION_MAX_LENGTH, GoalMessages.descriptionTooLong)
    .nullable()
    .optional(),
  type: goalType.optional(),
  targetValue: z.preprocess(blankToUndefined, targetValue.optional()),
  targetDate: z.preprocess(blankToUndefined, targetDate.optional()),
  currentValue: z
    .number({ error: GoalMessages.invalidCurrentValue })
    .min(0, GoalMessages.invalidCurrentValue)
    .max(GOAL_VALUE_MAX, GoalMessages.invalidCurrentValue)
    .optional(),
});
export type UpdateGoalRequest = z.infer<typeof UpdateGoalRequest>;
