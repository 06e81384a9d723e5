import { Body, Controller, HttpCode, Post, Res } from '@nestjs/common';
import { Access, ZodPipe } from '@domestique/common';
import {
  AccountMessages,
  ForgotPasswordRequest,
  ResetPasswordRequest,
  type MessageDto,
} from '@domestique/proto';
import type { Response } from 'express';
import { RateLimited } from '../throttling/rate-limit.guard.js';
import { SessionGrants } from '../users/session-grants.js';
import { PasswordResetService } from './password-reset.service.js';

/** Spec section 7: /api/auth/forgot-password and /api/auth/reset-password. */
@Controller('api/auth')
export class PasswordResetController {
  constructor(
    private readonly reset: PasswordResetService,
    private readonly sessions: SessionGrants,
  ) {}

  @Post('forgot-password')
  @Access('anyone')
  @RateLimited('forgot-password')
  @HttpCode(200)
  async forgotPassword(
    @Body(new ZodPipe(ForgotPasswordRequest)) body: ForgotPasswordRequest,
  ): Promise<MessageDto> {
    await this.reset.requestReset(body);
    return { message: AccountMessages.resetEmailSent };
  }

  @Post('reset-password')
  @Access('anyone')
  @HttpCode(200)
  async resetPassword(
    @Body(new ZodPipe(ResetPasswordRequest)) body: ResetPasswordRequest,
    @Res({ passthrough: true }) res: Response,
  ): Promise<MessageDto> {
    const userId = await this.reset.resetPassword(body);
    await this.sessions.endEverySession(res, userId);
    return { message: AccountMessages.passwordReset };
  }
}
