import type {
  CheckoutSessionRecord,
  CouponRecord,
  CustomerRecord,
  DiscountRecord,
  InvoiceRecord,
  PortalSessionRecord,
  PriceRecord,
  SubscriptionRecord,
} from './records.js';

/**
 * Stripe's JSON shapes (API version 2026-10-28: billing periods live on subscription items, an
 * invoice names its subscription under `parent.subscription_details`, discounts are lists).
 */
export type Json = Record<string, unknown>;

export interface RenderContext {
  price(id: string): PriceRecord;
  coupon(id: string): CouponRecord;
  discount(id: string): DiscountRecord;
  publicUrl: string;
}

export const list = (data: Json[], url: string): Json => ({
  object: 'list',
  data,
  has_more: false,
  url,
});

export const renderPrice = (price: PriceRecord): Json => ({
  id: price.id,
  object: 'price',
  active: true,
  billing_scheme: 'per_unit',
  created: price.created,
  currency: price.currency,
  custom_unit_amount: null,
  livemode: false,
  lookup_key: null,
  metadata: {},
  nickname: null,
  product: price.product,
  recurring: { interval: price.interval, interval_count: 1, meter: null, usage_type: 'licensed' },
  tax_behavior: 'unspecified',
  tiers_mode: null,
  transform_quantity: null,
  type: 'recurring',
  unit_amount: price.unitAmount,
  unit_amount_decimal: String(price.unitAmount),
});

export const renderProduct = (price: PriceRecord): Json => ({
  id: price.product,
  object: 'product',
  active: true,
  created: price.created,
  default_price: price.id,
  description: null,
  livemode: false,
  metadata: {},
  name: price.productName,
  type: 'service',
  updated: price.created,
});

/** The legacy `plan` twin of a recurring price, still present on subscription items. */
const renderPlan = (price: PriceRecord): Json => ({
  id: price.id,
  object: 'plan',
  active: true,
  amount: price.unitAmount,
  amount_decimal: String(price.unitAmount),
  billing_scheme: 'per_unit',
  created: price.created,
  currency: price.currency,
  interval: price.interval,
  interval_count: 1,
  livemode: false,
  metadata: {},
  nickname: null,
  product: price.product,
  tiers_mode: null,
  transform_usage: null,
  trial_period_days: null,
  usage_type: 'licensed',
});

export const renderCustomer = (customer: CustomerRecord): Json => ({
  id: customer.id,
  object: 'customer',
  address: null,
  balance: 0,
  created: customer.created,
  currency: 'usd',
  default_source: null,
  delinquent: false,
  description: customer.description,
  email: customer.email,
  invoice_prefix: customer.id.slice(4, 12).toUpperCase(),
  invoice_settings: {
    custom_fields: null,
    default_payment_method: null,
    footer: null,
    rendering_options: null,
  },
  livemode: false,
  metadata: customer.metadata,
  name: customer.name,
  phone: null,
  preferred_locales: [],
  shipping: null,
  tax_exempt: 'none',
  test_clock: null,
});

export const renderCoupon = (coupon: CouponRecord, now: number): Json => ({
  id: coupon.id,
  object: 'coupon',
  amount_off: coupon.amountOff,
  created: coupon.created,
  currency: coupon.currency,
  duration: coupon.duration,
  duration_in_months: coupon.durationInMonths,
  livemode: false,
  max_redemptions: coupon.maxRedemptions,
  metadata: coupon.metadata,
  name: coupon.name,
  percent_off: coupon.percentOff,
  redeem_by: coupon.redeemBy,
  times_redeemed: coupon.timesRedeemed,
  valid: couponIsValid(coupon, now),
});

export const couponIsValid = (coupon: CouponRecord, now: number): boolean =>
  (coupon.redeemBy === null || coupon.redeemBy > now) &&
  (coupon.maxRedemptions === null || coupon.timesRedeemed < coupon.maxRedemptions);

/** How much a coupon takes off an amount, as Stripe rounds it (never below zero). */
export const discountAmount = (coupon: CouponRecord, amount: number): number => {
  if (coupon.percentOff !== null) return Math.round((amount * coupon.percentOff) / 100);
  if (coupon.amountOff !== null) return Math.min(coupon.amountOff, amount);
  return 0;
};

export const renderDiscount = (discount: DiscountRecord, context: RenderContext, now: number): Json => ({
  id: discount.id,
  object: 'discount',
  checkout_session: discount.checkoutSession,
  customer: discount.customer,
  customer_account: null,
  end: discount.end,
  invoice: null,
  invoice_item: null,
  promotion_code: null,
  source: { coupon: renderCoupon(context.coupon(discount.coupon), now), type: 'coupon' },
  start: discount.start,
  subscription: discount.subscription,
  subscription_item: null,
});

