// first: proto's schemas must be built after zod is told not to compile them (CSP forbids eval)
import '../../app/zod-jitless';
import { ResetPasswordRequest } from '@domestique/proto';
import { withConfirmation } from '../../app/forms/spec-resolver';

/** Spec sections 5 and 8, in their words. */
export const ResetMessages = {
  mismatch: "Passwords don't match",
  missingToken: 'Invalid reset link. Please request a new password reset.',
  resetFailed: 'Failed to reset password.',
  sendFailed: 'Failed to send reset email.',
} as const;

/** Error codes of a link that cannot be used any more: the page offers a new one. */
export const DEAD_LINK_CODES: readonly string[] = ['AUTH_INVALID_RESET_TOKEN', 'AUTH_EXPIRED_RESET_TOKEN'];

export interface ResetValues {
  newPassword: string;
  confirmPassword: string;
}

export const EMPTY_RESET_VALUES: ResetValues = { newPassword: '', confirmPassword: '' };

/**
 * The API's reset request (the new password needs 6 characters), and the confirmation must match
 * it; both are said at once.
 */
export const RESET_FORM_SCHEMA = withConfirmation(
  ResetPasswordRequest,
  'newPassword',
  'confirmPassword',
  ResetMessages.mismatch,
);
