import type { CoachChatProvider } from '../coach/coach-chat.provider.js';
import type { CoachQuestion } from '../coach/coach-question.js';
import type { RideAnalysisInput, RideFeedback } from '../engine/ride-analysis-input.js';
import type { RideFeedbackProvider } from '../engine/ride-feedback.provider.js';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { safetyAnswer } from '../coach/coach-safety.js';
import { readRider } from '../coach/rider-snapshot.js';
import { pushingSentences } from '../engine/form-reading.js';
import { checkFeedback } from '../facts/feedback-check.js';
import { checkNumbers } from '../facts/number-check.js';
import { numberFactsOf, rideSheetNumberFacts } from '../facts/number-facts.js';
import { buildRideFacts } from '../facts/ride-facts.js';
import {
  chatRepairRequest,
  coachChatMessages,
  coachFacts,
  CoachAnswerSchema,
  feedbackRepairRequest,
  rideFeedbackMessages,
  RideFeedbackSchema,
} from './llm-prompts.js';
import { LlmOutputError, type OpenAiJsonClient } from './openai-json.client.js';

/** Ride feedback written by an OpenAI-compatible LLM from the ride's facts object. */
export class OpenAiRideFeedbackProvider implements RideFeedbackProvider {
  readonly name = 'openai' as const;

  constructor(
    private readonly client: OpenAiJsonClient,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * Every number of the feedback is checked against the facts; feedback that fails is repaired once
   * (the wrong numbers sent back), else rejected (LlmOutputError), so the built-in engine writes it.
   */
  async analyseRide(input: RideAnalysisInput): Promise<RideFeedback> {
    const now = this.now();
    const sheet = buildRideFacts(input, now);
    const facts = rideSheetNumberFacts(sheet);
    const messages = rideFeedbackMessages(sheet);
    // the load calls for rest or an easy day: the recommendations may not ask for more
    const restrained = sheet.form !== null && sheet.form.verdict !== 'train';
    const problems = (feedback: RideFeedback) => ({
      wrong: checkFeedback(feedback, facts).wrong.map((w) => w.text),
      pushing: restrained ? pushingSentences(feedback.recommendations) : [],
    });
    const first = await this.client.complete(RideFeedbackSchema, 'ride_feedback', messages);
    const check = problems(first);
    if (!check.wrong.length && !check.pushing.length) return first;
    const repair: ChatCompletionMessageParam[] = [
      ...messages,
      { role: 'assistant', content: JSON.stringify(first) },
      { role: 'user', content: feedbackRepairRequest(check.wrong, check.pushing) },
    ];
    const second = await this.client.complete(RideFeedbackSchema, 'ride_feedback', repair);
    const recheck = problems(second);
    if (!recheck.wrong.length && !recheck.pushing.length) return second;
    throw new LlmOutputError(
      recheck.wrong.length
        ? `The LLM ride feedback stated numbers that are not in the facts: ${recheck.wrong.join(', ')}`
        : `The LLM ride feedback asked for more training than the rider's load allows: ${recheck.pushing.join(' ')}`,
      JSON.stringify(second),
    );
  }
}

/** Chat answers written by an OpenAI-compatible LLM from the rider's context and the conversation. */
export class OpenAiCoachChatProvider implements CoachChatProvider {
  readonly name = 'openai' as const;

  constructor(private readonly client: OpenAiJsonClient) {}

  /**
   * A red flag never reaches the LLM (the safety answer is returned). An answer with a number that is
   * not in the facts is repaired once, else rejected (LlmOutputError), so the built-in coach answers.
   */
  async answer(question: CoachQuestion): Promise<string> {
    const safety = safetyAnswer(question.message, question.history);
    if (safety) return safety;
    const messages = coachChatMessages(question);
    const facts = numberFactsOf(coachFacts(question));
    // the load calls for rest: the answer may not ask for more training
    const restrained = readRider(question).form?.verdict === 'rest';
    const problems = (answer: string) => ({
      wrong: checkNumbers(answer, facts).wrong.map((w) => w.text),
      pushing: restrained ? pushingSentences(answer) : [],
    });
    const first = (await this.client.complete(CoachAnswerSchema, 'coach_answer', messages)).answer.trim();
    const check = problems(first);
    if (!check.wrong.length && !check.pushing.length) return first;
    const repair: ChatCompletionMessageParam[] = [
      ...messages,
      { role: 'assistant', content: JSON.stringify({ answer: first }) },
      { role: 'user', content: chatRepairRequest(check.wrong, check.pushing) },
    ];
    const second = (await this.client.complete(CoachAnswerSchema, 'coach_answer', repair)).answer.trim();
    const recheck = problems(second);
    if (!recheck.wrong.length && !recheck.pushing.length) return second;
    throw new LlmOutputError(
      recheck.wrong.length
        ? 'The LLM chat answer stated numbers that are not in the facts'
        : "The LLM chat answer asked for more training than the rider's load allows",
      second,
    );
  }
}
