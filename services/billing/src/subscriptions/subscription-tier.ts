import type { EventPayload, PlanDto, Tier } from '@domestique/proto';

/** Stripe statuses that keep a plan's access: paid up, in a trial, or in Stripe's payment retries. */
export const LIVE_STATUSES: ReadonlySet<string> = new Set(['active', 'trialing', 'past_due']);

const RANK: Record<Tier, number> = { free: 0, pro: 1, elite: 2 };

export interface SubscriptionState {
  status: string;
  priceId: string;
  cancellationReason: string | null;
}

/**
 * The tier one subscription gives: its plan's tier while it is live (a subscription canceled at
 * period end stays active, so Pro lasts until the end), free once it has ended or never started.
 */
export const tierOfSubscription = (
  subscription: SubscriptionState,
  planOfPrice: (priceId: string) => Pick<PlanDto, 'id'> | undefined,
): Tier => {
  if (!LIVE_STATUSES.has(subscription.status)) return 'free';
  return planOfPrice(subscription.priceId)?.id ?? 'free';
};

/** A rider's tier from all their subscriptions: the best live one. */
export const tierOfSubscriptions = (
  subscriptions: readonly SubscriptionState[],
  planOfPrice: (priceId: string) => Pick<PlanDto, 'id'> | undefined,
): Tier =>
  subscriptions
    .map((subscription) => tierOfSubscription(subscription, planOfPrice))
    .reduce<Tier>((best, tier) => (RANK[tier] > RANK[best] ? tier : best), 'free');

export type TierChangeReason = EventPayload<'subscription.tier-changed'>['reason'];

/** Why a subscription-driven tier moved, for subscription.tier-changed. */
export const reasonForChange = (
  before: Tier,
  after: Tier,
  subscriptions: readonly SubscriptionState[],
): TierChangeReason => {
  if (after !== 'free') return before === 'free' ? 'checkout' : 'renewal';
  const failed = subscriptions.some(
    (subscription) =>
      subscription.status === 'unpaid' || subscription.cancellationReason === 'payment_failed',
  );
  return failed ? 'payment-failed' : 'cancellation';
};
