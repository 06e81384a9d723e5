import { graphql } from '../../../gql';
import type { RiderSettingsDto } from '@domestique/proto';
import { protoTyped, type ProtoTyped } from '../../../app/proto-typed';
import type { RiderSettingsFieldsFragment } from '../../../gql/graphql';

/** The rider's settings with their estimates, as the `RiderSettingsFields` fragment selects them. */
export type RiderSettings = ProtoTyped<RiderSettingsFieldsFragment, RiderSettingsDto>;

/** The settings with their estimates; the query and the mutation answer the same shape. */
export const RIDER_SETTINGS_FIELDS = graphql(`
  fragment RiderSettingsFields on RiderSettings {
    ftp
    thresholdHeartrate
    maxHeartrate
    weightKg
    estimatedFtp
    timeZone
    units
    estimates {
      ftp {
        value
        model
        rideId
        date
        description
      }
      thresholdHeartrate {
        value
        model
        rideId
        date
        description
      }
      maxHeartrate {
        value
        model
        rideId
        date
        description
      }
    }
  }
`);

export const RIDER_SETTINGS_QUERY = protoTyped<{ riderSettings: RiderSettingsDto }>()(
  graphql(`
    query RiderSettings {
      riderSettings {
        ...RiderSettingsFields
      }
    }
  `),
);

export const UPDATE_RIDER_SETTINGS_MUTATION = protoTyped<{ updateRiderSettings: RiderSettingsDto }>()(
  graphql(`
    mutation UpdateRiderSettings($input: RiderSettingsInput!) {
      updateRiderSettings(input: $input) {
        ...RiderSettingsFields
      }
    }
  `),
);
