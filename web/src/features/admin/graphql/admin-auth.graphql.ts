import { graphql } from '../../../gql';

/**
 * Admin screens send this header, so the gateway answers them with the admin session (its own
 * cookie) rather than a rider's. Pass it as an operation's `context`.
 */
export const ADMIN_REALM = { headers: { 'x-domestique-realm': 'admin' } } as const;

export const ADMIN_AUTH_QUERY = graphql(`
  query AdminAuth {
    adminAuth {
      isAdmin
    }
  }
`);

export const ADMIN_LOGIN_MUTATION = graphql(`
  mutation AdminLogin($input: AdminLoginInput!) {
    adminLogin(input: $input) {
      isAdmin
    }
  }
`);

export const ADMIN_LOGOUT_MUTATION = graphql(`
  mutation AdminLogout {
    adminLogout
  }
`);
