import { describe, expect, it } from '@jest/globals';
import type { Tier } from '@domestique/proto';
import { planOffer } from './plan-offer';
import { PLANS } from './test-billing';

const [, pro, elite] = PLANS as [unknown, (typeof PLANS)[number], (typeof PLANS)[number]];
const eliteOnSale = { ...elite, purchasable: true };

describe('what a paid plan card offers', () => {
  it.each<[Tier, boolean, string]>([
    ['free', false, 'subscribe'],
    ['free', true, 'subscribe'],
    ['pro', true, 'manage'],
    ['pro', false, 'current'],
    ['elite', true, 'manage'],
    ['elite', false, 'current'],
  ])('Pro, for a %s rider (Stripe customer: %s): %s', (tier, customer, offer) => {
    expect(planOffer(pro, tier, customer)).toBe(offer);
  });

  it.each<Tier>(['free', 'pro', 'elite'])('Elite not on sale is Coming Soon for a %s rider', (tier) => {
    expect(planOffer(elite, tier, false)).toBe('coming-soon');
    expect(planOffer(elite, tier, true)).toBe('coming-soon');
  });

  it.each<[Tier, boolean, string]>([
    ['free', false, 'subscribe'],
    ['free', true, 'subscribe'],
    ['pro', true, 'manage'],
    ['pro', false, 'subscribe'],
    ['elite', true, 'manage'],
    ['elite', false, 'current'],
  ])('Elite on sale, for a %s rider (Stripe customer: %s): %s', (tier, customer, offer) => {
    expect(planOffer(eliteOnSale, tier, customer)).toBe(offer);
  });

  it('never offers a plan without a price to buy', () => {
    expect(planOffer({ ...eliteOnSale, priceId: null }, 'free', false)).toBe('coming-soon');
  });
});
