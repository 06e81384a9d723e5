// first: proto's schemas must be built after zod is told not to compile them (CSP forbids eval)
import '../../app/zod-jitless';
import { CreateGoalRequest, UpdateGoalRequest } from '@domestique/proto';
import {
  DEFAULT_GOAL_TYPE,
  GOAL_TYPE_LABELS,
  GOAL_UNITS,
  parseGoalValue,
  type GoalType,
} from '@domestique/proto/messages';
import { asWholeForm } from '../../app/forms/spec-resolver';
import { fromImperial, quantities, UNIT_WORDS, type UnitSystem } from '../../app/units/units';
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

/**
 * Distance, elevation and speed goals are kept in the spec's units (miles, ft, mph: section 9); a
 * metric rider sees and types them in km, m and km/h, converted both ways here.
 */
const GOAL_QUANTITIES: Partial<Record<GoalType, 'distance' | 'elevation' | 'speed'>> = {
  distance: 'distance',
  elevation: 'elevation',
  speed: 'speed',
};

/** A goal value in the rider's unit (metric rounded to 2 decimals); imperial as stored. */
export const goalValueShown = (type: GoalType, value: number, system: UnitSystem): number => {
  const quantity = GOAL_QUANTITIES[type];
  return quantity && system !== 'imperial'
    ? Math.round(fromImperial(system, quantity, value) * 100) / 100
    : value;
};

/** "miles" / "km", "ft" / "m", "mph" / "km/h", "hours", "" (custom). */
export const goalUnit = (type: GoalType, system: UnitSystem): string => {
  const quantity = GOAL_QUANTITIES[type];
  return quantity && system !== 'imperial' ? quantities(system)[quantity].unit : GOAL_UNITS[type];
};

/** The Goal Type choice: "Distance (miles)" / "Distance (kilometres)". */
export const goalTypeLabel = (type: GoalType, system: UnitSystem): string => {
  const quantity = GOAL_QUANTITIES[type];
  return quantity && system !== 'imperial'
    ? `${GOAL_TYPE_LABELS[type].replace(/ \(.*\)$/, '')} (${UNIT_WORDS[system][quantity]})`
    : GOAL_TYPE_LABELS[type];
};

/** A target typed in the rider's unit as the API keeps it; anything but a decimal is left to the schema. */
const targetToApi = (type: GoalType, typed: string, system: UnitSystem): string | number => {
  const quantity = GOAL_QUANTITIES[type];
  if (!quantity || system === 'imperial' || !/^\s*\d+(\.\d+)?\s*$/.test(typed)) return typed;
  return Number(typed) / fromImperial(system, quantity, 1);
};

export const goalFormFrom = (goal: Goal, system: UnitSystem = 'imperial'): GoalFormValues => ({
  title: goal.title,
  description: goal.description ?? '',
  type: goal.type,
  targetValue: String(goalValueShown(goal.type, goal.targetValue, system)),
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
export const goalRequestFrom = (
  values: GoalFormValues,
  editing: boolean,
  system: UnitSystem = 'imperial',
) => {
  const { currentValue, targetValue, ...rest } = values;
  const request = { ...rest, targetValue: targetToApi(values.type, targetValue, system) };
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

/** "Progress: 12.35 / 100 miles" ("Progress: 19.87 / 160.93 km" for a metric rider) */
export const progressLine = (
  goal: Pick<Goal, 'type' | 'currentValue' | 'targetValue' | 'unit'>,
  system: UnitSystem = 'imperial',
): string => {
  const shown = (value: number) => twoDecimals.format(goalValueShown(goal.type, value, system));
  const unit = GOAL_QUANTITIES[goal.type] ? goalUnit(goal.type, system) : goal.unit;
  return `Progress: ${shown(goal.currentValue)} / ${shown(goal.targetValue)}${unit ? ` ${unit}` : ''}`;
};
