import { gql, type TypedDocumentNode } from '@apollo/client';
import type {
  RideTotalsDto,
  StravaConnectionDto,
  StravaSyncStatusDto,
  SyncResponseDto,
} from '@domestique/proto';

export const STRAVA_CONNECTION_QUERY: TypedDocumentNode<
  { stravaConnection: StravaConnectionDto },
  Record<string, never>
> = gql`
  query StravaConnection {
    stravaConnection {
      connected
      athleteId
      connectedAt
    }
  }
`;

export const STRAVA_SYNC_STATUS_QUERY: TypedDocumentNode<
  { stravaSyncStatus: StravaSyncStatusDto },
  Record<string, never>
> = gql`
  query StravaSyncStatus {
    stravaSyncStatus {
      state
      imported
      scanned
      total
      message
    }
  }
`;

export const SYNC_STRAVA_MUTATION: TypedDocumentNode<
  { syncStrava: SyncResponseDto },
  Record<string, never>
> = gql`
  mutation SyncStrava {
    syncStrava {
      message
      syncedCount
      status
    }
  }
`;

export const DISCONNECT_STRAVA_MUTATION: TypedDocumentNode<
  { disconnectStrava: boolean },
  Record<string, never>
> = gql`
  mutation DisconnectStrava {
    disconnectStrava
  }
`;

export const RIDE_TOTALS_QUERY: TypedDocumentNode<{ rideTotals: RideTotalsDto }, Record<string, never>> = gql`
  query RideTotals {
    rideTotals {
      totalRides
      analysedRides
    }
  }
`;

/** Queries whose answers change when rides arrive or the connection changes (refetched by name). */
export const RIDE_DATA_QUERIES = ['RidesPage', 'DashboardStats', 'UserAverages', 'RideTotals'];
