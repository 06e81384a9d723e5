import { baseEnvSchema, portVar } from '@domestique/common';
import { z } from 'zod';

/** Every variable the analysis service reads, validated at boot (see ../../.env.example). */
export const analysisEnvSchema = baseEnvSchema.extend({
  ANALYSIS_HOST: z.string().default('127.0.0.1'),
  ANALYSIS_PORT: portVar(4103),
  ANALYSIS_WORKER_HEALTH_PORT: portVar(4203),
  /** analyses a free rider may run per calendar month (UTC) */
  FREE_MONTHLY_ANALYSES: z.coerce.number().int().min(0).default(5),
});

export type AnalysisConfig = z.infer<typeof analysisEnvSchema>;
