import { Inject, Injectable } from '@nestjs/common';
import { badRequest, conflict, CONFIG, LOGGER, unavailable, type Logger } from '@domestique/common';
import {
  BillingErrorCode,
  BillingMessages,
  type CheckoutSessionDto,
  type CreateCheckoutSessionRequest,
  type PortalSessionDto,
} from '@domestique/proto';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import type { BillingConfig } from '../config/env.schema.js';
import { BillingCustomersRepository } from '../customers/billing-customers.repository.js';
import { PlansService } from '../plans/plans.service.js';
import type { PromoCodeEntity } from '../promo-codes/promo-code.entity.js';
import { PromoCodesService, type PromoReservation } from '../promo-codes/promo-codes.service.js';
import { StripeClient, StripeCustomerMissingError } from '../stripe/stripe.client.js';
import { SubscriptionsRepository } from '../subscriptions/subscriptions.repository.js';

/** Where Stripe sends the browser back: the web app's /subscribe (and /profile from the portal). */
export const checkoutUrls = (publicUrl: string) => {
  const base = publicUrl.replace(/\/+$/, '');
  return {
    success: `${base}/subscribe?checkout=success&session_id={CHECKOUT_SESSION_ID}`,
    cancel: `${base}/subscribe?checkout=canceled`,
    portalReturn: `${base}/profile`,
  };
};

/**
 * Starts a Stripe Checkout for a plan, with a promo applied by Stripe itself: a percentage or fixed
 * amount as a first-month coupon, a trial as trial days. Opens the customer portal.
 */
@Injectable()
export class CheckoutService {
  private readonly urls: ReturnType<typeof checkoutUrls>;

  constructor(
    private readonly plans: PlansService,
    private readonly promos: PromoCodesService,
    private readonly customers: BillingCustomersRepository,
    private readonly subscriptions: SubscriptionsRepository,
    private readonly stripe: StripeClient,
    private readonly dataSource: DataSource,
    @Inject(CONFIG) config: BillingConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.urls = checkoutUrls(config.PUBLIC_URL);
  }

  async createCheckoutSession(
    userId: string,
    request: CreateCheckoutSessionRequest,
  ): Promise<CheckoutSessionDto> {
    const plan = this.plans.byPriceId(request.priceId);
    if (!plan) throw badRequest(BillingMessages.planUnknown);
    if (!plan.purchasable) {
      throw badRequest(BillingMessages.eliteNotPurchasable, BillingErrorCode.PlanNotPurchasable);
    }
    if ((await this.subscriptions.findLiveForUser(userId)).length > 0) {
      throw conflict(BillingMessages.alreadySubscribed, BillingErrorCode.AlreadySubscribed);
    }
    const reservation = request.promoCode ? await this.promos.reserve(request.promoCode, userId) : null;
    try {
      const session = await this.openSession(userId, plan.priceId!, reservation);
      if (reservation) {
        await this.promos.attachSession(reservation.reservationId, session.id, session.expiresAt);
        if (reservation.replacedSessionId) await this.expireQuietly(reservation.replacedSessionId);
      }
      return { sessionId: session.id, url: session.url };
    } catch (error) {
      if (reservation && !reservation.reused) await this.promos.release(reservation.reservationId);
      throw error;
    }
  }

  async createPortalSession(userId: string): Promise<PortalSessionDto> {
    const customer = await this.customers.findForUser(userId);
    if (!customer?.stripeCustomerId) {
      throw badRequest(BillingMessages.portalNeedsSubscription, BillingErrorCode.NoCustomer);
    }
    const url = await this.stripe.createPortalSession(
      customer.stripeCustomerId,
      this.urls.portalReturn,
      `portal-${randomUUID()}`,
    );
    return { url };
  }

  private async openSession(userId: string, priceId: string, reservation: PromoReservation | null) {
    const promo = reservation?.promo ?? null;
    const couponId = promo ? await this.couponFor(promo) : null;
    const attempt = randomUUID();
    const request = (customerId: string, idempotencyKey: string) => ({
      userId,
      customerId,
      priceId,
      couponId,
      trialDays: promo?.discountType === 'trial' ? promo.discountValue : null,
      metadata: {
        userId,
        ...(promo && reservation
          ? { promoCodeId: promo.id, promoCode: promo.code, reservationId: reservation.reservationId }
          : {}),
      },
      successUrl: this.urls.success,
      cancelUrl: this.urls.cancel,
      idempotencyKey,
    });
    try {
      return await this.stripe.createCheckoutSession(
        request(await this.customerOf(userId), `checkout-${attempt}`),
      );
    } catch (error) {
      if (!(error instanceof StripeCustomerMissingError)) throw error;
      this.logger.warn({ userId }, 'Stripe does not know the stored customer; creating a new one');
      const customerId = await this.customerOf(userId, true);
      return this.stripe.createCheckoutSession(request(customerId, `checkout-${attempt}-new-customer`));
    }
  }

  /** The rider's Stripe customer, created once (the row lock keeps concurrent checkouts to one). */
  private customerOf(userId: string, replace = false): Promise<string> {
    return this.dataSource.transaction(async (manager) => {
      const customer = await this.customers.lockForUser(manager, userId);
      if (!customer) throw unavailable(BillingMessages.accountNotReady, BillingErrorCode.AccountNotReady);
      if (customer.stripeCustomerId && !replace) return customer.stripeCustomerId;
      const key = replace ? `customer-${userId}-${randomUUID()}` : `customer-${userId}`;
      const created = await this.stripe.createCustomer(userId, customer.email, key);
      await this.customers.setStripeCustomer(manager, userId, created);
      return created;
    });
  }

  /**
   * The promo's Stripe coupon, made sure of at every checkout (created, or found by its derived id):
   * a coupon deleted in the dashboard, or a restarted simulator, heals instead of failing checkout.
   */
  private async couponFor(promo: PromoCodeEntity): Promise<string | null> {
    if (promo.discountType === 'trial') return null;
    const couponId = await this.stripe.ensureCoupon({
      id: promo.id,
      code: promo.code,
      discountType: promo.discountType,
      discountValue: promo.discountValue,
    });
    if (promo.stripeCouponId !== couponId) await this.promos.setStripeCoupon(promo.id, couponId);
    return couponId;
  }

  private async expireQuietly(sessionId: string): Promise<void> {
    try {
      await this.stripe.expireCheckoutSession(sessionId);
    } catch (error) {
      this.logger.warn({ err: error, sessionId }, 'Could not expire a replaced checkout session');
    }
  }
}
