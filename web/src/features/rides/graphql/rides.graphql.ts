import { graphql } from '../../../gql';
import type { RideDto, RidesPageDto } from '@domestique/proto';
import { protoTyped, type ProtoTyped } from '../../../app/proto-typed';
import type { RideFieldsFragment } from '../../../gql/graphql';

/** The coach's feedback on a ride, as every screen reads it (the rides list, analyse, the ride page). */
export const AI_FEEDBACK_FIELDS = graphql(`
  fragment AiFeedbackFields on AiFeedback {
    summary
    strengths
    weaknesses
    recommendations
    fullAnalysis
    outdated
  }
`);

/** Every ride field the screens read; one fragment so each cached ride is whole. */
export const RIDE_FIELDS = graphql(`
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
    sourceLabel
    hasAiFeedback
    hasFeedback
    aiFeedback {
      ...AiFeedbackFields
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
`);

/** A ride as the screens read it: the fields `RideFields` selects. */
export type Ride = ProtoTyped<RideFieldsFragment, RideDto>;

export const RIDES_PAGE_QUERY = protoTyped<{ ridesPage: RidesPageDto }>()(
  graphql(`
    query RidesPage($limit: Int, $cursor: String, $filter: RideFilterInput) {
      ridesPage(limit: $limit, cursor: $cursor, filter: $filter) {
        totalCount
        nextCursor
        rides {
          ...RideFields
        }
      }
    }
  `),
);

export const USER_AVERAGES_QUERY = graphql(`
  query UserAverages {
    userAverages {
      totalRides
      averageSpeed
      averagePower
      averageDistance
    }
  }
`);
