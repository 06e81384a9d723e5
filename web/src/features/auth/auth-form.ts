import type { LoginRequest, RegisterRequest } from '@domestique/proto/forms';
import type { SpecSchema } from '../../app/forms/spec-resolver';
import type * as AuthChecks from './auth-checks';

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

/** The request of each mode: sign-in sends only the email and password. */
export const authRequest = (mode: AuthMode, values: AuthValues) =>
  mode === 'register' ? values : { email: values.email, password: values.password };

/** Spec section 8, auth page wording. */
export const AuthErrorMessages = {
  fallback: 'Authentication failed',
  network: 'Network error occurred.',
  unexpected: 'Something went wrong. Please try again.',
} as const;

let loading: Promise<typeof AuthChecks> | undefined;

/**
 * The form's schemas and error wording (auth-checks.ts), loaded once: on the first sign of use (a
 * focus or tap in the form) or, at the latest, on the first submit. /auth is the first screen of
 * most visits; zod, the proto schemas and Apollo's error classes would otherwise be evaluated
 * while the page is still being taken over. A failed load is tried again on the next call.
 */
export const loadAuthChecks = (): Promise<typeof AuthChecks> => {
  loading ??= import('./auth-checks').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
};

/** What the form checks with when its checks cannot be loaded: the server is out of reach too. */
const OUT_OF_REACH: SpecSchema<never> = {
  safeParse: () => ({
    success: false,
    error: { issues: [{ code: 'network', path: [], message: AuthErrorMessages.network }] },
  }),
};

/** The schema of a mode (auth-checks.ts); one that cannot be loaded says "Network error occurred.". */
export const loadAuthSchema = async (mode: AuthMode): Promise<SpecSchema<LoginRequest | RegisterRequest>> => {
  const checks = await loadAuthChecks().catch(() => null);
  return checks ? checks.AUTH_SCHEMAS[mode] : OUT_OF_REACH;
};

/** What the form says when sign-in or registration fails (auth-checks.ts, authErrorMessage). */
export const loadAuthErrorMessage = async (error: unknown): Promise<string> => {
  const checks = await loadAuthChecks().catch(() => null);
  return checks ? checks.authErrorMessage(error) : AuthErrorMessages.network;
};
