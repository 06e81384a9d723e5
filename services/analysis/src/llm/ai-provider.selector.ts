import type { Logger } from '@domestique/common';
import type { CoachChatProvider } from '../coach/coach-chat.provider.js';
import type { CoachQuestion } from '../coach/coach-question.js';
import type { RideAnalysisInput, RideFeedback } from '../engine/ride-analysis-input.js';
import type { AiProviderName, RideFeedbackProvider } from '../engine/ride-feedback.provider.js';

export interface AiProviderPolicy {
  /** keep Strava-sourced data away from the LLM (Strava API terms): the built-in engine answers */
  excludeStravaData: boolean;
}

export interface ProducedFeedback {
  feedback: RideFeedback;
  /** who wrote it */
  provider: AiProviderName;
  /** the LLM was tried and failed, so the engine wrote it */
  fellBack: boolean;
}

export interface ProducedAnswer {
  response: string;
  provider: AiProviderName;
  fellBack: boolean;
}

/**
 * Chooses who writes: the LLM when one is configured and the data may go to it, else the built-in
 * engine. An LLM failure (after the SDK's retries and the one repair attempt) is logged and the
 * engine writes instead, so an analysis or an answer is never lost.
 */
export class AiProviderSelector {
  constructor(
    private readonly engine: { feedback: RideFeedbackProvider; chat: CoachChatProvider },
    private readonly llm: { feedback: RideFeedbackProvider; chat: CoachChatProvider } | null,
    private readonly policy: AiProviderPolicy,
    private readonly logger: Logger,
  ) {}

  /** Which provider a ride's analysis goes to. */
  feedbackProviderFor(input: RideAnalysisInput): RideFeedbackProvider {
    if (!this.llm) return this.engine.feedback;
    return this.policy.excludeStravaData && input.ride.source === 'strava'
      ? this.engine.feedback
      : this.llm.feedback;
  }

  /** Which provider a chat answer goes to: the engine when the context holds Strava data under the policy. */
  chatProviderFor(question: CoachQuestion): CoachChatProvider {
    if (!this.llm) return this.engine.chat;
    const { recentRides, windowRides = [] } = question.context;
    const strava = [...recentRides, ...windowRides].some((ride) => ride.source === 'strava');
    return this.policy.excludeStravaData && strava ? this.engine.chat : this.llm.chat;
  }

  async analyseRide(input: RideAnalysisInput): Promise<ProducedFeedback> {
    const provider = this.feedbackProviderFor(input);
    const { value, ...by } = await this.withFallback(
      provider,
      this.engine.feedback,
      (p) => p.analyseRide(input),
      { rideId: input.ride.id },
      'LLM ride feedback failed; the built-in coach engine wrote it instead',
    );
    return { feedback: value, ...by };
  }

  async answer(question: CoachQuestion): Promise<ProducedAnswer> {
    const provider = this.chatProviderFor(question);
    const { value, ...by } = await this.withFallback(
      provider,
      this.engine.chat,
      (p) => p.answer(question),
      {},
      'LLM chat answer failed; the built-in coach answered instead',
    );
    return { response: value, ...by };
  }

  /** Runs `provider`; when it is the LLM and fails, logs it and runs the engine instead. */
  private async withFallback<P extends { readonly name: AiProviderName }, T>(
    provider: P,
    engine: P,
    run: (p: P) => Promise<T>,
    details: Record<string, unknown>,
    message: string,
  ): Promise<{ value: T; provider: AiProviderName; fellBack: boolean }> {
    if (provider === engine) return { value: await run(engine), provider: engine.name, fellBack: false };
    try {
      return { value: await run(provider), provider: provider.name, fellBack: false };
    } catch (error) {
      this.logger.warn({ context: 'ai-providers', provider: provider.name, ...details, err: error }, message);
      return { value: await run(engine), provider: engine.name, fellBack: true };
    }
  }
}
