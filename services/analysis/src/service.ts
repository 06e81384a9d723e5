import { defineService } from '@domestique/common';
import { analysisEnvSchema } from './config/env.schema.js';
import { analysisDatabase } from './database.js';
import { QuotaModule } from './quota/quota.module.js';

/** The analysis service: AI ride feedback, the monthly analysis quota, coach chat. */
export const analysisService = defineService({
  name: 'analysis',
  envSchema: analysisEnvSchema,
  database: analysisDatabase,
  features: [QuotaModule],
  api: (config) => ({ host: config.ANALYSIS_HOST, port: config.ANALYSIS_PORT }),
  worker: (config) => ({ host: config.ANALYSIS_HOST, healthPort: config.ANALYSIS_WORKER_HEALTH_PORT }),
});
