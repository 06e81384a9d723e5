import type { CoachTrendFacts } from '@domestique/proto';
import type { GoalFacts, RideSummary, RiderFacts } from '../engine/ride-analysis-input.js';

/**
 * What the coach knows when a rider asks something: their thresholds, recent rides and their
 * metrics, weekly trends, goals, and the last messages of the conversation. Served by the rides
 * service (rides, trends, goals) and the chat history (analysis service).
 */
export interface CoachQuestion {
  context: CoachContext;
  /** the rider's message, 1 to 2,000 characters */
  message: string;
  /** the last exchanges, oldest first */
  history: readonly ChatTurn[];
  /** when the question is asked (ISO 8601); defaults to the newest ride's start */
  asOf?: string;
}

export interface CoachContext {
  rider: RiderFacts;
  /** newest first, up to about 20 */
  recentRides: readonly RideSummary[];
  trends: CoachTrends | null;
  goals: readonly GoalFacts[];
}

/**
 * The performance trends of the dashboard (spec section 3): 12 weekly points and the improvements in
 * percent (each null when either end of the window lacks the data).
 */
export type CoachTrends = CoachTrendFacts;

export interface ChatTurn {
  message: string;
  response: string;
}
