import { z } from 'zod';
import { TIERS, type Tier } from '../identity.js';
import {
  BillingMessages,
  DISCOUNT_TYPES,
  PROMO_CODE_MAX_LENGTH,
  PROMO_DESCRIPTION_MAX_LENGTH,
  discountValueProblem,
  type DiscountType,
} from './billing.constants.js';
import { EmailField } from './validation.js';

export * from './billing.constants.js';

/** A plan as the plan cards show it (spec section 3). `price` is dollars per month. */
export interface PlanDto {
  id: 'free' | 'pro' | 'elite';
  name: string;
  price: number;
  /** the payment provider's price id; null for Free */
  priceId: string | null;
  description: string;
  features: string[];
  popular: boolean;
  /**
   * whether checkout sells it: Pro always, Free never, Elite only while the billing service's
   * ELITE_ON_SALE is on (otherwise it is advertised as Coming Soon)
   */
  purchasable: boolean;
}

/** A promo code as typed: trimmed and upper-cased (spec section 5). */
export const PromoCodeField = z
  .string({ error: BillingMessages.promoRequired })
  .trim()
  .toUpperCase()
  .min(1, BillingMessages.promoRequired)
  .max(PROMO_CODE_MAX_LENGTH, BillingMessages.promoUnknown);

/** POST /api/promo/validate */
export const ValidatePromoRequest = z.strictObject({ code: PromoCodeField });
export type ValidatePromoRequest = z.infer<typeof ValidatePromoRequest>;

/** Promo validation response of spec section 3. */
export interface PromoValidationDto {
  code: string;
  discountType: DiscountType;
  /** percent; cents for fixed; days for trial */
  discountValue: number;
  message: string;
}

/** POST /api/stripe/create-checkout-session {priceId, promoCode or null} */
export const CreateCheckoutSessionRequest = z.strictObject({
  priceId: z
    .string({ error: BillingMessages.planRequired })
    .trim()
    .min(1, BillingMessages.planRequired)
    .max(200, BillingMessages.planUnknown),
  promoCode: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    PromoCodeField.nullable().optional(),
  ),
});
export type CreateCheckoutSessionRequest = z.infer<typeof CreateCheckoutSessionRequest>;

/** Checkout session response: the spec's `sessionId`, and the hosted page the browser goes to. */
export interface CheckoutSessionDto {
  sessionId: string;
  url: string;
}

/** Portal session response of spec section 3. */
export interface PortalSessionDto {
  url: string;
}

/** The rider's Stripe subscription as the profile's subscription card reads it. */
export interface SubscriptionDto {
  tier: Tier;
  status: string;
  priceId: string;
  /** the plan keeps its access until then when cancelAtPeriodEnd */
  cancelAtPeriodEnd: boolean;
  /** ISO 8601, UTC */
  currentPeriodEnd: string;
}

/** POST /api/subscription/cancel */
export interface CancelSubscriptionDto {
  message: string;
  subscription: SubscriptionDto;
}

/** POST /api/waitlist/elite/public {email} */
export const WaitlistRequest = z.strictObject({ email: EmailField });
export type WaitlistRequest = z.infer<typeof WaitlistRequest>;

export interface WaitlistDto {
  message: string;
}

/** Admin promo code of spec section 3, plus the status the admin table shows (spec section 4). */
export interface AdminPromoCodeDto {
  id: string;
  code: string;
  description: string | null;
  discountType: DiscountType;
  discountValue: number;
  /** ISO 8601, UTC */
  validFrom: string;
  validUntil: string;
  /** null: unlimited */
  usageLimit: number | null;
  usedCount: number;
  isActive: boolean;
  status: 'ACTIVE' | 'INACTIVE';
}

const requiredField = BillingMessages.requiredFields;

const dateTimeField = z
  .string({ error: requiredField })
  .trim()
  .min(1, requiredField)
  .pipe(z.iso.datetime({ local: true, offset: true, error: BillingMessages.invalidDate }))
  .transform((value) => new Date(value));

/**
 * Creating a promo code (spec section 5): code upper-case, letters/digits/-/_; discountValue an
 * integer (percentage 1-100, fixed cents > 0, trial days 1-365); validFrom before validUntil;
 * usageLimit a whole number or null (unlimited).
 */
export const CreatePromoCodeRequest = z
  .strictObject({
    code: z
      .string({ error: requiredField })
      .trim()
      .toUpperCase()
      .min(1, requiredField)
      .max(PROMO_CODE_MAX_LENGTH, `Codes are at most ${PROMO_CODE_MAX_LENGTH} characters long.`)
      .regex(/^[A-Z0-9_-]+$/, BillingMessages.promoCodeFormat),
    description: z
      .string()
      .trim()
      .max(
        PROMO_DESCRIPTION_MAX_LENGTH,
        `Descriptions are at most ${PROMO_DESCRIPTION_MAX_LENGTH} characters long.`,
      )
      .nullable()
      .optional()
      .transform((value) => (value ? value : null)),
    discountType: z.enum(DISCOUNT_TYPES, { error: 'Discount type must be percentage, fixed or trial.' }),
    discountValue: z.number({ error: requiredField }).int(BillingMessages.discountValueInteger),
    validFrom: dateTimeField,
    validUntil: dateTimeField,
    usageLimit: z
      .number({ error: BillingMessages.usageLimitInteger })
      .int(BillingMessages.usageLimitInteger)
      .min(1, BillingMessages.usageLimitInteger)
      .nullable()
      .optional()
      .transform((value) => value ?? null),
  })
  .superRefine((value, context) => {
    // zod runs this even when a field failed: check only what parsed
    const { discountType, discountValue, validFrom, validUntil } = value;
    const problem = Number.isInteger(discountValue)
      ? discountValueProblem(discountType, discountValue)
      : null;
    if (problem) context.addIssue({ code: 'custom', path: ['discountValue'], message: problem });
    if (
      validFrom instanceof Date &&
      validUntil instanceof Date &&
      !Number.isNaN(validFrom.getTime()) &&
      validFrom.getTime() >= validUntil.getTime()
    ) {
      context.addIssue({ code: 'custom', path: ['validUntil'], message: BillingMessages.validRange });
    }
  });
export type CreatePromoCodeRequest = z.infer<typeof CreatePromoCodeRequest>;
export type CreatePromoCodeInput = z.input<typeof CreatePromoCodeRequest>;

/** Pattern `billing.admin.set-tier` (the admin's tier change). */
export const SetTierRequest = z.strictObject({
  subscriptionTier: z.enum(TIERS, { error: 'Subscription tier must be free, pro or elite.' }),
});
export type SetTierRequest = z.infer<typeof SetTierRequest>;

/** The tier billing has recorded for a rider after an admin change. */
export interface TierChangeDto {
  userId: string;
  subscriptionTier: Tier;
}

/** Pattern `billing.admin.revenue`: what active paid subscriptions bring in per month. */
export interface MonthlyRevenueDto {
  /** after each subscription's current discount, in cents */
  monthlyRevenueCents: number;
  activeSubscriptions: number;
}
