import { z } from 'zod';
import { RideMessages } from './rides.constants.js';

export * from './analytics.constants.js';

export const AnalyticsMessages = {
  trendsRequirePaidPlan: 'Performance trends are available on the Pro and Elite plans. Upgrade to see them.',
} as const;

/** `?tz=`: the browser's time zone, used when Strava gave none (weeks start Monday 00:00 there). */
export const AnalyticsQuery = z.strictObject({
  tz: z.string().max(64, RideMessages.invalidTimeZone).optional(),
});
export type AnalyticsQuery = z.infer<typeof AnalyticsQuery>;

/** One week of the trends chart: moving-time-weighted averages, null when no ride of the week had it. */
export interface TrendPointDto {
  /** the week's Monday, YYYY-MM-DD, in the rider's time zone */
  date: string;
  /** watts, rides with a power meter */
  power: number | null;
  /** beats per minute */
  heartRate: number | null;
  /** revolutions per minute */
  cadence: number | null;
}

/**
 * Percent changes between the first 4 and the last 4 weeks of the 12-week window (null when either
 * block lacks the data). Positive is better for all three:
 * - powerImprovement: moving-time-weighted average power, (last - first) / first x 100
 * - heartRateEfficiency: watts per heartbeat (weighted average power / weighted average heart rate
 *   over the rides that have both), (last - first) / first x 100
 * - cadenceConsistency: fall of the coefficient of variation (weighted standard deviation / weighted
 *   mean) of the rides' average cadence, (CV first - CV last) / CV first x 100
 */
export interface ImprovementsDto {
  powerImprovement: number | null;
  heartRateEfficiency: number | null;
  cadenceConsistency: number | null;
}

/** `GET /api/performance/trends` (spec section 3); Pro and Elite only. */
export interface PerformanceTrendsDto {
  trends: TrendPointDto[];
  improvements: ImprovementsDto;
  /** the time zone the weeks were cut in */
  timeZone: string;
}

/** Lifetime totals (spec section 3's monthlyStats): miles, seconds, feet. */
export interface LifetimeStatsDto {
  totalRides: number;
  totalDistance: number;
  totalTime: number;
  totalElevation: number;
}

/**
 * The stat cards' trend arrows: percent change of the last 30 days against the 30 days before, per
 * stat (null when the earlier period had none, so no percentage exists).
 */
export interface StatTrendsDto {
  totalRides: number | null;
  totalDistance: number | null;
  totalTime: number | null;
  totalElevation: number | null;
}

/** One week of the lifetime charts (zeros for weeks without rides; avgSpeed null then). */
export interface WeeklyProgressDto {
  /** the week's Monday, YYYY-MM-DD, in the rider's time zone */
  week: string;
  rides: number;
  /** miles */
  distance: number;
  /** mph: the week's distance over its moving time */
  avgSpeed: number | null;
  /** feet */
  elevation: number;
  /** seconds */
  time: number;
}

export type ZoneSource = 'power' | 'heartRate';

/** Lifetime time in one zone. */
export interface PerformanceZoneDto {
  /** "Z1".."Z7" (power) or "Z1".."Z5" (heart rate) */
  zone: string;
  /** "Endurance", "Tempo", ... */
  name: string;
  /** seconds */
  timeSpent: number;
}

/** `GET /api/analytics/lifetime` (spec section 3's lifetime analytics response). */
export interface LifetimeAnalyticsDto {
  monthlyStats: LifetimeStatsDto;
  statTrends: StatTrendsDto;
  /** the 12 weeks up to this one, oldest first */
  weeklyProgress: WeeklyProgressDto[];
  /** power zones when any ride has power-zone time, else heart-rate zones; empty without either */
  performanceZones: PerformanceZoneDto[];
  zoneSource: ZoneSource | null;
  timeZone: string;
}
