/**
 * What `npm run eval:coach` (infra/eval) runs of this service: the real engine, the number check
 * and the chat with its safety guard, as the worker and the chat service run them, without Nest,
 * queues or a database.
 */
import type { RideAnalysisContext, RiderCoachContext, Tier } from '@domestique/proto';
import { coachReply, type CoachReply } from './coach/coach-responder.js';
import { analyseRide } from './engine/coach-engine.js';
import type { RideAnalysisInput } from './engine/ride-analysis-input.js';
import { checkNumbers, type NumberCheck } from './facts/number-check.js';
import { numberFactsOf, rideFeedbackNumberFacts } from './facts/number-facts.js';
import { coachContextWithTier, withTier } from './rider-context/rides-context.client.js';

export type RideAnalysisInputKit = RideAnalysisInput;
export type { CoachReply, NumberCheck };

export const AnalysisCoachKit = {
  withTier: (context: RideAnalysisContext, tier: Tier): RideAnalysisInput => withTier(context, tier),
  analyseRide: (input: RideAnalysisInput) => analyseRide(input),
  /** every number of a feedback's text against the ride's facts, rounded as displayed */
  checkFeedbackNumbers: (text: string, input: RideAnalysisInput, asOf: Date): NumberCheck =>
    checkNumbers(text, rideFeedbackNumberFacts(input, asOf)),
  /** the built-in coach's chat answer (red flags first), as the chat service gives it */
  answerChat: (context: RiderCoachContext, tier: Tier, message: string, asOf: Date): CoachReply =>
    coachReply({
      context: coachContextWithTier(context, tier),
      message,
      history: [],
      asOf: asOf.toISOString(),
    }),
  /** every number of a chat answer against the facts it was written from */
  checkChatNumbers: (reply: CoachReply): NumberCheck => checkNumbers(reply.text, numberFactsOf(reply.facts)),
};
