/**
 * Numbers and words of the billing domain shared by the web and the server, without any runtime
 * dependency (the web imports them through `@domestique/proto/messages`). Spec sections 1, 5, 8, 9.
 */

export const DISCOUNT_TYPES = ['percentage', 'fixed', 'trial'] as const;
/** percentage: percent off; fixed: cents off; trial: free days before the first charge */
export type DiscountType = (typeof DISCOUNT_TYPES)[number];

export interface PromoDiscount {
  discountType: DiscountType;
  discountValue: number;
}

/** The landing banner's code: 90% off the first month. */
export const LANDING_PROMO_CODE = 'DOMESTIQUE90';
/** Paid plans carry a 30-day money-back guarantee (spec section 9). */
export const MONEY_BACK_GUARANTEE_DAYS = 30;
export const PROMO_CODE_MAX_LENGTH = 40;
export const PROMO_DESCRIPTION_MAX_LENGTH = 200;
export const PERCENTAGE_RANGE = { min: 1, max: 100 } as const;
export const TRIAL_DAYS_RANGE = { min: 1, max: 365 } as const;

/**
 * The discount math of spec section 5, in cents: a percentage takes that share off (price × (1 −
 * value/100), rounded to the cent), a fixed amount subtracts its cents and never goes below zero,
 * a trial leaves the price as it is (it delays the first charge instead).
 */
export const discountedCents = (priceCents: number, discount: PromoDiscount | null): number => {
  if (!discount) return priceCents;
  switch (discount.discountType) {
    case 'percentage':
      return Math.round(priceCents * (1 - discount.discountValue / 100));
    case 'fixed':
      return Math.max(0, priceCents - discount.discountValue);
    case 'trial':
      return priceCents;
  }
};

/** What a plan card shows with a promo applied: whole dollars (spec section 5), and the saving. */
export const discountedMonthlyPrice = (
  priceDollars: number,
  discount: PromoDiscount | null,
): { price: number; savings: number } => {
  const exact = discountedCents(priceDollars * 100, discount) / 100;
  return { price: Math.round(exact), savings: Math.round(priceDollars - exact) };
};

/** Whole cents as dollars without needless decimals: 2500 -> "25", 2550 -> "25.50". */
export const formatDollars = (cents: number): string =>
  cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);

/** The applied promo's badge (spec section 2): "{n}% OFF", "${amount} OFF", or the trial length. */
export const promoBadge = ({ discountType, discountValue }: PromoDiscount): string => {
  switch (discountType) {
    case 'percentage':
      return `${discountValue}% OFF`;
    case 'fixed':
      return `$${formatDollars(discountValue)} OFF`;
    case 'trial':
      return `${discountValue} DAYS FREE`;
  }
};

/** What a promo does, in a sentence ("90% off your first month"). */
export const describeDiscount = ({ discountType, discountValue }: PromoDiscount): string => {
  switch (discountType) {
    case 'percentage':
      return `${discountValue}% off your first month`;
    case 'fixed':
      return `$${formatDollars(discountValue)} off your first month`;
    case 'trial':
      return `${discountValue} free ${discountValue === 1 ? 'day' : 'days'} before your first payment`;
  }
};

/** The words of the billing service's answers (spec section 8 where it gives them). */
export const BillingMessages = {
  promoRequired: 'Please enter a promo code.',
  promoUnknown: 'This promo code does not exist.',
  promoInactive: 'This promo code is no longer active.',
  promoExpired: 'This promo code has expired.',
  promoNotYetValid: 'This promo code is not valid yet.',
  promoUsedUp: 'This promo code has reached its usage limit.',
  planRequired: 'Please choose a plan.',
  planUnknown: 'This plan does not exist.',
  eliteNotPurchasable: 'The Elite plan is coming soon and cannot be purchased yet.',
  alreadySubscribed: 'You already have an active subscription. Manage it from your profile.',
  accountNotReady: 'Your account is still being set up. Please try again in a moment.',
  portalNeedsSubscription: 'You need an active subscription to access the billing portal.',
  noSubscriptionToCancel: 'You do not have an active subscription to cancel.',
  subscriptionCanceled: 'Subscription Canceled',
  providerUnavailable: 'The payment provider is not reachable right now. Please try again.',
  invalidSignature: 'Invalid webhook signature',
  waitlistJoined: "You're on the list! We'll notify you as soon as Elite plan is available.",
  requiredFields: 'Please fill in all required fields.',
  promoCodeFormat: 'Promo codes use letters, digits, - and _ only.',
  promoCodeTaken: 'A promo code with this code already exists.',
  promoNotFound: 'Promo code not found.',
  discountValueInteger: 'Discount value must be a whole number.',
  percentageRange: `A percentage discount must be between ${PERCENTAGE_RANGE.min} and ${PERCENTAGE_RANGE.max}.`,
  fixedPositive: 'A fixed discount must be more than 0 cents.',
  trialRange: `A trial must last between ${TRIAL_DAYS_RANGE.min} and ${TRIAL_DAYS_RANGE.max} days.`,
  validRange: 'Valid from must be before valid until.',
  invalidDate: 'Please enter a valid date and time.',
  usageLimitInteger: 'Usage limit must be a whole number of at least 1, or empty for unlimited.',
  userNotFound: 'User not found',
} as const;

/** Why a promo's discount value does not fit its type (spec section 5), or null. */
export const discountValueProblem = (discountType: DiscountType, discountValue: number): string | null => {
  switch (discountType) {
    case 'percentage':
      return discountValue < PERCENTAGE_RANGE.min || discountValue > PERCENTAGE_RANGE.max
        ? BillingMessages.percentageRange
        : null;
    case 'fixed':
      return discountValue <= 0 ? BillingMessages.fixedPositive : null;
    case 'trial':
      return discountValue < TRIAL_DAYS_RANGE.min || discountValue > TRIAL_DAYS_RANGE.max
        ? BillingMessages.trialRange
        : null;
  }
};
