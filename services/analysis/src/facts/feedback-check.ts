import type { RideAnalysisInput, RideFeedback } from '../engine/ride-analysis-input.js';
import { checkNumbers, type NumberCheck } from './number-check.js';
import { rideFeedbackNumberFacts, type NumberFacts } from './number-facts.js';

/** A feedback's fields as one text, in the order the product shows them. */
export const feedbackText = (feedback: RideFeedback): string =>
  [
    feedback.summary,
    feedback.strengths,
    feedback.weaknesses,
    feedback.recommendations,
    feedback.fullAnalysis,
  ].join('\n\n');

/** The number check over every field of a feedback, against facts already built. */
export const checkFeedback = (feedback: RideFeedback, facts: NumberFacts): NumberCheck =>
  checkNumbers(feedbackText(feedback), facts);

/** The number check of a ride's feedback (the built-in engine's or the LLM's) against the ride's facts. */
export const checkRideFeedback = (feedback: RideFeedback, input: RideAnalysisInput, now: Date): NumberCheck =>
  checkFeedback(feedback, rideFeedbackNumberFacts(input, now));
