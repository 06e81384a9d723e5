import type { Tier } from '@domestique/proto';
import type { Plan } from './graphql/billing.graphql';

/**
 * What a paid plan's card offers the rider: buy it, manage the subscription they have, nothing (it
 * is theirs), or Coming Soon. Whether a plan can be bought is the server's answer (`purchasable`:
 * Elite only while billing's ELITE_ON_SALE is on), never a web build flag.
 */
export type PlanOffer = 'subscribe' | 'manage' | 'current' | 'coming-soon';

export const planOffer = (
  plan: Pick<Plan, 'id' | 'purchasable' | 'priceId'>,
  tier: Tier,
  hasStripeCustomer: boolean,
): PlanOffer => {
  if (!plan.purchasable || !plan.priceId) return 'coming-soon';
  if (tier === 'free') return 'subscribe';
  // a subscriber changes plans in the billing portal: checkout refuses a second subscription
  if (hasStripeCustomer) return 'manage';
  // a Pro an admin made (no subscription to change) may still buy the plan above theirs
  return tier === 'pro' && plan.id === 'elite' ? 'subscribe' : 'current';
};
