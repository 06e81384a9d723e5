import { Args, Query, Resolver } from '@nestjs/graphql';
import { Access, CurrentUser, parseOrThrow, type CurrentUserInfo } from '@domestique/common';
import { AnalyticsQuery, type LifetimeAnalyticsDto, type PerformanceTrendsDto } from '@domestique/proto';
import { LifetimeAnalyticsModel, PerformanceTrendsModel } from './analytics.model.js';
import { AnalyticsService } from './analytics.service.js';

const timeZoneArg = {
  type: () => String,
  nullable: true,
  description: "the browser's, used when Strava gave none",
} as const;

/** The GraphQL side of GET /api/performance/trends and /api/analytics/lifetime. */
@Resolver()
export class AnalyticsResolver {
  constructor(private readonly analytics: AnalyticsService) {}

  @Query(() => PerformanceTrendsModel, {
    description: '12 weeks of power, heart rate and cadence (Pro, Elite)',
  })
  @Access('user')
  performanceTrends(
    @CurrentUser() user: CurrentUserInfo,
    @Args('timeZone', timeZoneArg) timeZone?: string,
  ): Promise<PerformanceTrendsDto> {
    const { tz } = parseOrThrow(AnalyticsQuery, { tz: timeZone ?? undefined });
    return this.analytics.trends(user.userId, user.tier, tz);
  }

  @Query(() => LifetimeAnalyticsModel)
  @Access('user')
  lifetimeAnalytics(
    @CurrentUser() user: CurrentUserInfo,
    @Args('timeZone', timeZoneArg) timeZone?: string,
  ): Promise<LifetimeAnalyticsDto> {
    const { tz } = parseOrThrow(AnalyticsQuery, { tz: timeZone ?? undefined });
    return this.analytics.lifetime(user.userId, tz);
  }
}
