import { Inject, Injectable } from '@nestjs/common';
import { LOGGER, recordWebhook, type Logger } from '@domestique/common';
import type Stripe from 'stripe';
import { DataSource, type EntityManager } from 'typeorm';
import { BillingCustomersRepository } from '../customers/billing-customers.repository.js';
import { PromoCodesService } from '../promo-codes/promo-codes.service.js';
import { StripeClient } from '../stripe/stripe.client.js';
import { SubscriptionSync } from '../subscriptions/subscription-sync.js';
import { StripeWebhookEventsRepository } from './stripe-webhook-events.repository.js';

export interface WebhookAnswer {
  received: true;
  duplicate?: true;
}

/** An event's object as sent: signed, but every field may be anything (a leaked secret signs too). */
type Loose = Record<string, unknown>;
const loose = (value: unknown): Loose =>
  typeof value === 'object' && value !== null ? (value as Loose) : {};
const text = (value: unknown): string | null =>
  typeof value === 'string' && value.length > 0 ? value.slice(0, 255) : null;
/** An id field that Stripe sends as an id or as the expanded object. */
const idOf = (value: unknown): string | null => text(value) ?? text(loose(value).id);

/** Where each event type names its subscription, its customer and the rider its metadata claims. */
interface EventFacts {
  subscriptionId: string | null;
  customerId: string | null;
  claimedUserId: string | null;
}

const subscriptionFacts = (object: Loose): EventFacts => ({
  subscriptionId: text(object.id),
  customerId: idOf(object.customer),
  claimedUserId: text(loose(object.metadata).userId),
});

const invoiceFacts = (object: Loose): EventFacts => {
  const details = loose(loose(object.parent).subscription_details);
  return {
    subscriptionId: idOf(details.subscription),
    customerId: idOf(object.customer),
    claimedUserId: text(loose(details.metadata).userId),
  };
};

/**
 * POST /api/stripe/webhook. The signature is checked over the raw body; each event id is handled
 * once (recorded in the same transaction as its effects, so a failed attempt is retried by Stripe
 * in full); events may come in any order, so they only say what to read again from Stripe.
 *
 * An event never says who the rider is: the rider is the one billing itself linked to the event's
 * Stripe customer when it created that customer at checkout. Metadata naming another rider is
 * logged and ignored; an unknown customer, an object Stripe does not know, or an object belonging
 * to another customer is logged and answered 2xx (Stripe stops retrying), changing nothing.
 */
