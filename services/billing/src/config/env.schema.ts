import { baseEnvSchema, portVar } from '@domestique/common';
import { z } from 'zod';

/**
 * Every variable the billing service reads, validated at boot (see ../../.env.example).
 *
 * Stripe: the official SDK talks to `STRIPE_API_PROTOCOL://STRIPE_API_HOST:STRIPE_API_PORT`. The
 * committed example points it at the local Stripe simulator; leave the three unset (empty) and set
 * real `sk_test_…`/`sk_live_…` and `whsec_…` values to talk to Stripe itself.
 */
export const billingEnvSchema = baseEnvSchema.extend({
  BILLING_HOST: z.string().default('127.0.0.1'),
  BILLING_PORT: portVar(4104),
  BILLING_WORKER_HEALTH_PORT: portVar(4204),
  STRIPE_PRICE_PRO: z.string().min(1).default('price_domestique_pro_monthly'),
  STRIPE_PRICE_ELITE: z.string().min(1).default('price_domestique_elite_monthly'),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\S+$/, 'must be a Stripe secret key (sk_test_… or sk_live_…)')
    .default('sk_test_domestique_local'),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\S+$/, 'must be a webhook signing secret (whsec_…)')
    .default('whsec_domestique_local'),
  /** unset: api.stripe.com */
  STRIPE_API_HOST: z.string().min(1).optional(),
  STRIPE_API_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  STRIPE_API_PROTOCOL: z.enum(['http', 'https']).optional(),
  /** how long one Stripe call may take, and how often the SDK retries a failed one */
  STRIPE_TIMEOUT_MS: z.coerce.number().int().min(1000).default(20000),
  STRIPE_MAX_NETWORK_RETRIES: z.coerce.number().int().min(0).max(5).default(2),
  /** the address people open; Checkout and the portal send them back here */
  PUBLIC_URL: z.url().default('http://localhost:3000'),
});

export type BillingConfig = z.infer<typeof billingEnvSchema>;
