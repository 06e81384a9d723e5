import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AiProvidersModule } from '../llm/ai-providers.module.js';
import { RiderContextModule } from '../rider-context/rider-context.module.js';
import { ChatMessageEntity } from './chat-message.entity.js';
import { ChatMessagesRepository } from './chat-messages.repository.js';
import { CoachChatController } from './coach-chat.controller.js';
import { CoachChatResolver } from './coach-chat.resolver.js';
import { CoachChatService } from './coach-chat.service.js';

/** Coach chat: the conversation of paid riders with the coach. */
@Module({
  imports: [TypeOrmModule.forFeature([ChatMessageEntity]), AiProvidersModule, RiderContextModule],
  controllers: [CoachChatController],
  providers: [ChatMessagesRepository, CoachChatService, CoachChatResolver],
  exports: [ChatMessagesRepository],
})
export class CoachChatModule {}
