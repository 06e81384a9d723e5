import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import { PASSWORD_MIN_LENGTH, ValidationMessages } from '@domestique/proto/messages';

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
  const email = values.email.trim();
  if (!email) errors.email = ValidationMessages.emailRequired;
  else if (!EMAIL_SHAPE.test(email)) errors.email = ValidationMessages.emailInvalid;
  if (!values.password) errors.password = ValidationMessages.passwordRequired;
  else if (values.password.length < PASSWORD_MIN_LENGTH)
    errors.password = ValidationMessages.passwordTooShort;
  return errors;
}

/** `{ "message": "..." }`, the body of the gateway's non-GraphQL errors (e.g. 503 while starting). */
const messageInBody = (bodyText: string): string | undefined => {
  try {
    const body: unknown = JSON.parse(bodyText);
    if (typeof body !== 'object' || body === null) return undefined;
    const { message, errors } = body as { message?: unknown; errors?: { message?: unknown }[] };
    const first = Array.isArray(errors) ? errors[0]?.message : undefined;
    const text = typeof first === 'string' ? first : message;
    return typeof text === 'string' && text.trim() ? text : undefined;
  } catch {
    return undefined;
  }
};

/**
 * What the auth form says when sign-in or registration fails (spec section 8): the server's
 * message, or "Authentication failed" if it gave none; a request that never reached the server is
 * a network error; anything else is unexpected.
 */
export function authErrorMessage(error: unknown): string {
  if (CombinedGraphQLErrors.is(error)) {
    return error.errors.find((e) => e.message.trim())?.message ?? AuthErrorMessages.fallback;
  }
  if (ServerError.is(error)) return messageInBody(error.bodyText) ?? AuthErrorMessages.fallback;
  // fetch() rejects with a TypeError when the request cannot be made at all.
  if (error instanceof TypeError) return AuthErrorMessages.network;
  return AuthErrorMessages.unexpected;
}
