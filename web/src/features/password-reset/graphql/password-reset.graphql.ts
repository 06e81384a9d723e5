import { gql, type TypedDocumentNode } from '@apollo/client';

export const FORGOT_PASSWORD_MUTATION: TypedDocumentNode<
  { forgotPassword: boolean },
  { input: { email: string } }
> = gql`
  mutation ForgotPassword($input: ForgotPasswordInput!) {
    forgotPassword(input: $input)
  }
`;

export const RESET_PASSWORD_MUTATION: TypedDocumentNode<
  { resetPassword: boolean },
  { input: { token: string; newPassword: string } }
> = gql`
  mutation ResetPassword($input: ResetPasswordInput!) {
    resetPassword(input: $input)
  }
`;