@Injectable()
export class StripeWebhookService {
  constructor(
    private readonly stripe: StripeClient,
    private readonly events: StripeWebhookEventsRepository,
    private readonly customers: BillingCustomersRepository,
    private readonly sync: SubscriptionSync,
    private readonly promos: PromoCodesService,
    private readonly dataSource: DataSource,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async receive(rawBody: Buffer | undefined, signature: string | undefined): Promise<WebhookAnswer> {
    let event: Stripe.Event;
    try {
      event = this.stripe.verifyWebhook(rawBody, signature);
    } catch (error) {
      recordWebhook('stripe', 'refused');
      throw error;
    }
    try {
      const answer: WebhookAnswer = await this.dataSource.transaction(async (manager) => {
        if (!(await this.events.recordOnce(manager, event.id, event.type))) {
          this.logger.info({ eventId: event.id, type: event.type }, 'Stripe event seen before; skipped');
          return { received: true, duplicate: true } as const;
        }
        await this.handle(manager, event);
        return { received: true } as const;
      });
      // webhook_deliveries_total and webhook_lag_seconds (from the event's creation at Stripe)
      recordWebhook('stripe', answer.duplicate ? 'duplicate' : 'handled', event.created);
      return answer;
    } catch (error) {
      recordWebhook('stripe', 'failed', event.created);
      throw error;
    }
  }

  private async handle(manager: EntityManager, event: Stripe.Event): Promise<void> {
    const object = loose(loose(event.data).object);
    switch (event.type) {
      case 'checkout.session.completed':
        await this.checkoutCompleted(manager, event, object);
        return;
      case 'checkout.session.expired':
        await this.checkoutExpired(manager, event, object);
        return;
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
      case 'customer.subscription.paused':
      case 'customer.subscription.resumed':
        await this.subscriptionChanged(manager, event, subscriptionFacts(object));
        return;
      case 'invoice.paid':
      case 'invoice.payment_failed':
        await this.subscriptionChanged(manager, event, invoiceFacts(object));
        return;
      default:
        this.logger.debug({ eventId: event.id, type: event.type }, 'Stripe event not used by billing');
    }
  }

  private async subscriptionChanged(manager: EntityManager, event: Stripe.Event, facts: EventFacts) {
    if (!facts.subscriptionId) return;
    const userId = await this.riderOf(manager, event, facts);
    if (userId) await this.sync.syncForRider(manager, userId, facts.subscriptionId);
  }

  /**
   * A paid (or trial-started) checkout: the session is read again from Stripe, its promo use counts
   * once, then its subscription is read.
   */
  private async checkoutCompleted(manager: EntityManager, event: Stripe.Event, object: Loose) {
    const sessionId = text(object.id);
    if (!sessionId || object.mode !== 'subscription') return;
    const customerId = idOf(object.customer);
    const userId = await this.riderOf(manager, event, {
      subscriptionId: null,
      customerId,
      claimedUserId: text(loose(object.metadata).userId) ?? text(object.client_reference_id),
    });
    if (!userId) return;
    const session = await this.stripe.retrieveCheckoutSession(sessionId);
    if (!session || session.status !== 'complete' || session.customerId !== customerId) {
      this.logger.warn(
        {
          eventId: event.id,
          sessionId,
          customerId,
          stripe: session && { status: session.status, customerId: session.customerId },
        },
        'Stripe does not confirm this completed checkout; ignored',
      );
      return;
    }
    if (session.reservationId) await this.promos.redeem(manager, session.reservationId, session.id, userId);
    if (session.subscriptionId) await this.sync.syncForRider(manager, userId, session.subscriptionId);
  }

  /** An abandoned checkout gives its promo use back, once Stripe confirms the session expired. */
  private async checkoutExpired(manager: EntityManager, event: Stripe.Event, object: Loose) {
    const sessionId = text(object.id);
    if (!sessionId || !text(loose(object.metadata).reservationId)) return;
    const session = await this.stripe.retrieveCheckoutSession(sessionId);
    if (!session || session.status !== 'expired' || !session.reservationId) {
      this.logger.warn(
        { eventId: event.id, sessionId },
        'Stripe does not confirm this expired checkout; ignored',
      );
      return;
    }
    await this.promos.releaseForExpiredSession(manager, session.reservationId, session.id);
  }

  /**
   * The rider of an event: the one billing linked to its Stripe customer, or nobody. Metadata that
   * names someone else is a forgery or a mistake: logged, and never acted on.
   */
  private async riderOf(
    manager: EntityManager,
    event: Stripe.Event,
    facts: EventFacts,
  ): Promise<string | null> {
    const context = { eventId: event.id, type: event.type, customerId: facts.customerId };
    if (!facts.customerId) {
      this.logger.warn(context, 'Stripe event without a customer; ignored');
      return null;
    }
    const userId = await this.customers.findUserIdByStripeCustomer(manager, facts.customerId);
    if (!userId) {
      this.logger.warn(context, 'Stripe event for a customer billing does not know; ignored');
      return null;
    }
    if (facts.claimedUserId && facts.claimedUserId !== userId) {
      this.logger.warn(
        { ...context, userId, claimedUserId: facts.claimedUserId.slice(0, 64) },
        "Stripe event metadata names another rider than the customer's; acting only for the customer's rider",
      );
    }
    return userId;
  }
}
