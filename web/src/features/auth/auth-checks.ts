// first: proto's schemas must be built after zod is told not to compile them (CSP forbids eval)
import '../../app/zod-jitless';
import { LoginRequest, PasswordField, RegisterRequest } from '@domestique/proto/forms';
import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import { isNetworkError, serverMessageOf } from '../../app/error-message';
import { AuthErrorMessages, type AuthMode } from './auth-form';

/*
 * What the auth form checks with: zod and the API's request schemas, and Apollo's error classes.
 * A chunk of its own (auth-form.ts, loadAuthChecks), so the sign-in page's first load evaluates none
 * of it.
 */

/**
 * Spec section 5, checked with the API's own request schemas (the server checks again): email
 * required and well formed; password required and, on this form, at least 6 characters in both
 * modes; first and last name required only when creating an account.
 */
export const AUTH_SCHEMAS = {
  signIn: LoginRequest.extend({ password: PasswordField }),
  register: RegisterRequest,
} as const satisfies Record<AuthMode, unknown>;

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
