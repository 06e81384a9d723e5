import { baseEnvSchema, booleanVar, portVar, withProductionSecrets } from '@domestique/common';
import { z } from 'zod';

/** Every variable the analysis service reads. */
const variables = baseEnvSchema.extend({
  ANALYSIS_HOST: z.string().default('127.0.0.1'),
  ANALYSIS_PORT: portVar(4103),
  ANALYSIS_WORKER_HEALTH_PORT: portVar(4203),
  /** how long POST /api/rides/{id}/ai-feedback waits for the analysis before answering 503 */
  ANALYSIS_WAIT_MS: z.coerce.number().int().min(100).max(600_000).default(60_000),
  /** analyses one worker runs at once */
  ANALYSIS_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(16),
  /** how long an analysis waits for the ride's detailed data still being fetched from Strava before it goes without */
  ANALYSIS_STREAMS_WAIT_MS: z.coerce.number().int().min(0).max(3_600_000).default(600_000),
  /** tries per analysis (a failure to read the ride is retried with backoff) */
  ANALYSIS_ATTEMPTS: z.coerce.number().int().min(1).max(10).default(3),
  /** analyses a free rider may run per calendar month (UTC) */
  FREE_MONTHLY_ANALYSES: z.coerce.number().int().min(0).default(5),
  /**
   * AI providers. Without OPENAI_API_KEY the built-in coach engine writes every analysis and chat
   * answer; with it, an OpenAI-compatible LLM does (the engine stays the fallback).
   */
  OPENAI_API_KEY: z.string().min(1).optional(),
  /** an OpenAI-compatible API (…/v1); unset: api.openai.com */
  OPENAI_BASE_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  OPENAI_MODEL: z.string().min(1).default('gpt-5-mini'),
  /** per request, milliseconds */
  OPENAI_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(45_000),
  /** retries of 408/409/429/5xx answers, connection errors and timeouts (with backoff) */
  OPENAI_MAX_RETRIES: z.coerce.number().int().min(0).max(10).default(2),
  /** keep Strava-sourced rides (and chat contexts holding them) away from the LLM, per Strava's API terms */
  LLM_EXCLUDE_STRAVA_DATA: booleanVar(true),
});

/**
 * The analysis service's configuration, validated at boot (see ../../.env.example). OPENAI_API_KEY
 * stays optional; production refuses the OpenAI fake's committed key.
 */
export const analysisEnvSchema = withProductionSecrets(variables, { OPENAI_API_KEY: {} });

export type AnalysisConfig = z.infer<typeof analysisEnvSchema>;
