import { Inject, Injectable } from '@nestjs/common';
import { badRequest, CONFIG, LOGGER, unavailable, withClientSpan, type Logger } from '@domestique/common';
import { BillingErrorCode, BillingMessages, type DiscountType } from '@domestique/proto';
import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import type { BillingConfig } from '../config/env.schema.js';

/** What billing needs of a Stripe subscription, read fresh from Stripe. */
export interface StripeSubscriptionSnapshot {
  id: string;
  /** who it belongs to: billing maps this customer to a rider, never the subscription's metadata */
  customerId: string;
  status: Stripe.Subscription.Status;
  priceId: string;
  unitAmount: number;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: Date;
  endedAt: Date | null;
  cancellationReason: string | null;
  discount: { percentOff: number | null; amountOff: number | null } | null;
}

export interface CheckoutSessionRequest {
  userId: string;
  customerId: string;
  priceId: string;
  couponId: string | null;
  trialDays: number | null;
  metadata: Record<string, string>;
  successUrl: string;
  cancelUrl: string;
  idempotencyKey: string;
}

/** What billing needs of a Checkout Session, read fresh from Stripe. */
export interface StripeCheckoutSnapshot {
  id: string;
  status: Stripe.Checkout.Session.Status | null;
  mode: Stripe.Checkout.Session.Mode;
  customerId: string | null;
  subscriptionId: string | null;
  /** set by billing when it created the session */
  reservationId: string | null;
}

/**
 * The Stripe API version billing is written for: the one the installed `stripe` package is typed
 * for (the type is that package's literal, so upgrading the package without reviewing this fails
 * the typecheck). The webhook endpoint in the Stripe dashboard must be created with this version.
 */
export const STRIPE_API_VERSION: Stripe.LatestApiVersion = '2026-10-28.endive';

/** How old a webhook's signed timestamp may be (the SDK's check), seconds. */
export const WEBHOOK_MAX_AGE_SECONDS = 300;
/** How far in the future a webhook's signed timestamp or an event's `created` may be, seconds. */
export const WEBHOOK_MAX_CLOCK_SKEW_SECONDS = 300;

/** Stripe said the customer we hold does not exist (another account, or a reset simulator). */
export class StripeCustomerMissingError extends Error {}

const toDate = (seconds: number): Date => new Date(seconds * 1000);
const idOf = (value: string | { id: string } | null): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);

/** The signed `t=` of a Stripe-Signature header, read as the SDK reads it (the last `t` wins). */
const signedTimestamp = (header: string): number => {
  let timestamp = Number.NaN;
  for (const item of header.split(',')) {
    const [key, value] = item.split('=');
    if (key === 't') timestamp = Number.parseInt(value ?? '', 10);
  }
  return timestamp;
};

/** A request's own idempotency key: a new one per user action, reused only by the SDK's retries. */
const freshKey = (prefix: string) => `${prefix}-${randomUUID()}`;

/**
 * The only code that speaks to Stripe, through the official SDK. Against the local simulator the SDK
 * is pointed at it with host/port/protocol; with none of them set it talks to api.stripe.com.
 * Every create carries an idempotency key; the SDK retries network failures with the same key.
 */
@Injectable()
export class StripeClient {
  private readonly stripe: Stripe;

  constructor(
    @Inject(CONFIG) private readonly config: BillingConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.stripe = new Stripe(config.STRIPE_SECRET_KEY, {
      apiVersion: STRIPE_API_VERSION,
      ...(config.STRIPE_API_HOST ? { host: config.STRIPE_API_HOST } : {}),
      ...(config.STRIPE_API_PORT ? { port: config.STRIPE_API_PORT } : {}),
      ...(config.STRIPE_API_PROTOCOL ? { protocol: config.STRIPE_API_PROTOCOL } : {}),
      maxNetworkRetries: config.STRIPE_MAX_NETWORK_RETRIES,
      timeout: config.STRIPE_TIMEOUT_MS,
      appInfo: { name: 'Domestique', url: 'https://domestique.app' },
    });
  }

  async createCustomer(userId: string, email: string, idempotencyKey: string): Promise<string> {
    const customer = await this.call('create a customer', () =>
      this.stripe.customers.create({ email, metadata: { userId } }, { idempotencyKey }),
    );
    return customer.id;
  }

