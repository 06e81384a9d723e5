import { z } from 'zod';

/** Field rules shared by the web forms and the server (spec section 5). */
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 200;
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;

export const ValidationMessages = {
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 6 characters long',
  passwordTooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters long`,
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  nameTooLong: `Names must be at most ${NAME_MAX_LENGTH} characters long`,
} as const;

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
