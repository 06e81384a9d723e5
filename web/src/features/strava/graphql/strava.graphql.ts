import { graphql } from '../../../gql';

export const STRAVA_CONNECTION_QUERY = graphql(`
  query StravaConnection {
    stravaConnection {
      connected
      athleteId
      connectedAt
    }
  }
`);

export const STRAVA_SYNC_STATUS_QUERY = graphql(`
  query StravaSyncStatus {
    stravaSyncStatus {
      state
      imported
      scanned
      total
      message
      streamsFetched
      streamsTotal
    }
  }
`);

export const SYNC_STRAVA_MUTATION = graphql(`
  mutation SyncStrava {
    syncStrava {
      message
      syncedCount
      status
    }
  }
`);

export const DISCONNECT_STRAVA_MUTATION = graphql(`
  mutation DisconnectStrava {
    disconnectStrava
  }
`);

export const RIDE_TOTALS_QUERY = graphql(`
  query RideTotals {
    rideTotals {
      totalRides
      analysedRides
    }
  }
`);

/** Queries whose answers change when rides arrive or the connection changes (refetched by name). */
export const RIDE_DATA_QUERIES = ['RidesPage', 'DashboardStats', 'UserAverages', 'RideTotals'];
