// first: proto's schemas must be built after zod is told not to compile them (CSP forbids eval)
import '../../app/zod-jitless';
import { LoginRequest, PasswordField, RegisterRequest } from '@domestique/proto/forms';
import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import { isNetworkError, serverMessageOf } from '../../app/error-message';

export type AuthMode = 'signIn' | 'register';

export interface AuthValues {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

export type AuthField = keyof AuthValues;

export const EMPTY_AUTH_VALUES: AuthValues = { firstName: '', lastName: '', email: '', password: '' };

/** Every field the form may show, in its order. */
export const AUTH_FIELDS: readonly AuthField[] = ['firstName', 'lastName', 'email', 'password'];

/**
 * Spec section 5, checked with the API's own request schemas (the server checks again): email
 * required and well formed; password required and, on this form, at least 6 characters in both
 * modes; first and last name required only when creating an account.
 */
export const AUTH_SCHEMAS = {
  signIn: LoginRequest.extend({ password: PasswordField }),
  register: RegisterRequest,
} as const;

/** The request of each mode: sign-in sends only the email and password. */
export const authRequest = (mode: AuthMode, values: AuthValues) =>
  mode === 'register' ? values : { email: values.email, password: values.password };

/** Spec section 8, auth page wording. */
export const AuthErrorMessages = {
  fallback: 'Authentication failed',
  network: 'Network error occurred.',
  unexpected: 'Something went wrong. Please try again.',
} as const;

/**
 * What the auth form says when sign-in or registration fails (spec section 8): the server's
 * message, or "Authentication failed" if it gave none; a request that never reached the server is
 * a network error; anything else is unexpected.
 */
export function authErrorMessage(error: unknown): string {
  if (CombinedGraphQLErrors.is(error) || ServerError.is(error)) {
    return serverMessageOf(error) ?? AuthErrorMessages.fallback;
  }
  if (isNetworkError(error)) return AuthErrorMessages.network;
  return AuthErrorMessages.unexpected;
}
