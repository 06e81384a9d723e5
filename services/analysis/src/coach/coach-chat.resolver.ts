import { Args, Int, Mutation, Query, Resolver } from '@nestjs/graphql';
import { Access, CurrentUser, parseOrThrow, type CurrentUserInfo } from '@domestique/common';
import { ChatPageQuery, type ChatMessageDto, type ChatPageDto } from '@domestique/proto';
import { ChatMessageModel, ChatPageModel } from './coach-chat.model.js';
import { CoachChatService } from './coach-chat.service.js';

/** The GraphQL side of GET and POST /api/coach/chat. */
@Resolver(() => ChatMessageModel)
export class CoachChatResolver {
  constructor(private readonly chat: CoachChatService) {}

  @Query(() => ChatPageModel, { description: "The rider's conversation with the coach, newest first" })
  @Access('user')
  coachChat(
    @CurrentUser() user: CurrentUserInfo,
    @Args('limit', { type: () => Int, nullable: true }) limit?: number,
    @Args('cursor', { type: () => String, nullable: true }) cursor?: string,
  ): Promise<ChatPageDto> {
    const query = parseOrThrow(ChatPageQuery, { limit: limit ?? undefined, cursor: cursor ?? undefined });
    return this.chat.page(user.userId, user.tier, query.limit, query.cursor);
  }

  @Mutation(() => ChatMessageModel, { description: 'Asks the coach; answers the stored exchange' })
  @Access('user')
  sendCoachMessage(
    @CurrentUser() user: CurrentUserInfo,
    @Args('message', { type: () => String }) message: string,
  ): Promise<ChatMessageDto> {
    return this.chat.send(user.userId, user.tier, { message });
  }
}
