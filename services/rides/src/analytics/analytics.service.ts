import { Injectable } from '@nestjs/common';
import { forbidden } from '@domestique/common';
import {
  AnalyticsMessages,
  HEART_RATE_ZONE_NAMES,
  PAID_TIERS,
  POWER_ZONE_NAMES,
  PROGRESS_WEEKS,
  STAT_TREND_DAYS,
  TREND_WEEKS,
  metresPerSecondToMph,
  metresToFeet,
  metresToMiles,
  round2,
  type LifetimeAnalyticsDto,
  type PerformanceTrendsDto,
  type PerformanceZoneDto,
  type Tier,
  type ZoneSource,
} from '@domestique/proto';
import { RiderProfileRepository } from '../rider/rider-profile.repository.js';
import { AnalyticsRepository, type ZoneSeconds } from './analytics.repository.js';
import { weekWindows } from './calendar.js';
import { riderTimeZone } from './rider-time-zone.js';
import { improvements, statTrend, trendPoints } from './trend-math.js';

const DAY_MS = 86_400_000;

/** Which zones the analytics show: power when any ride has power-zone time, else heart rate. */
export const pickZones = (
  zones: ZoneSeconds[],
): { source: ZoneSource | null; zones: PerformanceZoneDto[] } => {
  const has = (source: ZoneSource) => zones.some((z) => z.source === source && z.seconds > 0);
  const source: ZoneSource | null = has('power') ? 'power' : has('heartRate') ? 'heartRate' : null;
  if (!source) return { source: null, zones: [] };
  const names: readonly string[] = source === 'power' ? POWER_ZONE_NAMES : HEART_RATE_ZONE_NAMES;
  return {
    source,
    zones: names.map((name, index) => ({
      zone: `Z${index + 1}`,
      name,
      timeSpent: zones.find((z) => z.source === source && z.zone === index + 1)?.seconds ?? 0,
    })),
  };
};

/** The rider's performance trends (Pro and Elite) and lifetime analytics. */
@Injectable()
export class AnalyticsService {
  constructor(
    private readonly analytics: AnalyticsRepository,
    private readonly profiles: RiderProfileRepository,
  ) {}

  /** 12 weekly points and the improvements; free riders are refused (spec section 6: trends locked). */
  async trends(
    userId: string,
    tier: Tier,
    browserTimeZone?: string,
    now = new Date(),
  ): Promise<PerformanceTrendsDto> {
    if (!PAID_TIERS.includes(tier)) throw forbidden(AnalyticsMessages.trendsRequirePaidPlan);
    return this.weeklyTrends(userId, browserTimeZone, now);
  }

  /** The trends whatever the tier: for the coach, which only answers paid riders. */
  async weeklyTrends(
    userId: string,
    browserTimeZone?: string,
    now = new Date(),
  ): Promise<PerformanceTrendsDto> {
    const timeZone = await riderTimeZone(this.profiles, userId, browserTimeZone);
    const weeks = await this.analytics.weeklyTrendSums(userId, weekWindows(now, timeZone, TREND_WEEKS));
    return { trends: trendPoints(weeks), improvements: improvements(weeks), timeZone };
  }

  async lifetime(userId: string, browserTimeZone?: string, now = new Date()): Promise<LifetimeAnalyticsDto> {
    const timeZone = await riderTimeZone(this.profiles, userId, browserTimeZone);
    const recentFrom = new Date(now.getTime() - STAT_TREND_DAYS * DAY_MS);
    const earlierFrom = new Date(now.getTime() - 2 * STAT_TREND_DAYS * DAY_MS);
    const [totals, weeks, zones] = await Promise.all([
      this.analytics.lifetimeTotals(userId, earlierFrom, recentFrom, now),
      this.analytics.weeklyTotals(userId, weekWindows(now, timeZone, PROGRESS_WEEKS)),
      this.analytics.zoneSeconds(userId),
    ]);
    const { lifetime, recent, earlier } = totals;
    const picked = pickZones(zones);
    return {
      monthlyStats: {
        totalRides: lifetime.rides,
        totalDistance: round2(metresToMiles(lifetime.distanceM)),
        totalTime: lifetime.timeS,
        totalElevation: round2(metresToFeet(lifetime.elevationM)),
      },
      statTrends: {
        totalRides: statTrend(earlier.rides, recent.rides),
        totalDistance: statTrend(earlier.distanceM, recent.distanceM),
        totalTime: statTrend(earlier.timeS, recent.timeS),
        totalElevation: statTrend(earlier.elevationM, recent.elevationM),
      },
      weeklyProgress: weeks.map((week) => ({
        week: week.week,
        rides: week.rides,
        distance: round2(metresToMiles(week.distanceM)),
        avgSpeed: week.timeS > 0 ? round2(metresPerSecondToMph(week.distanceM / week.timeS)) : null,
        elevation: round2(metresToFeet(week.elevationM)),
        time: week.timeS,
      })),
      performanceZones: picked.zones,
      zoneSource: picked.source,
      timeZone,
    };
  }
}
