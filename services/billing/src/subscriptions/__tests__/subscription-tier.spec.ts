import { describe, expect, it } from '@jest/globals';
import { buildPlans } from '../../plans/plans.js';
import {
  reasonForChange,
  tierOfSubscription,
  tierOfSubscriptions,
  type SubscriptionState,
} from '../subscription-tier.js';

const plans = buildPlans({ pro: 'price_pro', elite: 'price_elite' });
const planOf = (priceId: string) => plans.find((plan) => plan.priceId === priceId);
const sub = (change: Partial<SubscriptionState> = {}): SubscriptionState => ({
  status: 'active',
  priceId: 'price_pro',
  cancellationReason: null,
  ...change,
});

describe('tier from Stripe subscriptions', () => {
  it.each([
    ['active', 'pro'],
    ['trialing', 'pro'],
    ['past_due', 'pro'],
    ['canceled', 'free'],
    ['unpaid', 'free'],
    ['incomplete', 'free'],
    ['incomplete_expired', 'free'],
    ['paused', 'free'],
  ])('a Pro subscription that is %s gives %s', (status, tier) => {
    expect(tierOfSubscription(sub({ status }), planOf)).toBe(tier);
  });

  it('keeps Pro while a cancellation waits for the period end (the status stays active)', () => {
    expect(
      tierOfSubscription(sub({ status: 'active', cancellationReason: 'cancellation_requested' }), planOf),
    ).toBe('pro');
  });

  it('maps the Elite price to elite and an unknown price to free', () => {
    expect(tierOfSubscription(sub({ priceId: 'price_elite' }), planOf)).toBe('elite');
    expect(tierOfSubscription(sub({ priceId: 'price_someone_else' }), planOf)).toBe('free');
  });

  it('takes the best live subscription of a rider', () => {
    expect(tierOfSubscriptions([], planOf)).toBe('free');
    expect(tierOfSubscriptions([sub({ status: 'canceled' }), sub()], planOf)).toBe('pro');
    expect(tierOfSubscriptions([sub(), sub({ priceId: 'price_elite' })], planOf)).toBe('elite');
    expect(tierOfSubscriptions([sub({ status: 'canceled' }), sub({ status: 'unpaid' })], planOf)).toBe(
      'free',
    );
  });

  it('names the reason of a change', () => {
    expect(reasonForChange('free', 'pro', [sub()])).toBe('checkout');
    expect(reasonForChange('pro', 'elite', [sub()])).toBe('renewal');
    expect(
      reasonForChange('pro', 'free', [
        sub({ status: 'canceled', cancellationReason: 'cancellation_requested' }),
      ]),
    ).toBe('cancellation');
    expect(
      reasonForChange('pro', 'free', [sub({ status: 'canceled', cancellationReason: 'payment_failed' })]),
    ).toBe('payment-failed');
    expect(reasonForChange('pro', 'free', [sub({ status: 'unpaid' })])).toBe('payment-failed');
  });
});
