import { Body, Controller, Get, HttpCode, Post, Res } from '@nestjs/common';
import { Access, CurrentIdentity, ZodPipe } from '@domestique/common';
import {
  AccountMessages,
  AdminLoginRequest,
  type AdminAuthDto,
  type Identity,
  type MessageDto,
} from '@domestique/proto';
import type { Response } from 'express';
import { RateLimited } from '../throttling/rate-limit.guard.js';
import { SessionGrants } from '../users/session-grants.js';
import { AdminAccountsService } from './admin-accounts.service.js';

/**
 * Spec section 7: /api/admin/login, /api/admin/auth, /api/admin/logout. The gateway calls these
 * with the admin session (its own cookie), never with a rider's.
 */
@Controller('api/admin')
export class AdminAuthController {
  constructor(
    private readonly admins: AdminAccountsService,
    private readonly sessions: SessionGrants,
  ) {}

  @Post('login')
  @Access('anyone')
  @RateLimited('admin-login')
  @HttpCode(200)
  async login(
    @Body(new ZodPipe(AdminLoginRequest)) body: AdminLoginRequest,
    @Res({ passthrough: true }) res: Response,
  ): Promise<AdminAuthDto> {
    await this.sessions.startAdminSession(res, await this.admins.login(body));
    return { isAdmin: true };
  }

  @Get('auth')
  @Access('anyone')
  async auth(@CurrentIdentity() identity: Identity): Promise<AdminAuthDto> {
    return { isAdmin: await this.admins.isAdmin(identity) };
  }

  @Post('logout')
  @Access('anyone')
  @HttpCode(200)
  logout(@Res({ passthrough: true }) res: Response): MessageDto {
    this.sessions.endCurrentSession(res, 'admin');
    return { message: AccountMessages.adminSignedOut };
  }
}
