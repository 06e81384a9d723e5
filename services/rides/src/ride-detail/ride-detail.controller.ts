import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import { Access, CurrentUser, parseOrThrow, type CurrentUserInfo } from '@domestique/common';
import { RideStreamsQuery } from '@domestique/proto';
import type { Request, Response } from 'express';
import { RideDetailService } from './ride-detail.service.js';
import { sendJson } from './send-json.js';

/** Issue 20: GET /api/rides/{id} (the ride page's data) and GET /api/rides/{id}/streams. */
@Controller('api/rides/:id')
export class RideDetailController {
  constructor(private readonly rides: RideDetailService) {}

  @Get()
  @Access('user')
  async detail(
    @CurrentUser() user: CurrentUserInfo,
    @Param('id') id: string,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    sendJson(req, res, await this.rides.detail(user.userId, id));
  }

  @Get('streams')
  @Access('user')
  async streams(
    @CurrentUser() user: CurrentUserInfo,
    @Param('id') id: string,
    @Query() query: Record<string, unknown>,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const parsed = parseOrThrow(RideStreamsQuery, query);
    sendJson(req, res, await this.rides.streams(user.userId, id, parsed));
  }
}
