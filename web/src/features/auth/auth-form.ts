import { PASSWORD_MIN_LENGTH, ValidationMessages } from '@domestique/proto/messages';
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
export type FieldErrors = Partial<Record<AuthField, string>>;

export const EMPTY_AUTH_VALUES: AuthValues = { firstName: '', lastName: '', email: '', password: '' };

/** Fields in the order the form shows them, for focusing the first invalid one. */
export const FIELD_ORDER: Record<AuthMode, readonly AuthField[]> = {
  signIn: ['email', 'password'],
  register: ['firstName', 'lastName', 'email', 'password'],
};

/** Spec section 8, auth page wording. */
export const AuthErrorMessages = {
  fallback: 'Authentication failed',
  network: 'Network error occurred.',
  unexpected: 'Something went wrong. Please try again.',
} as const;

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Spec section 5: an email is required and well formed (the server checks it again). */
export function emailError(value: string): string | undefined {
  const email = value.trim();
  if (!email) return ValidationMessages.emailRequired;
  if (!EMAIL_SHAPE.test(email)) return ValidationMessages.emailInvalid;
  return undefined;
}

/**
 * Spec section 5: email required and well formed; password required, at least 6 characters (in
 * both modes, as the spec says for the auth form); first and last name required only when creating
 * an account. The texts are the shared ones the server also answers with.
 */
export function validateAuthForm(mode: AuthMode, values: AuthValues): FieldErrors {
  const errors: FieldErrors = {};
  if (mode === 'register') {
    if (!values.firstName.trim()) errors.firstName = ValidationMessages.firstNameRequired;
    if (!values.lastName.trim()) errors.lastName = ValidationMessages.lastNameRequired;
  }
  const email = emailError(values.email);
  if (email) errors.email = email;
  if (!values.password) errors.password = ValidationMessages.passwordRequired;
  else if (values.password.length < PASSWORD_MIN_LENGTH)
    errors.password = ValidationMessages.passwordTooShort;
  return errors;
}

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
