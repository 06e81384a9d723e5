import { DEFAULT_GOAL_TYPE, GoalMessages, parseGoalValue, type GoalType } from '@domestique/proto/messages';
import type { Goal, GoalInput } from './graphql/goals.graphql';

/** The Create New Goal / Edit Goal form as typed. */
export interface GoalFormValues {
  title: string;
  description: string;
  type: GoalType;
  targetValue: string;
  targetDate: string;
  /** custom goals only, when editing */
  currentValue: string;
}

export const emptyGoalForm = (): GoalFormValues => ({
  title: '',
  description: '',
  type: DEFAULT_GOAL_TYPE,
  targetValue: '',
  targetDate: '',
  currentValue: '',
});

export const goalFormFrom = (goal: Goal): GoalFormValues => ({
  title: goal.title,
  description: goal.description ?? '',
  type: goal.type,
  targetValue: String(goal.targetValue),
  targetDate: goal.targetDate,
  currentValue: String(goal.currentValue),
});

/**
 * Spec section 5: title, targetValue (non-zero; parsed as a decimal, invalid becomes 0) and
 * targetDate are required, else "Please fill in all required fields". The server checks the same.
 */
export const goalInputFrom = (
  values: GoalFormValues,
  editing: boolean,
): { input: GoalInput } | { error: string } => {
  const title = values.title.trim();
  const targetValue = parseGoalValue(values.targetValue);
  if (!title || targetValue <= 0 || !values.targetDate) return { error: GoalMessages.requiredFields };
  const input: GoalInput = {
    title,
    description: values.description.trim() || null,
    type: values.type,
    targetValue,
    targetDate: values.targetDate,
  };
  if (editing && values.type === 'custom' && values.currentValue.trim() !== '')
    input.currentValue = Math.max(0, parseGoalValue(values.currentValue));
  return { input };
};

/** "Jun 15, 2026" for a YYYY-MM-DD (the date the rider picked, not shifted by time zones). */
export const formatGoalDate = (date: string): string =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });

const twoDecimals = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** "Progress: 12.35 / 100 miles" */
export const progressLine = (goal: Pick<Goal, 'currentValue' | 'targetValue' | 'unit'>): string =>
  `Progress: ${twoDecimals.format(goal.currentValue)} / ${twoDecimals.format(goal.targetValue)}${
    goal.unit ? ` ${goal.unit}` : ''
  }`;
