import { Module } from '@nestjs/common';
import { CONFIG, LOGGER, type Logger } from '@domestique/common';
import { CoachResponder } from '../coach/coach-chat.provider.js';
import type { AnalysisConfig } from '../config/env.schema.js';
import { EngineRideFeedbackProvider } from '../engine/ride-feedback.provider.js';
import { AiProviderSelector } from './ai-provider.selector.js';
import { OpenAiCoachChatProvider, OpenAiRideFeedbackProvider } from './openai-providers.js';
import { OpenAiJsonClient } from './openai-json.client.js';

/** Builds the providers from the configuration: the engine always, the LLM when OPENAI_API_KEY is set. */
export const createAiProviders = (config: AnalysisConfig, logger: Logger): AiProviderSelector => {
  const engine = { feedback: new EngineRideFeedbackProvider(), chat: new CoachResponder() };
  let llm = null;
  if (config.OPENAI_API_KEY) {
    const client = new OpenAiJsonClient(
      {
        apiKey: config.OPENAI_API_KEY,
        baseURL: config.OPENAI_BASE_URL,
        model: config.OPENAI_MODEL,
        timeoutMs: config.OPENAI_TIMEOUT_MS,
        maxRetries: config.OPENAI_MAX_RETRIES,
      },
      logger,
    );
    llm = { feedback: new OpenAiRideFeedbackProvider(client), chat: new OpenAiCoachChatProvider(client) };
    logger.info(
      {
        context: 'ai-providers',
        model: config.OPENAI_MODEL,
        excludeStravaData: config.LLM_EXCLUDE_STRAVA_DATA,
      },
      'AI provider: OpenAI-compatible LLM, with the built-in coach engine as fallback',
    );
  }
  return new AiProviderSelector(engine, llm, { excludeStravaData: config.LLM_EXCLUDE_STRAVA_DATA }, logger);
};

/** The AI providers, for the feedback worker and the chat (wired in once they land). */
@Module({
  providers: [
    {
      provide: AiProviderSelector,
      useFactory: (config: AnalysisConfig, logger: Logger) => createAiProviders(config, logger),
      inject: [CONFIG, LOGGER],
    },
  ],
  exports: [AiProviderSelector],
})
export class AiProvidersModule {}
