import { gql, type TypedDocumentNode } from '@apollo/client';
import type { RideDto, RidesPageDto, UserAveragesDto } from '@domestique/proto';

/** Every ride field the screens read; one fragment so each cached ride is whole. */
export const RIDE_FIELDS = gql`
  fragment RideFields on Ride {
    id
    name
    startDate
    type
    distance
    movingTime
    totalElevationGain
    averageSpeed
    averageWatts
    averageHeartrate
    averageCadence
    hasAiFeedback
    hasFeedback
    aiFeedback {
      summary
      strengths
      weaknesses
      recommendations
      fullAnalysis
      outdated
    }
    metrics {
      source
      averagePower
      normalizedPower
      variabilityIndex
      intensityFactor
      trainingStressScore
      efficiencyFactor
      aerobicDecoupling
      ftp
      ftpSource
      lthr
      powerZones {
        zone
        seconds
      }
      heartRateZones {
        zone
        seconds
      }
      bestEfforts {
        durationSeconds
        watts
      }
      maxPower
      maxHeartrate
      kilojoules
      recordedSeconds
      ftpDescription
      workout {
        type
        basis
        contexts
        structure
        steady
        intervals {
          startSeconds
          durationSeconds
          averagePower
          percentOfFtp
          averageHeartrate
          recoverySeconds
        }
        sets {
          repeats
          workSeconds
          recoverySeconds
          averagePower
          percentOfFtp
          firstInterval
        }
      }
    }
  }
`;

export type Ride = RideDto;

export interface RidesPageData {
  ridesPage: RidesPageDto;
}

/** The rides page's filter and sort (see components/filters); every field optional. */
export interface RideFilterVariables {
  from?: string;
  to?: string;
  type?: string;
  minDistance?: number;
  maxDistance?: number;
  minDuration?: number;
  maxDuration?: number;
  hasAiFeedback?: boolean;
  sortBy?: string;
  sortOrder?: string;
  timeZone?: string;
}

export const RIDES_PAGE_QUERY: TypedDocumentNode<
  RidesPageData,
  { limit: number; cursor?: string | null; filter?: RideFilterVariables }
> = gql`
  query RidesPage($limit: Int, $cursor: String, $filter: RideFilterInput) {
    ridesPage(limit: $limit, cursor: $cursor, filter: $filter) {
      totalCount
      nextCursor
      rides {
        ...RideFields
      }
    }
  }
  ${RIDE_FIELDS}
`;

export const USER_AVERAGES_QUERY: TypedDocumentNode<
  { userAverages: UserAveragesDto },
  Record<string, never>
> = gql`
  query UserAverages {
    userAverages {
      totalRides
      averageSpeed
      averagePower
      averageDistance
    }
  }
`;
