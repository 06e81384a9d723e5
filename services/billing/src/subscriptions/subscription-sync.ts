import { Inject, Injectable } from '@nestjs/common';
import { EventPublisher, LOGGER, type Logger } from '@domestique/common';
import type { Tier } from '@domestique/proto';
import type { EntityManager } from 'typeorm';
import { BillingCustomersRepository } from '../customers/billing-customers.repository.js';
import { PlansService } from '../plans/plans.service.js';
import { StripeClient, type StripeSubscriptionSnapshot } from '../stripe/stripe.client.js';
import { reasonForChange, tierOfSubscriptions } from './subscription-tier.js';
import { SubscriptionsRepository } from './subscriptions.repository.js';

export interface SyncHint {
  userId?: string | null;
  stripeCustomerId?: string | null;
}

export type SyncOutcome = { userId: string; tier: Tier; changed: boolean } | { userId: null };

/**
 * Keeps billing's copy of a rider's subscriptions equal to Stripe's and their tier equal to what
 * those subscriptions give. Webhook events arrive in any order and more than once, so an event is
 * only a reason to look: the subscription is read again from Stripe, under a lock on the rider's
 * billing row, and the tier is recomputed from every subscription the rider has.
 */
@Injectable()
export class SubscriptionSync {
  constructor(
    private readonly customers: BillingCustomersRepository,
    private readonly subscriptions: SubscriptionsRepository,
    private readonly stripe: StripeClient,
    private readonly plans: PlansService,
    private readonly events: EventPublisher,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Re-reads one subscription from Stripe and applies it (inside the caller's transaction). */
  async sync(manager: EntityManager, subscriptionId: string, hint: SyncHint): Promise<SyncOutcome> {
    const userId = await this.userOf(manager, hint);
    if (!userId) {
      this.logger.warn({ subscriptionId, hint }, 'Stripe subscription of an unknown rider; ignored');
      return { userId: null };
    }
    const customer = await this.customers.lockForUser(manager, userId);
    if (!customer) {
      this.logger.warn(
        { subscriptionId, userId },
        'Stripe subscription of a rider billing does not know; ignored',
      );
      return { userId: null };
    }
    const snapshot = await this.stripe.retrieveSubscription(subscriptionId);
    return this.apply(manager, userId, snapshot);
  }

  /** Stores a snapshot already read from Stripe; the caller holds the rider's lock. */
  async apply(
    manager: EntityManager,
    userId: string,
    snapshot: StripeSubscriptionSnapshot,
  ): Promise<SyncOutcome> {
    const customer = await this.customers.lockForUser(manager, userId);
    if (!customer) return { userId: null };
    await this.subscriptions.save(manager, userId, snapshot);
    const stripeCustomerId = customer.stripeCustomerId ?? snapshot.customerId;
    if (!customer.stripeCustomerId) await this.customers.setStripeCustomer(manager, userId, stripeCustomerId);
    const all = await this.subscriptions.listForUser(manager, userId);
    const tier = tierOfSubscriptions(all, (priceId) => this.plans.byPriceId(priceId));
    if (tier === customer.subscriptionTier) return { userId, tier: customer.tier, changed: false };
    const reason = reasonForChange(customer.subscriptionTier, tier, all);
    await this.customers.setTiers(manager, userId, { tier, subscriptionTier: tier });
    await this.events.publish(manager, 'subscription.tier-changed', {
      userId,
      tier,
      stripeCustomerId,
      reason,
    });
    this.logger.info({ userId, from: customer.subscriptionTier, to: tier, reason }, 'Tier changed');
    return { userId, tier, changed: true };
  }

  private async userOf(manager: EntityManager, hint: SyncHint): Promise<string | null> {
    if (hint.userId) return hint.userId;
    if (hint.stripeCustomerId)
      return this.customers.findUserIdByStripeCustomer(manager, hint.stripeCustomerId);
    return null;
  }
}
