import { Injectable } from '@nestjs/common';
import { badRequest, EventPublisher, notFound } from '@domestique/common';
import {
  BillingErrorCode,
  BillingMessages,
  type CancelSubscriptionDto,
  type MonthlyRevenueDto,
  type SubscriptionDto,
  type Tier,
  type TierChangeDto,
} from '@domestique/proto';
import { DataSource, type EntityManager } from 'typeorm';
import { BillingCustomersRepository } from '../customers/billing-customers.repository.js';
import { PlansService } from '../plans/plans.service.js';
import { PromoCodesService } from '../promo-codes/promo-codes.service.js';
import { StripeClient } from '../stripe/stripe.client.js';
import { monthlyRevenue } from './monthly-revenue.js';
import { SubscriptionSync } from './subscription-sync.js';
import { tierOfSubscription } from './subscription-tier.js';
import type { SubscriptionEntity } from './subscription.entity.js';
import { SubscriptionsRepository } from './subscriptions.repository.js';

/** A rider's subscription: what their card shows, cancel, and the admin's tier change and revenue. */
@Injectable()
export class SubscriptionsService {
  constructor(
    private readonly subscriptions: SubscriptionsRepository,
    private readonly customers: BillingCustomersRepository,
    private readonly sync: SubscriptionSync,
    private readonly stripe: StripeClient,
    private readonly plans: PlansService,
    private readonly promos: PromoCodesService,
    private readonly events: EventPublisher,
    private readonly dataSource: DataSource,
  ) {}

  toDto(subscription: SubscriptionEntity): SubscriptionDto {
    return {
      tier: tierOfSubscription(subscription, (priceId) => this.plans.byPriceId(priceId)),
      status: subscription.status,
      priceId: subscription.priceId,
      cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
      currentPeriodEnd: subscription.currentPeriodEnd.toISOString(),
    };
  }

  async current(userId: string): Promise<SubscriptionDto | null> {
    const subscription = await this.subscriptions.findCurrentForUser(userId);
    return subscription ? this.toDto(subscription) : null;
  }

  /**
   * POST /api/subscription/cancel: Stripe cancels at the period end, so the plan keeps its access
   * until then (the tier only changes when Stripe ends the subscription). Asking twice is fine.
   */
  async cancel(userId: string): Promise<CancelSubscriptionDto> {
    const live = await this.subscriptions.findLiveForUser(userId);
    if (live.length === 0) {
      throw badRequest(BillingMessages.noSubscriptionToCancel, BillingErrorCode.NoSubscription);
    }
    const running = live.filter((subscription) => !subscription.cancelAtPeriodEnd);
    for (const subscription of running) {
      await this.stripe.setCancelAtPeriodEnd(subscription.stripeSubscriptionId, true);
      // read back under the rider's lock, like a webhook, so a concurrent event cannot be overwritten
      await this.dataSource.transaction((manager) =>
        this.sync.syncForRider(manager, userId, subscription.stripeSubscriptionId),
      );
    }
    const [latest] = await this.subscriptions.findLiveForUser(userId);
    return {
      message: BillingMessages.subscriptionCanceled,
      subscription: this.toDto(latest ?? live[0]!),
    };
  }

  /** The admin's tier change: recorded and announced at once; the next change in Stripe applies again. */
  setTierByAdmin(userId: string, tier: Tier): Promise<TierChangeDto> {
    return this.dataSource.transaction(async (manager) => {
      const customer = await this.customers.lockForUser(manager, userId);
      if (!customer) throw notFound(BillingMessages.userNotFound, BillingErrorCode.UserNotFound);
      await this.customers.setTiers(manager, userId, { tier });
      await this.events.publish(manager, 'subscription.tier-changed', {
        userId,
        tier,
        stripeCustomerId: customer.stripeCustomerId,
        reason: 'admin',
      });
      return { userId, subscriptionTier: tier };
    });
  }

  async revenue(): Promise<MonthlyRevenueDto> {
    return monthlyRevenue(await this.subscriptions.listActive());
  }

  /**
   * A deleted rider: their live Stripe subscriptions end now (no more charges), billing forgets
   * them, and their promo uses keep counting without their id.
   */
  async purgeUser(manager: EntityManager, userId: string): Promise<void> {
    // the rider's row first, as every billing change does: webhooks for them wait, then find nobody
    await this.customers.lockForUser(manager, userId);
    for (const subscription of await this.subscriptions.findLiveForUser(userId, manager)) {
      await this.stripe.cancelNow(subscription.stripeSubscriptionId);
    }
    await this.subscriptions.deleteForUser(manager, userId);
    await this.promos.forgetUser(manager, userId);
    await this.customers.deleteForUser(manager, userId);
  }
}
