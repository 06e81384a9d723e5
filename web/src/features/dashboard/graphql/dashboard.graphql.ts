import { gql, type TypedDocumentNode } from '@apollo/client';
import type { DashboardStatsDto } from '@domestique/proto';
import { RIDE_FIELDS } from '../../rides/graphql/rides.graphql';

export const DASHBOARD_STATS_QUERY: TypedDocumentNode<
  { dashboardStats: DashboardStatsDto },
  { timeZone?: string | null }
> = gql`
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
  ${RIDE_FIELDS}
`;
