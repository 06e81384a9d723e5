import { gql, type TypedDocumentNode } from '@apollo/client';
import type { LifetimeAnalyticsDto, PerformanceTrendsDto } from '@domestique/proto';

export const LIFETIME_ANALYTICS_QUERY: TypedDocumentNode<
  { lifetimeAnalytics: LifetimeAnalyticsDto },
  { timeZone: string | null }
> = gql`
  query LifetimeAnalytics($timeZone: String) {
    lifetimeAnalytics(timeZone: $timeZone) {
      monthlyStats {
        totalRides
        totalDistance
        totalTime
        totalElevation
      }
      statTrends {
        totalRides
        totalDistance
        totalTime
        totalElevation
      }
      weeklyProgress {
        week
        rides
        distance
        avgSpeed
        elevation
        time
      }
      performanceZones {
        zone
        name
        timeSpent
      }
      zoneSource
      timeZone
    }
  }
`;

export const PERFORMANCE_TRENDS_QUERY: TypedDocumentNode<
  { performanceTrends: PerformanceTrendsDto },
  { timeZone: string | null }
> = gql`
  query PerformanceTrends($timeZone: String) {
    performanceTrends(timeZone: $timeZone) {
      trends {
        date
        power
        heartRate
        cadence
      }
      improvements {
        powerImprovement
        heartRateEfficiency
        cadenceConsistency
      }
      timeZone
    }
  }
`;
