import { z } from 'zod';

import {
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  ValidationMessages,
} from '../messages.js';

export { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, ValidationMessages };

export const EmailField = z
  .string({ error: ValidationMessages.emailRequired })
  .trim()
  .toLowerCase()
  .min(1, ValidationMessages.emailRequired)
  .max(EMAIL_MAX_LENGTH, ValidationMessages.emailInvalid)
  .pipe(z.email({ error: ValidationMessages.emailInvalid }));

export const PasswordField = z
  .string({ error: ValidationMessages.passwordRequired })
  .min(1, ValidationMessages.passwordRequired)
  .min(PASSWORD_MIN_LENGTH, ValidationMessages.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, ValidationMessages.passwordTooLong);

export const requiredName = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(NAME_MAX_LENGTH, ValidationMessages.nameTooLong);

/** First message of a failed parse, for `{ message }` answers and form errors. */
export const firstIssueMessage = (error: z.ZodError): string => {
  const issue = error.issues[0];
  if (!issue) return 'Invalid request';
  if (issue.code === 'unrecognized_keys') return `Unexpected field: ${issue.keys.join(', ')}`;
  if (issue.code === 'invalid_type' && issue.path.length === 0) return 'Request body must be a JSON object';
  return issue.message;
};
