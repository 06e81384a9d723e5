/**
 * Error codes per domain. REST answers carry `{ message, code }`; GraphQL errors carry
 * `extensions.code`. The web switches on codes, never on message text.
 */
export const CommonErrorCode = {
  BadRequest: 'BAD_REQUEST',
  Unauthenticated: 'UNAUTHENTICATED',
  Forbidden: 'FORBIDDEN',
  NotFound: 'NOT_FOUND',
  Conflict: 'CONFLICT',
  PayloadTooLarge: 'PAYLOAD_TOO_LARGE',
  TooManyRequests: 'TOO_MANY_REQUESTS',
  Unavailable: 'SERVICE_UNAVAILABLE',
  Internal: 'INTERNAL',
} as const;

export const AuthErrorCode = {
  EmailTaken: 'AUTH_EMAIL_TAKEN',
  InvalidCredentials: 'AUTH_INVALID_CREDENTIALS',
  InvalidResetToken: 'AUTH_INVALID_RESET_TOKEN',
  ExpiredResetToken: 'AUTH_EXPIRED_RESET_TOKEN',
  UserNotFound: 'AUTH_USER_NOT_FOUND',
  InvalidAdminCredentials: 'AUTH_INVALID_ADMIN_CREDENTIALS',
} as const;

export const RideErrorCode = {
  NotFound: 'RIDE_NOT_FOUND',
  StravaNotConnected: 'RIDE_STRAVA_NOT_CONNECTED',
  StravaAuthorizationFailed: 'RIDE_STRAVA_AUTHORIZATION_FAILED',
  StravaUnavailable: 'RIDE_STRAVA_UNAVAILABLE',
  /** Strava refused the stored tokens: the athlete revoked access */
  StravaAccessRevoked: 'RIDE_STRAVA_ACCESS_REVOKED',
  /** the webhook validation request carried the wrong verify token */
  StravaWebhookForbidden: 'RIDE_STRAVA_WEBHOOK_FORBIDDEN',
  SyncFailed: 'RIDE_SYNC_FAILED',
  GoalNotFound: 'RIDE_GOAL_NOT_FOUND',
  InvalidFilter: 'RIDE_INVALID_FILTER',
  InvalidCursor: 'RIDE_INVALID_CURSOR',
  InvalidTimeZone: 'RIDE_INVALID_TIME_ZONE',
} as const;

export const AnalysisErrorCode = {
  MonthlyLimitReached: 'ANALYSIS_MONTHLY_LIMIT_REACHED',
  RideNotFound: 'ANALYSIS_RIDE_NOT_FOUND',
  AnalysisFailed: 'ANALYSIS_FAILED',
  ChatRequiresPaidPlan: 'ANALYSIS_CHAT_REQUIRES_PAID_PLAN',
} as const;

export const BillingErrorCode = {
  PromoUnknown: 'BILLING_PROMO_UNKNOWN',
  PromoExpired: 'BILLING_PROMO_EXPIRED',
  PromoNotYetValid: 'BILLING_PROMO_NOT_YET_VALID',
  PromoUsedUp: 'BILLING_PROMO_USED_UP',
  PromoInactive: 'BILLING_PROMO_INACTIVE',
  PromoCodeTaken: 'BILLING_PROMO_CODE_TAKEN',
  PlanNotPurchasable: 'BILLING_PLAN_NOT_PURCHASABLE',
  NoCustomer: 'BILLING_NO_CUSTOMER',
  NoSubscription: 'BILLING_NO_SUBSCRIPTION',
  InvalidSignature: 'BILLING_INVALID_SIGNATURE',
  ProviderUnavailable: 'BILLING_PROVIDER_UNAVAILABLE',
  AlreadySubscribed: 'BILLING_ALREADY_SUBSCRIBED',
  AccountNotReady: 'BILLING_ACCOUNT_NOT_READY',
  PromoNotFound: 'BILLING_PROMO_NOT_FOUND',
  UserNotFound: 'BILLING_USER_NOT_FOUND',
} as const;

export const AdminErrorCode = {
  UserNotFound: 'ADMIN_USER_NOT_FOUND',
  PromoNotFound: 'ADMIN_PROMO_NOT_FOUND',
} as const;

type ValuesOf<T> = T[keyof T];
export type ErrorCode =
  | ValuesOf<typeof CommonErrorCode>
  | ValuesOf<typeof AuthErrorCode>
  | ValuesOf<typeof RideErrorCode>
  | ValuesOf<typeof AnalysisErrorCode>
  | ValuesOf<typeof BillingErrorCode>
  | ValuesOf<typeof AdminErrorCode>;

/** The body of every non-OK REST answer. */
export interface ErrorBody {
  message: string;
  code?: ErrorCode;
}
