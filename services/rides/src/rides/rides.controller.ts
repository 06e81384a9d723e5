import { Controller, Delete, Get, HttpCode, Param, Query, Res } from '@nestjs/common';
import { Access, CurrentUser, parseOrThrow, type CurrentUserInfo } from '@domestique/common';
import {
  DashboardStatsQuery,
  RIDES_PAGE_HEADERS,
  RidesPageQuery,
  type DashboardStatsDto,
  type RideDto,
  type UserAveragesDto,
} from '@domestique/proto';
import type { Response } from 'express';
import { toRideListFilter } from './rides-filter.js';
import { RidesService } from './rides.service.js';

/** Spec section 7: GET /api/rides, /api/dashboard/stats, /api/user/averages; DELETE /api/rides/:id (issue 21). */
@Controller('api')
export class RidesController {
  constructor(private readonly rides: RidesService) {}

  /**
   * Without parameters: every ride, newest first (the spec's list). With any of `limit`, `cursor`
   * and the filter and sort parameters (`RidesPageQuery`): one page of the rides the filter keeps,
   * still a JSON array, with the filtered `X-Total-Count` and (unless it is the last) `X-Next-Cursor`.
   */
  @Get('rides')
  @Access('user')
  async list(
    @CurrentUser() user: CurrentUserInfo,
    @Query() query: Record<string, unknown>,
    @Res({ passthrough: true }) res: Response,
  ): Promise<RideDto[]> {
    if (Object.keys(query).length === 0) return this.rides.list(user.userId);
    const { limit, cursor, ...filter } = parseOrThrow(RidesPageQuery, query);
    const page = await this.rides.page(user.userId, limit, cursor, toRideListFilter(filter));
    res.setHeader(RIDES_PAGE_HEADERS.totalCount, String(page.totalCount));
    if (page.nextCursor) res.setHeader(RIDES_PAGE_HEADERS.nextCursor, page.nextCursor);
    return page.rides;
  }

  /** Deletes an uploaded ride: 204; 404 for another rider's or an unknown one; 409 for a Strava ride. */
  @Delete('rides/:id')
  @Access('user')
  @HttpCode(204)
  async remove(@CurrentUser() user: CurrentUserInfo, @Param('id') id: string): Promise<void> {
    await this.rides.delete(user.userId, id);
  }

  @Get('dashboard/stats')
  @Access('user')
  stats(
    @CurrentUser() user: CurrentUserInfo,
    @Query() query: Record<string, unknown>,
  ): Promise<DashboardStatsDto> {
    const { tz } = parseOrThrow(DashboardStatsQuery, query);
    return this.rides.dashboardStats(user.userId, tz);
  }

  @Get('user/averages')
  @Access('user')
  averages(@CurrentUser() user: CurrentUserInfo): Promise<UserAveragesDto> {
    return this.rides.averages(user.userId);
  }
}
