import { Controller, Get, Query } from '@nestjs/common';
import { Access, CurrentUser, parseOrThrow, type CurrentUserInfo } from '@domestique/common';
import { AnalyticsQuery, type LifetimeAnalyticsDto, type PerformanceTrendsDto } from '@domestique/proto';
import { AnalyticsService } from './analytics.service.js';

/** Spec section 7: GET /api/performance/trends and the lifetime analytics (`/api/analytics/lifetime`). */
@Controller('api')
export class AnalyticsController {
  constructor(private readonly analytics: AnalyticsService) {}

  @Get('performance/trends')
  @Access('user')
  trends(
    @CurrentUser() user: CurrentUserInfo,
    @Query() query: Record<string, unknown>,
  ): Promise<PerformanceTrendsDto> {
    const { tz } = parseOrThrow(AnalyticsQuery, query);
    return this.analytics.trends(user.userId, user.tier, tz);
  }

  @Get('analytics/lifetime')
  @Access('user')
  lifetime(
    @CurrentUser() user: CurrentUserInfo,
    @Query() query: Record<string, unknown>,
  ): Promise<LifetimeAnalyticsDto> {
    const { tz } = parseOrThrow(AnalyticsQuery, query);
    return this.analytics.lifetime(user.userId, tz);
  }
}
