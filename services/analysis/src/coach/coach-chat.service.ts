import { Injectable } from '@nestjs/common';
import { forbidden, parseOrThrow } from '@domestique/common';
import {
  AnalysisErrorCode,
  AnalysisMessages,
  ChatMessageRequest,
  type ChatMessageDto,
  type ChatPageDto,
  type Tier,
} from '@domestique/proto';
import { AiProviderSelector } from '../llm/ai-provider.selector.js';
import { RidesContextClient } from '../rider-context/rides-context.client.js';
import { decodeChatCursor, encodeChatCursor } from './chat-cursor.js';
import type { ChatMessageEntity } from './chat-message.entity.js';
import { ChatMessagesRepository } from './chat-messages.repository.js';
import { safetyAnswer } from './coach-safety.js';

/** The exchanges the coach rereads before answering. */
const HISTORY_TURNS = 6;

const toChatMessageDto = (row: ChatMessageEntity): ChatMessageDto => ({
  id: row.id,
  message: row.message,
  response: row.response,
  createdAt: row.createdAt.toISOString(),
});

/** Coach chat for paid riders: the conversation, and answers grounded in the rider's riding. */
@Injectable()
export class CoachChatService {
  constructor(
    private readonly messages: ChatMessagesRepository,
    private readonly context: RidesContextClient,
    private readonly providers: AiProviderSelector,
  ) {}

  private assertPaid(tier: Tier): void {
    if (tier === 'free')
      throw forbidden(AnalysisMessages.chatRequiresPaidPlan, AnalysisErrorCode.ChatRequiresPaidPlan);
  }

  async page(userId: string, tier: Tier, limit: number, cursor?: string): Promise<ChatPageDto> {
    this.assertPaid(tier);
    const rows = await this.messages.pageForUser(userId, limit + 1, cursor ? decodeChatCursor(cursor) : null);
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    return {
      messages: page.map(toChatMessageDto),
      nextCursor: rows.length > limit && last ? encodeChatCursor(last) : null,
    };
  }

  /**
   * Answers the rider's `{message}` from their rides and the last exchanges, and keeps both. A message
   * with a red flag (chest pain, fainting, injury, ...) gets the safety answer without calling a provider.
   */
  async send(userId: string, tier: Tier, body: unknown): Promise<ChatMessageDto> {
    this.assertPaid(tier);
    const { message } = parseOrThrow(ChatMessageRequest, body ?? {});
    const recent = await this.messages.pageForUser(userId, HISTORY_TURNS, null);
    const history = recent.reverse().map((turn) => ({ message: turn.message, response: turn.response }));
    // safety first: a red flag is answered here, before any engine or LLM sees the question
    const safety = safetyAnswer(message, history);
    if (safety) return toChatMessageDto(await this.messages.add(userId, message, safety, 'engine'));
    const context = await this.context.forRider(userId, tier);
    const answer = await this.providers.answer({ context, message, history, asOf: new Date().toISOString() });
    return toChatMessageDto(await this.messages.add(userId, message, answer.response, answer.provider));
  }
}
