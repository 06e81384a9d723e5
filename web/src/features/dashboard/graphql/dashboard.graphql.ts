import { graphql } from '../../../gql';
import type { DashboardStatsDto } from '@domestique/proto';
import { protoTyped } from '../../../app/proto-typed';

export const DASHBOARD_STATS_QUERY = protoTyped<{ dashboardStats: DashboardStatsDto }>()(
  graphql(`
    query DashboardStats($timeZone: String) {
      dashboardStats(timeZone: $timeZone) {
        weeklyStats {
          totalDistance
          totalTime
          totalElevation
          avgPower
        }
        recentRides {
          ...RideFields
        }
      }
    }
  `),
);