export const renderSubscription = (subscription: SubscriptionRecord, context: RenderContext): Json => {
  const price = context.price(subscription.price);
  return {
    id: subscription.id,
    object: 'subscription',
    application: null,
    application_fee_percent: null,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null },
    billing_cycle_anchor: subscription.currentPeriodStart,
    billing_cycle_anchor_config: null,
    billing_mode: { flexible: null, type: 'classic' },
    billing_thresholds: null,
    cancel_at: subscription.cancelAt,
    cancel_at_period_end: subscription.cancelAtPeriodEnd,
    canceled_at: subscription.canceledAt,
    cancellation_details: { comment: null, feedback: null, reason: subscription.cancellationReason },
    collection_method: 'charge_automatically',
    created: subscription.created,
    currency: price.currency,
    customer: subscription.customer,
    customer_account: null,
    days_until_due: null,
    default_payment_method: `pm_card_${subscription.customer.slice(4)}`,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: subscription.discount ? [subscription.discount] : [],
    ended_at: subscription.endedAt,
    invoice_settings: { account_tax_ids: null, issuer: { type: 'self' } },
    items: list(
      [
        {
          id: subscription.itemId,
          object: 'subscription_item',
          billing_thresholds: null,
          created: subscription.created,
          current_period_end: subscription.currentPeriodEnd,
          current_period_start: subscription.currentPeriodStart,
          discounts: [],
          metadata: {},
          plan: renderPlan(price),
          price: renderPrice(price),
          quantity: subscription.quantity,
          subscription: subscription.id,
          tax_rates: [],
        },
      ],
      `/v1/subscription_items?subscription=${subscription.id}`,
    ),
    latest_invoice: subscription.latestInvoice,
    livemode: false,
    metadata: subscription.metadata,
    next_pending_invoice_item_invoice: null,
    on_behalf_of: null,
    pause_collection: null,
    payment_settings: {
      payment_method_options: null,
      payment_method_types: null,
      save_default_payment_method: 'off',
    },
    pending_invoice_item_interval: null,
    pending_setup_intent: null,
    pending_update: null,
    schedule: null,
    start_date: subscription.created,
    status: subscription.status,
    test_clock: null,
    transfer_data: null,
    trial_end: subscription.trialEnd,
    trial_settings: { end_behavior: { missing_payment_method: 'create_invoice' } },
    trial_start: subscription.trialStart,
  };
};

export const renderInvoice = (invoice: InvoiceRecord, context: RenderContext): Json => {
  const price = context.price(invoice.price);
  return {
    id: invoice.id,
    object: 'invoice',
    account_country: 'US',
    account_name: 'Domestique',
    amount_due: invoice.total,
    amount_overpaid: 0,
    amount_paid: invoice.amountPaid,
    amount_remaining: invoice.total - invoice.amountPaid,
    amount_shipping: 0,
    application: null,
    attempt_count: invoice.attemptCount,
    attempted: invoice.attemptCount > 0,
    auto_advance: invoice.status === 'open',
    automatic_tax: { disabled_reason: null, enabled: false, liability: null, status: null },
    billing_reason: invoice.billingReason,
    collection_method: 'charge_automatically',
    created: invoice.created,
    currency: price.currency,
    customer: invoice.customer,
    customer_email: invoice.customerEmail,
    default_payment_method: null,
    description: null,
    discounts: invoice.discount ? [invoice.discount] : [],
    due_date: null,
    effective_at: invoice.created,
    ending_balance: 0,
    hosted_invoice_url: `${context.publicUrl}/i/${invoice.id}`,
    invoice_pdf: `${context.publicUrl}/i/${invoice.id}/pdf`,
    last_finalization_error: null,
    lines: list(
      [
        {
          id: `il_${invoice.id.slice(3)}`,
          object: 'line_item',
          amount: invoice.subtotal,
          currency: price.currency,
          description: `${invoice.quantity} × ${price.productName} (at $${(price.unitAmount / 100).toFixed(2)} / ${price.interval})`,
          discount_amounts: invoice.discount
            ? [{ amount: invoice.discountAmount, discount: invoice.discount }]
            : [],
          discountable: true,
          discounts: invoice.discount ? [invoice.discount] : [],
          invoice: invoice.id,
          livemode: false,
          metadata: {},
          parent: {
            subscription_item_details: { subscription: invoice.subscription, proration: false },
            type: 'subscription_item_details',
          },
          period: { end: invoice.periodEnd, start: invoice.periodStart },
          pricing: { price_details: { price: price.id, product: price.product }, type: 'price_details' },
          quantity: invoice.quantity,
        },
      ],
      `/v1/invoices/${invoice.id}/lines`,
    ),
    livemode: false,
    metadata: {},
    next_payment_attempt: invoice.status === 'open' ? invoice.created + 3 * 86400 : null,
    number: invoice.number,
    on_behalf_of: null,
    parent: {
      quote_details: null,
      subscription_details: { metadata: invoice.subscriptionMetadata, subscription: invoice.subscription },
      type: 'subscription_details',
    },
    period_end: invoice.periodEnd,
    period_start: invoice.periodStart,
    status: invoice.status,
    status_transitions: {
      finalized_at: invoice.created,
      marked_uncollectible_at: null,
      paid_at: invoice.paidAt,
      voided_at: null,
    },
    subtotal: invoice.subtotal,
    subtotal_excluding_tax: invoice.subtotal,
    test_clock: null,
    total: invoice.total,
    total_discount_amounts: invoice.discount
      ? [{ amount: invoice.discountAmount, discount: invoice.discount }]
      : [],
    total_excluding_tax: invoice.total,
    total_taxes: [],
    webhooks_delivered_at: invoice.created,
  };
};

