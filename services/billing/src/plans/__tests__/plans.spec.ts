import { describe, expect, it } from '@jest/globals';
import { buildPlans } from '../plans.js';

const prices = { pro: 'price_pro', elite: 'price_elite' };
const sold = (eliteOnSale?: boolean) =>
  Object.fromEntries(buildPlans(prices, eliteOnSale).map((plan) => [plan.id, plan.purchasable]));

describe('the plans billing sells', () => {
  it('advertises Elite without selling it unless ELITE_ON_SALE says so (the spec)', () => {
    expect(sold()).toEqual({ free: false, pro: true, elite: false });
    expect(sold(false)).toEqual({ free: false, pro: true, elite: false });
  });

  it('sells Elite at its configured price while ELITE_ON_SALE is on', () => {
    expect(sold(true)).toEqual({ free: false, pro: true, elite: true });
    expect(buildPlans(prices, true).find((plan) => plan.id === 'elite')).toMatchObject({
      priceId: 'price_elite',
      price: 199,
    });
  });
});
