import { z } from 'zod';
import { NAME_MAX_LENGTH } from '../messages.js';
import { EmailField, PasswordField, ValidationMessages } from './validation.js';

/**
 * Password reset, profile names and admin sign-in (spec sections 2, 5, 7, 8). The web shows these
 * words; it switches on error codes, never on the text.
 */
export const AccountMessages = {
  /** forgot-password answers this whether or not the account exists (no enumeration) */
  resetEmailSent: "If an account exists for that email, we've sent a link to reset your password.",
  invalidResetToken: 'Invalid reset token',
  expiredResetToken: 'This reset link has expired. Please request a new password reset.',
  passwordReset: 'Your password has been reset. Please sign in with your new password.',
  firstNameNotText: 'First name must be text',
  lastNameNotText: 'Last name must be text',
  usernameRequired: 'Username is required',
  /** internal wording of spec section 8; the admin login screen shows its own sentence */
  invalidAdminCredentials: 'Invalid credentials',
  adminSignedOut: 'Signed out',
} as const;

/** How long a reset link works (spec section 9: 1 hour). */
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

export const ForgotPasswordRequest = z.strictObject({ email: EmailField });
export type ForgotPasswordRequest = z.infer<typeof ForgotPasswordRequest>;

export const ResetPasswordRequest = z.strictObject({
  /** the link's token: 32 random bytes, base64url; anything else cannot be one */
  token: z
    .string({ error: AccountMessages.invalidResetToken })
    .trim()
    .min(1, AccountMessages.invalidResetToken)
    .max(200, AccountMessages.invalidResetToken),
  newPassword: PasswordField,
});
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequest>;

/** A profile name: trimmed, at most NAME_MAX_LENGTH characters, may be empty (stored as not set). */
const profileName = (notText: string) =>
  z.string({ error: notText }).trim().max(NAME_MAX_LENGTH, ValidationMessages.nameTooLong);

/** PATCH /api/profile (spec section 5: names may be empty). */
export const UpdateProfileRequest = z.strictObject({
  firstName: profileName(AccountMessages.firstNameNotText),
  lastName: profileName(AccountMessages.lastNameNotText),
});
export type UpdateProfileRequest = z.infer<typeof UpdateProfileRequest>;

export const AdminLoginRequest = z.strictObject({
  username: z
    .string({ error: AccountMessages.usernameRequired })
    .trim()
    .min(1, AccountMessages.usernameRequired)
    .max(200, AccountMessages.invalidAdminCredentials),
  password: z
    .string({ error: ValidationMessages.passwordRequired })
    .min(1, ValidationMessages.passwordRequired)
    .max(1000, AccountMessages.invalidAdminCredentials),
});
export type AdminLoginRequest = z.infer<typeof AdminLoginRequest>;

/** GET /api/admin/auth (spec section 3, "Admin auth response"). */
export interface AdminAuthDto {
  isAdmin: boolean;
}

/** The `{ message }` answer of calls whose spec answer is "not used" or "not shown". */
export interface MessageDto {
  message: string;
}
