import { BillingCustomerEntity } from './customers/billing-customer.entity.js';
import { migrations } from './migrations/index.js';
import { PromoCodeEntity } from './promo-codes/promo-code.entity.js';
import { PromoRedemptionEntity } from './promo-codes/promo-redemption.entity.js';
import { SubscriptionEntity } from './subscriptions/subscription.entity.js';
import { WaitlistEntryEntity } from './waitlist/waitlist-entry.entity.js';
import { StripeWebhookEventEntity } from './webhooks/stripe-webhook-event.entity.js';

/** The billing schema's entities and committed migrations. */
export const billingDatabase = {
  entities: [
    BillingCustomerEntity,
    SubscriptionEntity,
    PromoCodeEntity,
    PromoRedemptionEntity,
    StripeWebhookEventEntity,
    WaitlistEntryEntity,
  ],
  migrations,
};
