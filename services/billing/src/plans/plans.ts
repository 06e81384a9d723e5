import type { PlanDto } from '@domestique/proto';

/**
 * Spec sections 1 and 9: Free $0, Pro $99/month, Elite $199/month. Elite is advertised but not
 * purchasable until the operator opens its sales (ELITE_ON_SALE): then it sells like Pro.
 */
export const buildPlans = (prices: { pro: string; elite: string }, eliteOnSale = false): PlanDto[] => [
  {
    id: 'free',
    name: 'Free',
    price: 0,
    priceId: null,
    description: 'Get started with AI feedback on your rides',
    features: ['5 ride analyses per month', 'Basic AI feedback', 'Strava integration', 'Email support'],
    popular: false,
    purchasable: false,
  },
  {
    id: 'pro',
    name: 'Pro',
    price: 99,
    priceId: prices.pro,
    description: 'For cyclists serious about improving',
    features: [
      'Unlimited ride analysis',
      'Advanced AI feedback',
      'Performance trend graphs',
      'Training recommendations',
      'Priority email support',
    ],
    popular: true,
    purchasable: true,
  },
  {
    id: 'elite',
    name: 'Elite',
    price: 199,
    priceId: prices.elite,
    description: 'The complete coaching experience',
    features: [
      'Everything in Pro',
      'AI coaching chat',
      'Custom training plans',
      'Race preparation guidance',
      'Priority phone support',
      'Advanced analytics',
    ],
    popular: false,
    purchasable: eliteOnSale,
  },
];
