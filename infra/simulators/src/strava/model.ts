// The simulator's ride model without its HTTP server: demo athletes, their planned histories, the
// 1 Hz simulation with each ride's ground truth, and what the API answers for it (the activity's
// JSON and its streams). `npm run eval:coach` (infra/eval) judges the coach against this truth.
export { resolveAthletes, type DemoAthlete } from './athletes.js';
export { planHistory, plannedTruth, type ActivityPlan, type WorkoutTruth } from './planner.js';
export { simulate, simulateWithTruth, streamValues, type Simulation, type StreamType } from './ride-model.js';
export { summaryActivity } from './resources.js';
export { statsFromStreams } from './summary.js';
