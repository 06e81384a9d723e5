import { defineService } from '@domestique/common';
import { billingEnvSchema } from './config/env.schema.js';
import { CheckoutModule } from './checkout/checkout.module.js';
import { CustomersModule } from './customers/customers.module.js';
import { billingDatabase } from './database.js';
import { PlansModule } from './plans/plans.module.js';
import { PromoCodesModule } from './promo-codes/promo-codes.module.js';
import { SubscriptionsModule } from './subscriptions/subscriptions.module.js';
import { WaitlistModule } from './waitlist/waitlist.module.js';
import { WebhooksModule } from './webhooks/webhooks.module.js';

/** The billing service: plans, Stripe, subscriptions, promo codes, the Elite waitlist. */
export const billingService = defineService({
  name: 'billing',
  envSchema: billingEnvSchema,
  database: billingDatabase,
  features: [
    PlansModule,
    CustomersModule,
    PromoCodesModule,
    SubscriptionsModule,
    CheckoutModule,
    WebhooksModule,
    WaitlistModule,
  ],
  api: (config) => ({ host: config.BILLING_HOST, port: config.BILLING_PORT, rawBody: true }),
  worker: (config) => ({ host: config.BILLING_HOST, healthPort: config.BILLING_WORKER_HEALTH_PORT }),
});
