/**
 * Validation constants and messages without any runtime dependency, so the web can import them
 * (`@domestique/proto/messages`) without pulling the zod schemas into its bundle.
 */
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

/** The rides domain's numbers and words (units, performance score, sync texts). */
export * from './dto/rides.constants.js';

/** The rides page's filter and sort (URL and `GET /api/rides` parameters). */
export * from './dto/ride-filter.constants.js';

/** The analysis domain's numbers and words (quota banner, feedback toasts, chat). */
export * from './dto/analysis.constants.js';

/** The billing domain's numbers and words (discount math, promo badges, answers). */
export * from './dto/billing.constants.js';

/** The admin area's numbers and words (empty states, toasts, failure texts). */
export * from './dto/admin.constants.js';

/** Goals' numbers and words (types, units, progress cap, texts). */
export * from './dto/goals.constants.js';

/** Trends' and lifetime analytics' windows and zone names. */
export * from './dto/analytics.constants.js';

/** Session types read from a ride's data, and how texts name them (no zod in workout.dto). */
export { WORKOUT_TYPES, WORKOUT_TYPE_LABELS, RIDE_CONTEXTS } from './dto/workout.dto.js';
