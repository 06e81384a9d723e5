import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository, type EntityManager } from 'typeorm';
import type { AiProviderName } from '../engine/ride-feedback.provider.js';
import type { ChatCursor } from './chat-cursor.js';
import { ChatMessageEntity } from './chat-message.entity.js';

/** The only code that queries chat_messages; every method takes the owner. */
@Injectable()
export class ChatMessagesRepository {
  constructor(
    @InjectRepository(ChatMessageEntity) private readonly messages: Repository<ChatMessageEntity>,
  ) {}

  /** Newest first, older than `cursor`. */
  pageForUser(userId: string, limit: number, cursor: ChatCursor | null): Promise<ChatMessageEntity[]> {
    const query = this.messages
      .createQueryBuilder('m')
      .where('m.user_id = :userId', { userId })
      .orderBy('m.created_at', 'DESC')
      .addOrderBy('m.id', 'DESC')
      .limit(limit);
    if (cursor)
      query.andWhere('(m.created_at, m.id) < (:createdAt, :id)', {
        createdAt: cursor.createdAt.toISOString(),
        id: cursor.id,
      });
    return query.getMany();
  }

  add(
    userId: string,
    message: string,
    response: string,
    provider: AiProviderName,
  ): Promise<ChatMessageEntity> {
    return this.messages.save(this.messages.create({ userId, message, response, provider }));
  }

  async deleteForUser(manager: EntityManager, userId: string): Promise<void> {
    await manager.delete(ChatMessageEntity, { userId });
  }
}
