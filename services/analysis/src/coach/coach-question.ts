import type { CoachTrendFacts, TrainingFormFacts, WorkoutType } from '@domestique/proto';
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

/** A ride as the chat reads it: its summary, the work from recorded power and the session type. */
export type CoachRide = RideSummary & {
  /** sum of recorded power, kJ; null without a power meter or streams */
  kilojoules?: number | null;
  workoutType?: WorkoutType | null;
};

export interface CoachContext {
  rider: RiderFacts;
  /** newest first, up to about 20 */
  recentRides: readonly CoachRide[];
  trends: CoachTrends | null;
  goals: readonly GoalFacts[];
  /** every ride from windowStart to the question, newest first: windows ("last 4 weeks") read these */
  windowRides?: readonly CoachRide[];
  /** ISO 8601: the window's first day; null or absent when only recentRides are known */
  windowStart?: string | null;
  /** false when the window was capped (COACH_WINDOW_MAX_RIDES) */
  windowComplete?: boolean;
  /** the rider's training load today; null or absent without load data (nothing is said about form) */
  form?: TrainingFormFacts | null;
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
