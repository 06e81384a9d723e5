// first: proto's schemas must be built after zod is told not to compile them (CSP forbids eval)
import '../../app/zod-jitless';
import { CreateGoalRequest, UpdateGoalRequest } from '@domestique/proto';
import { DEFAULT_GOAL_TYPE, parseGoalValue, type GoalType } from '@domestique/proto/messages';
import { asWholeForm } from '../../app/forms/spec-resolver';
import type { Goal } from './graphql/goals.graphql';

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
 * Spec section 5, with the API's own schema (the server checks again): title, targetValue (non-zero;
 * a decimal, anything else is 0) and targetDate are required, else "Please fill in all required
 * fields", said once for the form. Editing may also set a custom goal's progress.
 */
export const GOAL_FORM_SCHEMAS = {
  create: asWholeForm(CreateGoalRequest),
  edit: asWholeForm(CreateGoalRequest.extend({ currentValue: UpdateGoalRequest.shape.currentValue })),
} as const;

/** The form as the API's request: progress only when editing a custom goal and given. */
export const goalRequestFrom = (values: GoalFormValues, editing: boolean) => {
  const { currentValue, ...request } = values;
  return editing && values.type === 'custom' && currentValue.trim() !== ''
    ? { ...request, currentValue: Math.max(0, parseGoalValue(currentValue)) }
    : request;
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
