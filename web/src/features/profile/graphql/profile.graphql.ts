import { graphql } from '../../../gql';

/** Answers the whole user, so the cache (and with it the navigation) shows the new names at once. */
export const UPDATE_PROFILE_MUTATION = graphql(`
  mutation UpdateProfile($input: UpdateProfileInput!) {
    updateProfile(input: $input) {
      ...SessionUserFields
    }
  }
`);