  /**
   * The coupon carrying a promo code's percentage or fixed discount for the first month: one per
   * promo code, with an id derived from it, so a second creation finds the first. The id, not the
   * idempotency key, makes it once: a key derived from the promo would replay the first answer
   * for a day, so a coupon deleted meanwhile would not be made again.
   */
  async ensureCoupon(promo: {
    id: string;
    code: string;
    discountType: Exclude<DiscountType, 'trial'>;
    discountValue: number;
  }): Promise<string> {
    const id = `domestique_${promo.id}`;
    const params: Stripe.CouponCreateParams = {
      id,
      name: promo.code,
      duration: 'once',
      metadata: { promoCodeId: promo.id },
      ...(promo.discountType === 'percentage'
        ? { percent_off: promo.discountValue }
        : { amount_off: promo.discountValue, currency: 'usd' }),
    };
    try {
      await this.stripe.coupons.create(params, { idempotencyKey: freshKey(`coupon-${promo.id}`) });
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeError && error.code === 'resource_already_exists')) {
        throw this.failure('create a coupon', error);
      }
    }
    return id;
  }

  async createCheckoutSession(
    request: CheckoutSessionRequest,
  ): Promise<{ id: string; url: string; expiresAt: Date }> {
    try {
      const session = await this.stripe.checkout.sessions.create(
        {
          mode: 'subscription',
          customer: request.customerId,
          client_reference_id: request.userId,
          line_items: [{ price: request.priceId, quantity: 1 }],
          ...(request.couponId ? { discounts: [{ coupon: request.couponId }] } : {}),
          subscription_data: {
            metadata: { userId: request.userId },
            ...(request.trialDays ? { trial_period_days: request.trialDays } : {}),
          },
          metadata: request.metadata,
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
        },
        { idempotencyKey: request.idempotencyKey },
      );
      if (!session.url) throw new Error(`Checkout session ${session.id} has no URL`);
      return { id: session.id, url: session.url, expiresAt: toDate(session.expires_at) };
    } catch (error) {
      if (
        error instanceof Stripe.errors.StripeInvalidRequestError &&
        error.code === 'resource_missing' &&
        error.param === 'customer'
      ) {
        throw new StripeCustomerMissingError(error.message);
      }
      throw this.failure('create a checkout session', error);
    }
  }

  /** Ends an open checkout session (one a newer checkout replaced); one no longer open is left alone. */
  async expireCheckoutSession(id: string): Promise<void> {
    try {
      await this.stripe.checkout.sessions.expire(id, {}, { idempotencyKey: `expire-${id}` });
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError) return;
      throw this.failure('expire a checkout session', error);
    }
  }

  /** The subscription as Stripe has it now; null when Stripe does not know it (a forged id). */
  async retrieveSubscription(id: string): Promise<StripeSubscriptionSnapshot | null> {
    const subscription = await this.retrieve('read a subscription', () =>
      this.stripe.subscriptions.retrieve(id, { expand: ['discounts'] }),
    );
    return subscription ? this.snapshot(subscription) : null;
  }

  /** The Checkout Session as Stripe has it now; null when Stripe does not know it. */
  async retrieveCheckoutSession(id: string): Promise<StripeCheckoutSnapshot | null> {
    const session = await this.retrieve('read a checkout session', () =>
      this.stripe.checkout.sessions.retrieve(id),
    );
    if (!session) return null;
    return {
      id: session.id,
      status: session.status,
      mode: session.mode,
      customerId: idOf(session.customer),
      subscriptionId: idOf(session.subscription),
      reservationId: session.metadata?.reservationId ?? null,
    };
  }

  /**
   * Sets or clears cancel-at-period-end. Each call is its own request (its own idempotency key):
   * cancel, resume in the portal, cancel again must reach Stripe three times, not replay the first.
   */
  async setCancelAtPeriodEnd(id: string, cancel: boolean): Promise<StripeSubscriptionSnapshot> {
    const subscription = await this.call('update a subscription', () =>
      this.stripe.subscriptions.update(
        id,
        { cancel_at_period_end: cancel, expand: ['discounts'] },
        { idempotencyKey: freshKey(`cancel-at-period-end-${id}`) },
      ),
    );
    return this.snapshot(subscription);
  }

  /** Ends a subscription now (the rider's account is being deleted). */
  async cancelNow(id: string): Promise<void> {
    try {
      await this.stripe.subscriptions.cancel(id, {}, { idempotencyKey: `cancel-now-${id}` });
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing')
        return;
      throw this.failure('cancel a subscription', error);
    }
  }

  async createPortalSession(customerId: string, returnUrl: string, idempotencyKey: string): Promise<string> {
    const session = await this.call('open the billing portal', () =>
      this.stripe.billingPortal.sessions.create(
        { customer: customerId, return_url: returnUrl },
        { idempotencyKey },
      ),
    );
    return session.url;
  }

  /**
   * Verifies a webhook's signature over the raw body; a bad or missing one is a 400. The SDK refuses
   * a stale signed timestamp; a timestamp (signed `t=` or the event's `created`) too far in the
   * future, or one that is not a number, is refused here too: a replay window must not be opened
   * by signing with a future time.
   */
  verifyWebhook(rawBody: Buffer | undefined, signature: string | undefined): Stripe.Event {
    const refuse = (reason: string, details: Record<string, unknown> = {}) => {
      this.logger.warn(details, `Stripe webhook refused: ${reason}`);
      return badRequest(BillingMessages.invalidSignature, BillingErrorCode.InvalidSignature);
    };
    if (!rawBody || rawBody.length === 0 || !signature) throw refuse('no body or no signature');
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(
        rawBody,
        signature,
        this.config.STRIPE_WEBHOOK_SECRET,
        WEBHOOK_MAX_AGE_SECONDS,
      );
    } catch (error) {
      throw refuse('bad signature', { err: error });
    }
    const latest = Math.floor(Date.now() / 1000) + WEBHOOK_MAX_CLOCK_SKEW_SECONDS;
    const signedAt = signedTimestamp(signature);
    if (!Number.isSafeInteger(signedAt) || signedAt > latest) {
      throw refuse('signed timestamp in the future', { signedAt });
    }
    const shape = event as unknown as Record<string, unknown> | null;
    if (
      typeof shape !== 'object' ||
      shape === null ||
      typeof shape.id !== 'string' ||
      shape.id.length === 0 ||
      shape.id.length > 255 ||
      typeof shape.type !== 'string' ||
      typeof shape.data !== 'object' ||
      shape.data === null
    ) {
      throw refuse('not a Stripe event');
    }
    if (typeof event.created !== 'number' || !Number.isFinite(event.created) || event.created > latest) {
      throw refuse('event created in the future', { eventId: event.id, created: event.created });
    }
    return event;
  }

  private async snapshot(subscription: Stripe.Subscription): Promise<StripeSubscriptionSnapshot> {
    const item = subscription.items.data[0];
    if (!item) throw new Error(`Subscription ${subscription.id} has no items`);
    const discount = subscription.discounts.find(
      (entry): entry is Stripe.Discount => typeof entry !== 'string',
    );
    let coupon = discount?.source.coupon ?? null;
    if (typeof coupon === 'string') {
      const id = coupon;
      coupon = await this.call('read a coupon', () => this.stripe.coupons.retrieve(id));
    }
    return {
      id: subscription.id,
      customerId:
        typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id,
      status: subscription.status,
      priceId: item.price.id,
      unitAmount: (item.price.unit_amount ?? 0) * (item.quantity ?? 1),
      cancelAtPeriodEnd: subscription.cancel_at_period_end,
      currentPeriodEnd: toDate(item.current_period_end),
      endedAt: subscription.ended_at ? toDate(subscription.ended_at) : null,
      cancellationReason: subscription.cancellation_details?.reason ?? null,
      discount: coupon ? { percentOff: coupon.percent_off, amountOff: coupon.amount_off } : null,
    };
  }

  /** A read whose object Stripe may not know (an id from a forged event): null, not a failure. */
  private async retrieve<T>(what: string, work: () => Promise<T>): Promise<T | null> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError) {
        this.logger.warn(
          { stripe: { code: error.code, param: error.param, requestId: error.requestId } },
          `Stripe: could not ${what}: Stripe does not know it`,
        );
        return null;
      }
      throw this.failure(what, error);
    }
  }

  private async call<T>(what: string, work: () => Promise<T>): Promise<T> {
    try {
      return await withClientSpan(`stripe ${what}`, { 'peer.service': 'stripe' }, work);
    } catch (error) {
      throw this.failure(what, error);
    }
  }

  /** Stripe failures are not the rider's to fix: logged with Stripe's details, answered 503. */
  private failure(what: string, error: unknown) {
    this.logger.error(
      {
        err: error,
        stripe:
          error instanceof Stripe.errors.StripeError
            ? { type: error.type, code: error.code, param: error.param, requestId: error.requestId }
            : undefined,
      },
      `Stripe: could not ${what}`,
    );
    return unavailable(BillingMessages.providerUnavailable, BillingErrorCode.ProviderUnavailable);
  }
}
