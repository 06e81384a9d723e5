import { jest } from '@jest/globals';
import type { z } from 'zod';
import { newHistory, newRider } from '../../engine/__tests__/ride-input.factory.js';
import { AiProviderSelector } from '../../llm/ai-provider.selector.js';
import { LlmOutputError, type OpenAiJsonClient } from '../../llm/openai-json.client.js';
import { OpenAiCoachChatProvider } from '../../llm/openai-providers.js';
import { COACH_CHAT_INSTRUCTIONS, coachChatMessages, coachFacts } from '../../llm/llm-prompts.js';
import type { RidesContextClient } from '../../rider-context/rides-context.client.js';
import type { ChatMessageEntity } from '../chat-message.entity.js';
import type { ChatMessagesRepository } from '../chat-messages.repository.js';
import { CoachChatService } from '../coach-chat.service.js';
import type { CoachQuestion } from '../coach-question.js';
import { redFlagAnswer } from '../coach-safety.js';

const RED_FLAG = 'My chest felt tight and I nearly blacked out on the climb, can I do intervals tomorrow?';

const question = (message: string): CoachQuestion => ({
  context: {
    rider: newRider(),
    recentRides: newHistory(12, { before: '2025-06-14T07:30:00Z' }),
    trends: null,
    goals: [],
  },
  message,
  history: [],
  asOf: '2025-06-14T12:00:00Z',
});

describe('the chat service answers a red flag before any provider', () => {
  const build = (history: Partial<ChatMessageEntity>[] = []) => {
    const saved: { message: string; response: string; provider: string }[] = [];
    const messages = {
      add: jest.fn(async (userId: string, message: string, response: string, provider: string) => {
        saved.push({ message, response, provider });
        return { id: 'm1', userId, message, response, provider, createdAt: new Date() } as ChatMessageEntity;
      }),
      pageForUser: jest.fn(async () => history),
    };
    const context = { forRider: jest.fn(async () => question('x').context) };
    const providers = {
      answer: jest.fn(async () => ({ response: 'provider answer', provider: 'openai', fellBack: false })),
    };
    const service = new CoachChatService(
      messages as unknown as ChatMessagesRepository,
      context as unknown as RidesContextClient,
      providers as unknown as AiProviderSelector,
    );
    return { service, saved, context, providers };
  };

  it('keeps the safety answer and never reads the rides or calls a provider', async () => {
    const { service, saved, context, providers } = build();
    const dto = await service.send('u1', 'pro', { message: RED_FLAG });
    expect(dto.response).toBe(redFlagAnswer(RED_FLAG));
    expect(saved).toEqual([{ message: RED_FLAG, response: redFlagAnswer(RED_FLAG), provider: 'engine' }]);
    expect(providers.answer).not.toHaveBeenCalled();
    expect(context.forRider).not.toHaveBeenCalled();
  });

  it('keeps a short follow-up to a red flag away from the providers too', async () => {
    const { service, providers } = build([{ message: RED_FLAG, response: redFlagAnswer(RED_FLAG)! }]);
    expect((await service.send('u1', 'pro', { message: 'What about Friday then?' })).response).toContain(
      redFlagAnswer(RED_FLAG)!,
    );
    expect(providers.answer).not.toHaveBeenCalled();
  });

  it('passes an ordinary question to the providers', async () => {
    const { service, providers } = build();
    expect((await service.send('u1', 'pro', { message: 'How do I pace a hill climb?' })).response).toBe(
      'provider answer',
    );
    expect(providers.answer).toHaveBeenCalledTimes(1);
  });
});

describe('the LLM chat provider', () => {
  const clientAnswering = (...answers: string[]) => {
    const complete = jest.fn(async (_schema: z.ZodType, _name: string, _messages: unknown[]) => ({
      answer: answers.shift() ?? '',
    }));
    return { client: { complete } as unknown as OpenAiJsonClient, complete };
  };

  it('never sends a red flag to the LLM', async () => {
    const { client, complete } = clientAnswering('Do 5 x 5 min at 300 W.');
    expect(await new OpenAiCoachChatProvider(client).answer(question(RED_FLAG))).toBe(
      redFlagAnswer(RED_FLAG),
    );
    expect(complete).not.toHaveBeenCalled();
  });

  it('carries the safety rule and the window totals in its prompt', () => {
    const system = String(coachChatMessages(question('How many hours did I ride this month?'))[0]!.content);
    expect(COACH_CHAT_INSTRUCTIONS).toMatch(/Safety first: .*chest pain.*no training prescription/s);
    expect(system).toContain(COACH_CHAT_INSTRUCTIONS);
    const facts = coachFacts(question('How many hours did I ride this month?'));
    expect(facts.question.intent).toBe('data');
    expect(facts.windows.map((w) => w.period.label)).toContain('in the last 4 weeks');
  });

  it('keeps an answer whose numbers are all in the facts', async () => {
    const ftp = newRider().ftpWatts!;
    const { client, complete } = clientAnswering(`Your FTP is ${ftp} W, so keep climbing steadily.`);
    expect(await new OpenAiCoachChatProvider(client).answer(question('How can I improve my climbing?'))).toBe(
      `Your FTP is ${ftp} W, so keep climbing steadily.`,
    );
    expect(complete).toHaveBeenCalledTimes(1);
  });

  it('asks once for a repair of a wrong number, and keeps the repaired answer', async () => {
    const ftp = newRider().ftpWatts!;
    const { client, complete } = clientAnswering('Your FTP is 999 W.', `Your FTP is ${ftp} W.`);
    expect(await new OpenAiCoachChatProvider(client).answer(question('What is my FTP?'))).toBe(
      `Your FTP is ${ftp} W.`,
    );
    expect(complete).toHaveBeenCalledTimes(2);
    expect(JSON.stringify(complete.mock.calls[1]![2])).toContain('not in the facts: 999');
  });

  it('rejects an answer still wrong after the repair, so the built-in coach answers', async () => {
    const { client } = clientAnswering('Your FTP is 999 W.', 'Your FTP is 998 W.');
    await expect(
      new OpenAiCoachChatProvider(client).answer(question('What is my FTP?')),
    ).rejects.toBeInstanceOf(LlmOutputError);
  });
});

describe('the chat under the Strava-data policy', () => {
  it('keeps a rider whose window holds Strava rides away from the LLM, even when the recent rides do not', () => {
    const engine = { name: 'engine' as const, answer: jest.fn(async () => 'engine') };
    const llm = { name: 'openai' as const, answer: jest.fn(async () => 'llm') };
    const feedback = { name: 'engine' as const, analyseRide: jest.fn() };
    const selector = new AiProviderSelector(
      { feedback, chat: engine } as never,
      { feedback, chat: llm } as never,
      { excludeStravaData: true },
      { warn: jest.fn() } as never,
    );
    const demo = question('How many hours did I ride this year?');
    const older = { ...demo.context.recentRides[0]!, id: 'strava-1', source: 'strava' as const };
    expect(selector.chatProviderFor(demo)).toBe(llm);
    expect(selector.chatProviderFor({ ...demo, context: { ...demo.context, windowRides: [older] } })).toBe(
      engine,
    );
  });
});
