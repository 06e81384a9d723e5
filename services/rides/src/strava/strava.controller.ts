import { Controller, Get, HttpCode, Post, Query, Res } from '@nestjs/common';
import { Access, CurrentIdentity, CurrentUser, type CurrentUserInfo } from '@domestique/common';
import {
  RideMessages,
  type Identity,
  type StravaSyncStatusDto,
  type SyncResponseDto,
} from '@domestique/proto';
import type { Response } from 'express';
import { dashboardResult, StravaConnectionService, type CallbackQuery } from './strava-connection.service.js';
import { StravaSyncService } from './strava-sync.service.js';

const text = (value: unknown): string | undefined =>
  typeof value === 'string' ? value.slice(0, 2000) : undefined;

/** Spec section 7: the Strava connection (connect, callback, disconnect) and the sync. */
@Controller('api/strava')
export class StravaController {
  constructor(
    private readonly connection: StravaConnectionService,
    private readonly sync: StravaSyncService,
  ) {}

  /** Sends the signed-in rider to Strava's authorization page (with a fresh state nonce). */
  @Get('connect')
  @Access('anyone')
  async connect(@CurrentIdentity() identity: Identity, @Res() res: Response): Promise<void> {
    if (identity.role !== 'user') {
      res.redirect(302, '/auth');
      return;
    }
    res.redirect(302, await this.connection.authorizationUrl(identity.userId));
  }

  /** Where Strava sends the browser back; always ends on the dashboard with the outcome in the query. */
  @Get('callback')
  @Access('anyone')
  async callback(
    @CurrentIdentity() identity: Identity,
    @Query() query: Record<string, unknown>,
    @Res() res: Response,
  ): Promise<void> {
    if (identity.role !== 'user') {
      res.redirect(302, dashboardResult('error', 'signed-out'));
      return;
    }
    const callback: CallbackQuery = {
      code: text(query.code),
      scope: text(query.scope),
      state: text(query.state),
      error: text(query.error),
    };
    res.redirect(302, await this.connection.completeAuthorization(identity.userId, callback));
  }

  @Post('disconnect')
  @Access('user')
  @HttpCode(200)
  async disconnect(@CurrentUser() user: CurrentUserInfo): Promise<{ message: string }> {
    await this.connection.disconnect(user.userId);
    return { message: RideMessages.disconnected };
  }

  /** 200 with the count when the import finished while waiting; 202 when it continues in the background. */
  @Post('sync')
  @Access('user')
  async startSync(
    @CurrentUser() user: CurrentUserInfo,
    @Res({ passthrough: true }) res: Response,
  ): Promise<SyncResponseDto> {
    const result = await this.sync.syncNow(user.userId);
    res.status(result.status === 'completed' ? 200 : 202);
    return result;
  }

  @Get('sync')
  @Access('user')
  syncStatus(@CurrentUser() user: CurrentUserInfo): Promise<StravaSyncStatusDto> {
    return this.sync.status(user.userId);
  }
}
