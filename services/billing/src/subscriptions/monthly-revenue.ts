import { discountedCents, type PromoDiscount } from '@domestique/proto';

export interface RevenueSubscription {
  status: string;
  unitAmount: number;
  discountPercentOff: number | null;
  discountAmountOff: number | null;
}

const discountOf = (subscription: RevenueSubscription): PromoDiscount | null => {
  if (subscription.discountPercentOff !== null) {
    return { discountType: 'percentage', discountValue: subscription.discountPercentOff };
  }
  if (subscription.discountAmountOff !== null) {
    return { discountType: 'fixed', discountValue: subscription.discountAmountOff };
  }
  return null;
};

/**
 * What active paid subscriptions bring in per month, in cents, each after the discount it carries
 * now (a first-month coupon counts until Stripe takes it off at the renewal). Trials and past-due
 * subscriptions pay nothing yet.
 */
export const monthlyRevenue = (
  subscriptions: readonly RevenueSubscription[],
): { monthlyRevenueCents: number; activeSubscriptions: number } => {
  const paying = subscriptions.filter((subscription) => subscription.status === 'active');
  return {
    monthlyRevenueCents: paying.reduce(
      (sum, subscription) => sum + discountedCents(subscription.unitAmount, discountOf(subscription)),
      0,
    ),
    activeSubscriptions: paying.length,
  };
};
