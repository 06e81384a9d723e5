import { BillingErrorCode, BillingMessages, type ErrorCode } from '@domestique/proto';

export interface PromoValidity {
  isActive: boolean;
  validFrom: Date;
  validUntil: Date;
  usageLimit: number | null;
}

export interface PromoProblem {
  status: 400 | 404;
  code: ErrorCode;
  message: string;
}

const problem = (status: 400 | 404, code: ErrorCode, message: string): PromoProblem => ({
  status,
  code,
  message,
});

/**
 * Why a promo code cannot be used now, or null when it can (spec sections 3-5): it must exist, be
 * active, have `validFrom <= now <= validUntil`, and have uses left under its limit. `uses` counts
 * completed checkouts plus checkouts in progress that hold a reservation.
 */
export const promoProblem = (promo: PromoValidity | null, uses: number, now: Date): PromoProblem | null => {
  if (!promo) return problem(404, BillingErrorCode.PromoUnknown, BillingMessages.promoUnknown);
  if (!promo.isActive) return problem(400, BillingErrorCode.PromoInactive, BillingMessages.promoInactive);
  if (now.getTime() < promo.validFrom.getTime()) {
    return problem(400, BillingErrorCode.PromoNotYetValid, BillingMessages.promoNotYetValid);
  }
  if (now.getTime() > promo.validUntil.getTime()) {
    return problem(400, BillingErrorCode.PromoExpired, BillingMessages.promoExpired);
  }
  if (promo.usageLimit !== null && uses >= promo.usageLimit) {
    return problem(400, BillingErrorCode.PromoUsedUp, BillingMessages.promoUsedUp);
  }
  return null;
};

/** The admin table's status (spec section 4): ACTIVE if active and validUntil is in the future. */
export const promoStatus = (
  promo: Pick<PromoValidity, 'isActive' | 'validUntil'>,
  now: Date,
): 'ACTIVE' | 'INACTIVE' =>
  promo.isActive && promo.validUntil.getTime() > now.getTime() ? 'ACTIVE' : 'INACTIVE';
