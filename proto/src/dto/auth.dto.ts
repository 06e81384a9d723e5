import { z } from 'zod';
import type { Tier } from '../identity.js';
import { EmailField, PasswordField, ValidationMessages, requiredName } from './validation.js';

/** The user object of spec section 3, as REST and GraphQL answer it. */
export interface UserDto {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  /** ISO 8601, UTC */
  createdAt: string;
  subscriptionTier: Tier;
  stripeCustomerId: string | null;
  /** the Strava athlete id; present when Strava is connected */
  stravaId: string | null;
}

export const RegisterRequest = z.strictObject({
  email: EmailField,
  password: PasswordField,
  firstName: requiredName(ValidationMessages.firstNameRequired),
  lastName: requiredName(ValidationMessages.lastNameRequired),
});
export type RegisterRequest = z.infer<typeof RegisterRequest>;

export const LoginRequest = z.strictObject({
  email: EmailField,
  /** no length rule on sign-in: a wrong password is just wrong */
  password: z
    .string({ error: ValidationMessages.passwordRequired })
    .min(1, ValidationMessages.passwordRequired)
    .max(1000),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

/** The same words for an unknown email and a wrong password (no account enumeration). */
export const INVALID_CREDENTIALS_MESSAGE = 'Invalid email or password';
export const EMAIL_TAKEN_MESSAGE = 'An account with this email already exists';
