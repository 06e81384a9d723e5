import { PASSWORD_MIN_LENGTH, ValidationMessages } from '@domestique/proto/messages';

/** Spec sections 5 and 8, in their words. */
export const ResetMessages = {
  mismatch: "Passwords don't match",
  tooShort: ValidationMessages.passwordTooShort,
  missingToken: 'Invalid reset link. Please request a new password reset.',
  resetFailed: 'Failed to reset password.',
  sendFailed: 'Failed to send reset email.',
} as const;

/** Error codes of a link that cannot be used any more: the page offers a new one. */
export const DEAD_LINK_CODES: readonly string[] = ['AUTH_INVALID_RESET_TOKEN', 'AUTH_EXPIRED_RESET_TOKEN'];

export interface ResetFieldErrors {
  newPassword?: string;
  confirmPassword?: string;
}

/** The new password needs 6 characters and the confirmation must match it. */
export function validateReset(newPassword: string, confirmPassword: string): ResetFieldErrors {
  const errors: ResetFieldErrors = {};
  if (newPassword.length < PASSWORD_MIN_LENGTH) errors.newPassword = ResetMessages.tooShort;
  if (newPassword !== confirmPassword) errors.confirmPassword = ResetMessages.mismatch;
  return errors;
}
