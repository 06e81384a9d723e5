import { z } from 'zod';
import { TIERS } from '../identity.js';
import { defineEvent, uuid } from './define.js';

/** Facts published by the billing service. */
export const BillingEvents = {
  'subscription.tier-changed': defineEvent({
    version: 1,
    schema: z.object({
      userId: uuid,
      tier: z.enum(TIERS),
      stripeCustomerId: z.string().nullable(),
      reason: z.enum(['checkout', 'renewal', 'cancellation', 'payment-failed', 'admin', 'user-deleted']),
    }),
    subscribers: ['auth', 'gateway', 'rides'],
  }),
  'promo.redeemed': defineEvent({
    version: 1,
    schema: z.object({ promoCodeId: uuid, code: z.string(), userId: uuid }),
    subscribers: [],
  }),
} as const;
