import { gql, type TypedDocumentNode } from '@apollo/client';

/**
 * Admin screens send this header, so the gateway answers them with the admin session (its own
 * cookie) rather than a rider's. Pass it as an operation's `context`.
 */
export const ADMIN_REALM = { headers: { 'x-domestique-realm': 'admin' } } as const;

export interface AdminAuth {
  __typename?: 'AdminAuth';
  isAdmin: boolean;
}

export const ADMIN_AUTH_QUERY: TypedDocumentNode<{ adminAuth: AdminAuth }, Record<string, never>> = gql`
  query AdminAuth {
    adminAuth {
      isAdmin
    }
  }
`;

export const ADMIN_LOGIN_MUTATION: TypedDocumentNode<
  { adminLogin: AdminAuth },
  { input: { username: string; password: string } }
> = gql`
  mutation AdminLogin($input: AdminLoginInput!) {
    adminLogin(input: $input) {
      isAdmin
    }
  }
`;

export const ADMIN_LOGOUT_MUTATION: TypedDocumentNode<{ adminLogout: boolean }, Record<string, never>> = gql`
  mutation AdminLogout {
    adminLogout
  }
`;