/** What a checkout session will charge today and per period. */
export const sessionAmounts = (
  session: CheckoutSessionRecord,
  context: Pick<RenderContext, 'price' | 'coupon'>,
): { subtotal: number; discount: number; total: number; recurring: number } => {
  const recurring = session.lineItems.reduce(
    (sum, item) => sum + context.price(item.price).unitAmount * item.quantity,
    0,
  );
  const subtotal = session.trialPeriodDays ? 0 : recurring;
  const discount = session.coupon ? discountAmount(context.coupon(session.coupon), subtotal) : 0;
  return { subtotal, discount, total: subtotal - discount, recurring };
};

export const renderCheckoutSession = (session: CheckoutSessionRecord, context: RenderContext): Json => {
  const amounts = sessionAmounts(session, context);
  const currency = context.price(session.lineItems[0]!.price).currency;
  return {
    id: session.id,
    object: 'checkout.session',
    adaptive_pricing: null,
    after_expiration: null,
    allow_promotion_codes: null,
    amount_subtotal: amounts.subtotal,
    amount_total: amounts.total,
    automatic_tax: { enabled: false, liability: null, provider: null, status: null },
    billing_address_collection: null,
    cancel_url: session.cancelUrl,
    client_reference_id: session.clientReferenceId,
    client_secret: null,
    consent: null,
    consent_collection: null,
    created: session.created,
    currency,
    custom_fields: [],
    custom_text: {
      after_submit: null,
      shipping_address: null,
      submit: null,
      terms_of_service_acceptance: null,
    },
    customer: session.customer,
    customer_creation: session.customer ? null : 'always',
    customer_details:
      session.status === 'complete'
        ? {
            address: null,
            email: session.customerEmail,
            name: null,
            phone: null,
            tax_exempt: 'none',
            tax_ids: [],
          }
        : null,
    customer_email: session.customerEmail,
    discounts: session.coupon ? [{ coupon: session.coupon, promotion_code: null }] : [],
    expires_at: session.expiresAt,
    invoice: session.invoice,
    invoice_creation: null,
    livemode: false,
    locale: null,
    metadata: session.metadata,
    mode: 'subscription',
    payment_intent: null,
    payment_link: null,
    payment_method_collection: 'always',
    payment_method_types: ['card'],
    payment_status: session.paymentStatus,
    recovered_from: null,
    setup_intent: null,
    shipping_address_collection: null,
    shipping_cost: null,
    shipping_options: [],
    status: session.status,
    submit_type: null,
    subscription: session.subscription,
    success_url: session.successUrl,
    total_details: { amount_discount: amounts.discount, amount_shipping: 0, amount_tax: 0 },
    ui_mode: 'hosted',
    url: session.status === 'open' ? `${context.publicUrl}/c/pay/${session.id}` : null,
    wallet_options: null,
  };
};

export const renderPortalSession = (portal: PortalSessionRecord, publicUrl: string): Json => ({
  id: portal.id,
  object: 'billing_portal.session',
  configuration: 'bpc_domestique_default',
  created: portal.created,
  customer: portal.customer,
  customer_account: null,
  flow: null,
  livemode: false,
  locale: null,
  on_behalf_of: null,
  return_url: portal.returnUrl,
  url: `${publicUrl}/p/session/${portal.id}`,
});
