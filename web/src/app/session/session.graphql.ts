import { graphql } from '../../gql';
import type { SessionUserFieldsFragment } from '../../gql/graphql';

/**
 * The `SessionUserFields` fragment and the `Me` query are written in session-check.ts, as text the
 * session check sends before Apollo has loaded; these are their generated documents.
 */
export { SessionUserFieldsFragmentDoc as USER_FIELDS, MeDocument as ME_QUERY } from '../../gql/graphql';

/** The user as the GraphQL API returns it: the `SessionUserFields` fragment. */
export type SessionUser = SessionUserFieldsFragment;

export const LOGIN_MUTATION = graphql(`
  mutation Login($input: LoginInput!) {
    login(input: $input) {
      ...SessionUserFields
    }
  }
`);

export const REGISTER_MUTATION = graphql(`
  mutation Register($input: RegisterInput!) {
    register(input: $input) {
      ...SessionUserFields
    }
  }
`);

export const LOGOUT_MUTATION = graphql(`
  mutation Logout {
    logout
  }
`);
