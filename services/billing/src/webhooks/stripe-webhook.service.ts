import { Inject, Injectable } from '@nestjs/common';
import { LOGGER, type Logger } from '@domestique/common';
import type Stripe from 'stripe';
import { DataSource, type EntityManager } from 'typeorm';
import { PromoCodesService } from '../promo-codes/promo-codes.service.js';
import { StripeClient } from '../stripe/stripe.client.js';
import { SubscriptionSync } from '../subscriptions/subscription-sync.js';
import { StripeWebhookEventsRepository } from './stripe-webhook-events.repository.js';

export interface WebhookAnswer {
  received: true;
  duplicate?: true;
}

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);

/**
 * POST /api/stripe/webhook. The signature is checked over the raw body; each event id is handled
 * once (recorded in the same transaction as its effects, so a failed attempt is retried by Stripe
 * in full); events may come in any order, so they only say which subscription to read again.
 */
@Injectable()
export class StripeWebhookService {
  constructor(
    private readonly stripe: StripeClient,
    private readonly events: StripeWebhookEventsRepository,
    private readonly sync: SubscriptionSync,
    private readonly promos: PromoCodesService,
    private readonly dataSource: DataSource,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async receive(rawBody: Buffer | undefined, signature: string | undefined): Promise<WebhookAnswer> {
    const event = this.stripe.verifyWebhook(rawBody, signature);
    return this.dataSource.transaction(async (manager) => {
      if (!(await this.events.recordOnce(manager, event.id, event.type))) {
        this.logger.info({ eventId: event.id, type: event.type }, 'Stripe event seen before; skipped');
        return { received: true, duplicate: true } as const;
      }
      await this.handle(manager, event);
      return { received: true } as const;
    });
  }

  private async handle(manager: EntityManager, event: Stripe.Event): Promise<void> {
    switch (event.type) {
      case 'checkout.session.completed':
        await this.checkoutCompleted(manager, event.data.object);
        return;
      case 'checkout.session.expired': {
        const session = event.data.object;
        const reservationId = session.metadata?.reservationId;
        if (reservationId) await this.promos.releaseForExpiredSession(manager, reservationId, session.id);
        return;
      }
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
      case 'customer.subscription.paused':
      case 'customer.subscription.resumed': {
        const subscription = event.data.object;
        await this.sync.sync(manager, subscription.id, {
          userId: subscription.metadata.userId,
          stripeCustomerId: idOf(subscription.customer),
        });
        return;
      }
      case 'invoice.paid':
      case 'invoice.payment_failed': {
        const invoice = event.data.object;
        const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription);
        if (!subscriptionId) return;
        await this.sync.sync(manager, subscriptionId, {
          userId: invoice.parent?.subscription_details?.metadata?.userId,
          stripeCustomerId: idOf(invoice.customer),
        });
        return;
      }
      default:
        this.logger.debug({ eventId: event.id, type: event.type }, 'Stripe event not used by billing');
    }
  }

  /** A paid (or trial-started) checkout: its promo use counts once, then the subscription is read. */
  private async checkoutCompleted(manager: EntityManager, session: Stripe.Checkout.Session): Promise<void> {
    if (session.mode !== 'subscription') return;
    const userId = session.metadata?.userId ?? session.client_reference_id ?? null;
    const reservationId = session.metadata?.reservationId;
    if (reservationId) await this.promos.redeem(manager, reservationId, session.id, userId);
    const subscriptionId = idOf(session.subscription);
    if (subscriptionId) {
      await this.sync.sync(manager, subscriptionId, { userId, stripeCustomerId: idOf(session.customer) });
    }
  }
}
