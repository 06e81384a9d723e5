import { gql, type TypedDocumentNode } from '@apollo/client';
import type { RiderSettingsDto, RiderSettingsRequest } from '@domestique/proto';

export type RiderSettings = RiderSettingsDto;
/** Each field optional: null clears the value (back to the estimate), a field left out is unchanged. */
export type RiderSettingsInput = RiderSettingsRequest;

/** The settings with their estimates; the query and the mutation answer the same shape. */
export const RIDER_SETTINGS_FIELDS = gql`
  fragment RiderSettingsFields on RiderSettings {
    ftp
    thresholdHeartrate
    maxHeartrate
    weightKg
    estimatedFtp
    timeZone
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
`;

export const RIDER_SETTINGS_QUERY: TypedDocumentNode<
  { riderSettings: RiderSettings },
  Record<string, never>
> = gql`
  query RiderSettings {
    riderSettings {
      ...RiderSettingsFields
    }
  }
  ${RIDER_SETTINGS_FIELDS}
`;

export const UPDATE_RIDER_SETTINGS_MUTATION: TypedDocumentNode<
  { updateRiderSettings: RiderSettings },
  { input: RiderSettingsInput }
> = gql`
  mutation UpdateRiderSettings($input: RiderSettingsInput!) {
    updateRiderSettings(input: $input) {
      ...RiderSettingsFields
    }
  }
  ${RIDER_SETTINGS_FIELDS}
`;
