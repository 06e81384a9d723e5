import type { AiProviderName } from '../engine/ride-feedback.provider.js';
import type { CoachQuestion } from './coach-question.js';
import { answerQuestion } from './coach-responder.js';

/** Answers a rider's chat message from their context. */
export interface CoachChatProvider {
  readonly name: AiProviderName;
  answer(question: CoachQuestion): Promise<string>;
}

/** The built-in coach's chat: deterministic, offline, always available. */
export class CoachResponder implements CoachChatProvider {
  readonly name = 'engine' as const;

  answer(question: CoachQuestion): Promise<string> {
    return Promise.resolve(answerQuestion(question));
  }
}
