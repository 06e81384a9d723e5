import type { CoachChatProvider } from '../coach/coach-chat.provider.js';
import type { CoachQuestion } from '../coach/coach-question.js';
import type { RideAnalysisInput, RideFeedback } from '../engine/ride-analysis-input.js';
import type { RideFeedbackProvider } from '../engine/ride-feedback.provider.js';
import {
  coachChatMessages,
  CoachAnswerSchema,
  rideFeedbackMessages,
  RideFeedbackSchema,
} from './llm-prompts.js';
import type { OpenAiJsonClient } from './openai-json.client.js';

/** Ride feedback written by an OpenAI-compatible LLM from the ride's computed facts. */
export class OpenAiRideFeedbackProvider implements RideFeedbackProvider {
  readonly name = 'openai' as const;

  constructor(private readonly client: OpenAiJsonClient) {}

  analyseRide(input: RideAnalysisInput): Promise<RideFeedback> {
    return this.client.complete(RideFeedbackSchema, 'ride_feedback', rideFeedbackMessages(input));
  }
}

/** Chat answers written by an OpenAI-compatible LLM from the rider's context and the conversation. */
export class OpenAiCoachChatProvider implements CoachChatProvider {
  readonly name = 'openai' as const;

  constructor(private readonly client: OpenAiJsonClient) {}

  async answer(question: CoachQuestion): Promise<string> {
    const { answer } = await this.client.complete(
      CoachAnswerSchema,
      'coach_answer',
      coachChatMessages(question),
    );
    return answer.trim();
  }
}
