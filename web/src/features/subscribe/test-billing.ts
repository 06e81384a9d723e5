import { afterEach, beforeEach, jest } from '@jest/globals';
import { act } from '@testing-library/react';
import type { SessionUser } from '../../app/session/session.graphql';
import { toaster } from '../../app/toaster';
import { browser } from './browser';
import type { Plan } from './graphql/billing.graphql';
import { testUser } from '../../test/fixtures';

/** Fixtures of the billing screens' tests: the plans as the server answers them, and riders. */
export const PLANS: (Plan & { __typename: 'Plan' })[] = [
  {
    __typename: 'Plan',
    id: 'free',
    name: 'Free',
    price: 0,
    priceId: null,
    description: 'Get started with AI feedback on your rides',
    features: ['5 ride analyses per month', 'Basic AI feedback'],
    popular: false,
    purchasable: false,
  },
  {
    __typename: 'Plan',
    id: 'pro',
    name: 'Pro',
    price: 99,
    priceId: 'price_pro',
    description: 'For cyclists serious about improving',
    features: ['Unlimited ride analysis', 'Performance trend graphs'],
    popular: true,
    purchasable: true,
  },
  {
    __typename: 'Plan',
    id: 'elite',
    name: 'Elite',
    price: 199,
    priceId: 'price_elite',
    description: 'The complete coaching experience',
    features: ['Everything in Pro', 'AI coaching chat'],
    popular: false,
    purchasable: false,
  },
];

export const plansAnswer = () => ({ data: { plans: PLANS } });

/** The plans while billing's ELITE_ON_SALE is on: Elite purchasable at its price. */
export const plansAnswerEliteOnSale = () => ({
  data: { plans: PLANS.map((plan) => (plan.id === 'elite' ? { ...plan, purchasable: true } : plan)) },
});

export const rider = (change: Partial<SessionUser> = {}): SessionUser =>
  testUser({ createdAt: '2025-01-05T12:00:00.000Z', ...change });

export const graphQLError = (message: string, code: string, status = 400) => ({
  errors: [{ message, extensions: { code, status } }],
});

export const DOMESTIQUE90 = {
  data: {
    validatePromoCode: {
      __typename: 'PromoValidation',
      code: 'DOMESTIQUE90',
      discountType: 'percentage',
      discountValue: 90,
      message: 'DOMESTIQUE90 applied: 90% off your first month.',
    },
  },
};

/**
 * Watches where checkout sends the browser (jsdom cannot navigate) and clears toasts between tests.
 * Call at the top of a spec file; read `redirects.goTo` in the tests.
 */
export function watchBillingBrowser() {
  const redirects = { goTo: jest.fn<(url: string) => void>() };
  let spy: ReturnType<typeof jest.spyOn> | undefined;
  beforeEach(() => {
    redirects.goTo.mockReset();
    spy = jest.spyOn(browser, 'goTo').mockImplementation(redirects.goTo);
  });
  afterEach(() => {
    spy?.mockRestore();
    act(() => toaster.remove());
  });
  return redirects;
}
