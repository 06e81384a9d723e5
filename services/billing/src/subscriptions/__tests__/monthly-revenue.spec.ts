import { describe, expect, it } from '@jest/globals';
import { monthlyRevenue, type RevenueSubscription } from '../monthly-revenue.js';

const sub = (change: Partial<RevenueSubscription> = {}): RevenueSubscription => ({
  status: 'active',
  unitAmount: 9900,
  discountPercentOff: null,
  discountAmountOff: null,
  ...change,
});

describe('monthly revenue', () => {
  it('adds active subscriptions after the discount each carries now', () => {
    expect(
      monthlyRevenue([
        sub(),
        sub({ discountPercentOff: 90 }),
        sub({ discountAmountOff: 2500 }),
        sub({ discountAmountOff: 20_000 }),
        sub({ unitAmount: 19_900 }),
      ]),
    ).toEqual({ monthlyRevenueCents: 9900 + 990 + 7400 + 0 + 19_900, activeSubscriptions: 5 });
  });

  it('leaves out trials, past-due and ended subscriptions', () => {
    expect(
      monthlyRevenue([sub({ status: 'trialing' }), sub({ status: 'past_due' }), sub({ status: 'canceled' })]),
    ).toEqual({ monthlyRevenueCents: 0, activeSubscriptions: 0 });
  });
});
