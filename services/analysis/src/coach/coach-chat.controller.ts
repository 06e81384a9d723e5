import { Body, Controller, Get, HttpCode, Post, Query, Res } from '@nestjs/common';
import { Access, CurrentUser, parseOrThrow, type CurrentUserInfo } from '@domestique/common';
import { CHAT_PAGE_HEADERS, ChatPageQuery, type ChatMessageDto } from '@domestique/proto';
import type { Response } from 'express';
import { CoachChatService } from './coach-chat.service.js';

/** Spec section 7: GET and POST /api/coach/chat (paid riders only). */
@Controller('api/coach/chat')
export class CoachChatController {
  constructor(private readonly chat: CoachChatService) {}

  /** The rider's messages, newest first, a page at a time (`?limit=&cursor=`, next cursor in `X-Next-Cursor`). */
  @Get()
  @Access('user')
  async list(
    @CurrentUser() user: CurrentUserInfo,
    @Query() query: Record<string, unknown>,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ChatMessageDto[]> {
    const { limit, cursor } = parseOrThrow(ChatPageQuery, query);
    const page = await this.chat.page(user.userId, user.tier, limit, cursor);
    if (page.nextCursor) res.setHeader(CHAT_PAGE_HEADERS.nextCursor, page.nextCursor);
    return page.messages;
  }

  @Post()
  @HttpCode(200)
  @Access('user')
  send(@CurrentUser() user: CurrentUserInfo, @Body() body: unknown): Promise<ChatMessageDto> {
    return this.chat.send(user.userId, user.tier, body);
  }
}
