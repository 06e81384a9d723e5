/** The training-plan engine (issue 23): pure functions the plans service builds on. */
export type {
  AdaptInput,
  Adjustment,
  AdjustmentChange,
  BuiltPlan,
  ComplianceRide,
  CoursePoint,
  EngineSession,
  EngineWeek,
  PlanRequestInput,
  PlanRider,
  SettledSession,
} from './types.js';
export { buildPlan, taperStartOf } from './periodise.js';
export { complianceOf, matchDay } from './compliance.js';
export { adaptPlan } from './adapt.js';
export { weekLoadCheck } from './week-load.js';
export { pacingPlan } from './pacing.js';
export {
  WORKOUT_LIBRARY,
  LIBRARY_CATEGORIES,
  instantiateWorkout,
  type LibraryWorkout,
} from './workout-library.js';
