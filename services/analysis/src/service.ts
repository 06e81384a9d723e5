import { defineService } from '@domestique/common';
import { QUEUES } from '@domestique/proto';
import { analysisEnvSchema } from './config/env.schema.js';
import { analysisDatabase } from './database.js';
import { AccountsModule } from './accounts/accounts.module.js';
import { CoachChatModule } from './coach/coach-chat.module.js';
import { FeedbackModule } from './feedback/feedback.module.js';
import { QuotaModule } from './quota/quota.module.js';

/** The analysis service: AI ride feedback, the monthly analysis quota, coach chat. */
export const analysisService = defineService({
  name: 'analysis',
  envSchema: analysisEnvSchema,
  database: analysisDatabase,
  features: [QuotaModule, FeedbackModule, CoachChatModule, AccountsModule],
  api: (config) => ({ host: config.ANALYSIS_HOST, port: config.ANALYSIS_PORT }),
  worker: (config) => ({
    host: config.ANALYSIS_HOST,
    healthPort: config.ANALYSIS_WORKER_HEALTH_PORT,
    // an LLM analysis waits on the network for up to OPENAI_TIMEOUT_MS per try
    queues: {
      [QUEUES.rideAnalysis]: {
        concurrency: config.ANALYSIS_CONCURRENCY,
        lockDuration: Math.max(60_000, config.OPENAI_TIMEOUT_MS * (config.OPENAI_MAX_RETRIES + 2)),
      },
    },
  }),
});
