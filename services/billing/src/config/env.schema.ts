import { baseEnvSchema, portVar } from '@domestique/common';
import { z } from 'zod';

/** Every variable the billing service reads, validated at boot (see ../../.env.example). */
export const billingEnvSchema = baseEnvSchema.extend({
  BILLING_HOST: z.string().default('127.0.0.1'),
  BILLING_PORT: portVar(4104),
  BILLING_WORKER_HEALTH_PORT: portVar(4204),
  STRIPE_PRICE_PRO: z.string().min(1).default('price_domestique_pro_monthly'),
  STRIPE_PRICE_ELITE: z.string().min(1).default('price_domestique_elite_monthly'),
});

export type BillingConfig = z.infer<typeof billingEnvSchema>;
