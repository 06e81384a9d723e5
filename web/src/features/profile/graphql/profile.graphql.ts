import { gql, type TypedDocumentNode } from '@apollo/client';
import { USER_FIELDS, type SessionUser } from '../../../app/session/session.graphql';

export interface UpdateProfileInput {
  firstName: string;
  lastName: string;
}

/** Answers the whole user, so the cache (and with it the navigation) shows the new names at once. */
export const UPDATE_PROFILE_MUTATION: TypedDocumentNode<
  { updateProfile: SessionUser },
  { input: UpdateProfileInput }
> = gql`
  mutation UpdateProfile($input: UpdateProfileInput!) {
    updateProfile(input: $input) {
      ...SessionUserFields
    }
  }
  ${USER_FIELDS}
`;
