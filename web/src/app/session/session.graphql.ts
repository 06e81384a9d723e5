import { gql, type TypedDocumentNode } from '@apollo/client';
import type { UserDto } from '@domestique/proto';
import { ME_QUERY_TEXT, USER_FIELDS_TEXT } from './session-check';

/** Every user field the web reads; one fragment so the cache always holds the whole user. */
export const USER_FIELDS = gql(USER_FIELDS_TEXT);

/** The user as the GraphQL API returns it (UserDto plus the cache's type name). */
export type SessionUser = UserDto & { __typename?: 'User' };

export interface RegisterInput {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

export interface LoginInput {
  email: string;
  password: string;
}

export const ME_QUERY: TypedDocumentNode<{ me: SessionUser | null }, Record<string, never>> = gql(
  ME_QUERY_TEXT,
);

export const LOGIN_MUTATION: TypedDocumentNode<{ login: SessionUser }, { input: LoginInput }> = gql`
  mutation Login($input: LoginInput!) {
    login(input: $input) {
      ...SessionUserFields
    }
  }
  ${USER_FIELDS}
`;

export const REGISTER_MUTATION: TypedDocumentNode<{ register: SessionUser }, { input: RegisterInput }> = gql`
  mutation Register($input: RegisterInput!) {
    register(input: $input) {
      ...SessionUserFields
    }
  }
  ${USER_FIELDS}
`;

export const LOGOUT_MUTATION: TypedDocumentNode<{ logout: boolean }, Record<string, never>> = gql`
  mutation Logout {
    logout
  }
`;
