import { analyseRide } from './coach-engine.js';
import type { RideAnalysisInput, RideFeedback } from './ride-analysis-input.js';

/** Who wrote an answer: the built-in coach engine or the OpenAI-compatible LLM. */
export type AiProviderName = 'engine' | 'openai';

/** Writes the feedback on one ride from its facts. */
export interface RideFeedbackProvider {
  readonly name: AiProviderName;
  analyseRide(input: RideAnalysisInput): Promise<RideFeedback>;
}

/** The built-in coach engine: deterministic, offline, always available. */
export class EngineRideFeedbackProvider implements RideFeedbackProvider {
  readonly name = 'engine' as const;

  analyseRide(input: RideAnalysisInput): Promise<RideFeedback> {
    return Promise.resolve(analyseRide(input, new Date()));
  }
}
