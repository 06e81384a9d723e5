import type { Tier } from '@domestique/proto';

/** What the profile's subscription card lists for each plan (spec section 2). */
export const SUBSCRIPTION_CARD_FEATURES: Record<Tier, readonly string[]> = {
  free: ['5 rides per month', 'Basic AI feedback', 'Strava integration'],
  pro: ['Unlimited ride analysis', 'Advanced AI feedback', 'Performance trends'],
  elite: ['Everything in Pro', 'AI coaching chat', 'Custom training plans'],
};

export const ComingSoonToast = {
  title: 'Coming Soon',
  description: 'Elite plan will be available soon. Stay tuned!',
} as const;

/** "November 26, 2026" */
export const billingDate = (iso: string): string =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
