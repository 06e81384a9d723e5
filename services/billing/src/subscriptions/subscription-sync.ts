import { Inject, Injectable } from '@nestjs/common';
import { EventPublisher, LOGGER, type Logger } from '@domestique/common';
import type { Tier } from '@domestique/proto';
import type { EntityManager } from 'typeorm';
import type { BillingCustomerEntity } from '../customers/billing-customer.entity.js';
import { BillingCustomersRepository } from '../customers/billing-customers.repository.js';
import { PlansService } from '../plans/plans.service.js';
import { StripeClient, type StripeSubscriptionSnapshot } from '../stripe/stripe.client.js';
import { reasonForChange, tierOfSubscriptions } from './subscription-tier.js';
import { SubscriptionsRepository } from './subscriptions.repository.js';

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

  /**
   * Re-reads one of a rider's subscriptions from Stripe and applies it (inside the caller's
   * transaction). The rider is who the caller resolved from billing's own records (the customer ->
   * rider map, or the signed-in rider); Stripe's answer must name that rider's customer, and a
   * subscription billing already holds for another rider is never moved: either is logged and
   * ignored.
   */
  async syncForRider(manager: EntityManager, userId: string, subscriptionId: string): Promise<SyncOutcome> {
    const customer = await this.customers.lockForUser(manager, userId);
    if (!customer?.stripeCustomerId) {
      this.logger.warn(
        { subscriptionId, userId },
        'Stripe subscription of a rider without a Stripe customer; ignored',
      );
      return { userId: null };
    }
    const snapshot = await this.stripe.retrieveSubscription(subscriptionId);
    if (!snapshot) {
      this.logger.warn({ subscriptionId, userId }, 'Stripe does not know this subscription; ignored');
      return { userId: null };
    }
    if (snapshot.customerId !== customer.stripeCustomerId) {
      this.logger.warn(
        {
          subscriptionId,
          userId,
          customerId: customer.stripeCustomerId,
          subscriptionCustomerId: snapshot.customerId,
        },
        "Stripe subscription belongs to another customer than the rider's; ignored",
      );
      return { userId: null };
    }
    const holder = await this.subscriptions.holderOf(manager, subscriptionId);
    if (holder && holder !== userId) {
      this.logger.warn(
        { subscriptionId, userId, holderUserId: holder },
        'Stripe subscription billing holds for another rider; not moved',
      );
      return { userId: null };
    }
    return this.apply(manager, customer, snapshot);
  }

  /** Stores a snapshot read from Stripe for the rider whose row the caller holds locked. */
  private async apply(
    manager: EntityManager,
    customer: BillingCustomerEntity,
    snapshot: StripeSubscriptionSnapshot,
  ): Promise<SyncOutcome> {
    const { userId } = customer;
    await this.subscriptions.save(manager, userId, snapshot);
    const all = await this.subscriptions.listForUser(manager, userId);
    const tier = tierOfSubscriptions(all, (priceId) => this.plans.byPriceId(priceId));
    if (tier === customer.subscriptionTier) return { userId, tier: customer.tier, changed: false };
    const reason = reasonForChange(customer.subscriptionTier, tier, all);
    await this.customers.setTiers(manager, userId, { tier, subscriptionTier: tier });
    await this.events.publish(manager, 'subscription.tier-changed', {
      userId,
      tier,
      stripeCustomerId: customer.stripeCustomerId,
      reason,
    });
    this.logger.info({ userId, from: customer.subscriptionTier, to: tier, reason }, 'Tier changed');
    return { userId, tier, changed: true };
  }
}
