import { graphql } from '../../../gql';
import type { LifetimeAnalyticsDto } from '@domestique/proto';
import { protoTyped } from '../../../app/proto-typed';

export const LIFETIME_ANALYTICS_QUERY = protoTyped<{ lifetimeAnalytics: LifetimeAnalyticsDto }>()(
  graphql(`
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
  `),
);

export const PERFORMANCE_TRENDS_QUERY = graphql(`
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
`);
