import { randomBytes } from 'node:crypto';
import { addMonths, SimClock } from './clock.js';
import { StripeApiError, invalidParam, noSuch } from './errors.js';
import type { FormObject } from './form.js';
import {
  expandPaths,
  optionalArray,
  optionalBoolean,
  optionalInteger,
  optionalNumber,
  optionalObject,
  optionalString,
  readMetadata,
  requiredString,
} from './params.js';
import type {
  CheckoutSessionRecord,
  CouponRecord,
  CustomerRecord,
  DiscountRecord,
  InvoiceRecord,
  PortalSessionRecord,
  PriceRecord,
  StripeEvent,
  SubscriptionRecord,
} from './records.js';
import {
  couponIsValid,
  discountAmount,
  list,
  renderCheckoutSession,
  renderCoupon,
  renderCustomer,
  renderDiscount,
  renderInvoice,
  renderPortalSession,
  renderPrice,
  renderProduct,
  renderSubscription,
  type Json,
  type RenderContext,
} from './render.js';

export const SIM_API_VERSION = '2026-10-28.endive';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export const newId = (prefix: string, length = 24): string => {
  const bytes = randomBytes(length);
  let id = '';
  for (const byte of bytes) id += ALPHABET[byte % ALPHABET.length];
  return `${prefix}${id}`;
};

export interface PriceSeed {
  id: string;
  unitAmount: number;
  productName: string;
  currency?: string;
  interval?: 'month' | 'year';
}

/** Who caused an event (the API request behind it, if any). */
export interface RequestInfo {
  id: string | null;
  idempotencyKey: string | null;
}

export type EventSink = (event: StripeEvent) => void;

export class CardDeclinedError extends StripeApiError {
  constructor() {
    super(402, 'card_error', 'Your card was declined.', 'card_declined');
  }
}

const DAY = 86_400;

/**
 * Everything the simulated Stripe account holds, and the operations of its API, hosted pages and
 * test controls. State lives in memory; every change that Stripe announces becomes an event.
 */
export class StripeState {
  readonly clock = new SimClock();
  private readonly prices = new Map<string, PriceRecord>();
  private readonly customers = new Map<string, CustomerRecord>();
  private readonly coupons = new Map<string, CouponRecord>();
  private readonly sessions = new Map<string, CheckoutSessionRecord>();
  private readonly subscriptions = new Map<string, SubscriptionRecord>();
  private readonly discounts = new Map<string, DiscountRecord>();
  private readonly invoices = new Map<string, InvoiceRecord>();
  private readonly portals = new Map<string, PortalSessionRecord>();
  private readonly events: StripeEvent[] = [];
  private failingPayments = 0;
  private invoiceCounter = 0;

  /** where browsers reach the hosted pages (set once the server listens) */
  publicUrl = '';

  constructor(
    prices: PriceSeed[],
    private readonly sink: EventSink,
  ) {
    const created = this.clock.now();
    for (const seed of prices) {
      this.prices.set(seed.id, {
        id: seed.id,
        product: `prod_${seed.id.replace(/^price_/, '').slice(0, 20)}`,
        productName: seed.productName,
        unitAmount: seed.unitAmount,
        currency: seed.currency ?? 'usd',
        interval: seed.interval ?? 'month',
        created,
      });
    }
  }

  // ---------------------------------------------------------------------------------- lookups

  get context(): RenderContext {
    return {
      price: (id) => this.find(this.prices, id, 'price'),
      coupon: (id) => this.find(this.coupons, id, 'coupon'),
      discount: (id) => this.find(this.discounts, id, 'discount'),
      publicUrl: this.publicUrl,
    };
  }

  private find<T>(map: Map<string, T>, id: string, kind: string, param?: string): T {
    const found = map.get(id);
    if (!found) throw noSuch(kind, id, param);
    return found;
  }

  /** Replaces ids with objects along `expand` paths (`subscription`, `latest_invoice`, `discounts`, `a.b`). */
  expand(object: Json, paths: string[]): Json {
    const result: Json = { ...object };
    for (const path of paths) {
      const [head, ...rest] = path.split('.');
      if (!head || !(head in result))
        throw invalidParam('expand', `This property cannot be expanded (${path}).`);
      const value = result[head];
      const expandOne = (entry: unknown): unknown => {
        const resolved = typeof entry === 'string' ? this.renderById(entry) : entry;
        return rest.length > 0 && resolved && typeof resolved === 'object'
          ? this.expand(resolved as Json, [rest.join('.')])
          : resolved;
      };
      if (value === null) continue;
      result[head] = Array.isArray(value) ? value.map(expandOne) : expandOne(value);
    }
    return result;
  }

  private renderById(id: string): Json {
    const prefix = id.slice(0, id.indexOf('_') + 1);
    switch (prefix) {
      case 'cus_':
        return this.customer(id);
      case 'sub_':
        return this.subscription(id);
      case 'in_':
        return this.invoice(id);
      case 'di_':
        return renderDiscount(this.find(this.discounts, id, 'discount'), this.context, this.clock.now());
      case 'cs_':
        return this.checkoutSession(id);
      case 'price_':
        return this.price(id);
      case 'prod_':
        return this.product(id);
      default:
        throw invalidParam('expand', `This property cannot be expanded (${id}).`);
    }
  }

  // ---------------------------------------------------------------------------------- events

  private emit(
    type: string,
    object: Json,
    request: RequestInfo | null,
    previousAttributes?: Record<string, unknown>,
  ): void {
    const event: StripeEvent = {
      id: newId('evt_'),
      object: 'event',
      api_version: SIM_API_VERSION,
      // as Stripe: an event is stamped when it happens in real time (webhook receivers refuse
      // events from the future), while the objects in it carry the simulated clock's times
      created: Math.floor(Date.now() / 1000),
      data: { object, ...(previousAttributes ? { previous_attributes: previousAttributes } : {}) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: request?.id ?? null, idempotency_key: request?.idempotencyKey ?? null },
      type,
    };
    this.events.push(event);
    this.sink(event);
  }

  event(id: string): StripeEvent {
    const found = this.events.find((event) => event.id === id);
    if (!found) throw noSuch('event', id);
    return found;
  }

  listEvents(type?: string | null): StripeEvent[] {
    return [...this.events].reverse().filter((event) => !type || event.type === type);
  }

  // ---------------------------------------------------------------------------------- prices

  price(id: string): Json {
    return renderPrice(this.find(this.prices, id, 'price'));
  }

  listPrices(): Json {
    return list([...this.prices.values()].map(renderPrice), '/v1/prices');
  }

  product(id: string): Json {
    const price = [...this.prices.values()].find((candidate) => candidate.product === id);
    if (!price) throw noSuch('product', id);
    return renderProduct(price);
  }

  // ---------------------------------------------------------------------------------- customers

  createCustomer(params: FormObject, request: RequestInfo | null): Json {
    const customer = this.addCustomer(
      {
        email: optionalString(params, 'email'),
        name: optionalString(params, 'name'),
        description: optionalString(params, 'description'),
        metadata: readMetadata(params),
      },
      request,
    );
    return renderCustomer(customer);
  }

  private addCustomer(
    fields: Omit<CustomerRecord, 'id' | 'created'>,
    request: RequestInfo | null,
  ): CustomerRecord {
    const customer: CustomerRecord = { id: newId('cus_', 14), created: this.clock.now(), ...fields };
    this.customers.set(customer.id, customer);
    this.emit('customer.created', renderCustomer(customer), request);
    return customer;
  }

  customer(id: string): Json {
    return renderCustomer(this.find(this.customers, id, 'customer'));
  }

  updateCustomer(id: string, params: FormObject, request: RequestInfo | null): Json {
    const customer = this.find(this.customers, id, 'customer');
    const previous = renderCustomer(customer);
    if (params.email !== undefined) customer.email = optionalString(params, 'email');
    if (params.name !== undefined) customer.name = optionalString(params, 'name');
    if (params.description !== undefined) customer.description = optionalString(params, 'description');
    customer.metadata = readMetadata(params, customer.metadata);
    const rendered = renderCustomer(customer);
    this.emit('customer.updated', rendered, request, changedFields(previous, rendered));
    return rendered;
  }

  listCustomers(params: FormObject): Json {
    const email = optionalString(params, 'email');
    const found = [...this.customers.values()]
      .filter((customer) => !email || customer.email === email)
      .reverse()
      .map(renderCustomer);
    return list(found, '/v1/customers');
  }

  // ---------------------------------------------------------------------------------- coupons

  createCoupon(params: FormObject): Json {
    const id = optionalString(params, 'id') ?? newId('', 8).toUpperCase();
    if (this.coupons.has(id)) {
      throw new StripeApiError(
        400,
        'invalid_request_error',
        'Coupon already exists.',
        'resource_already_exists',
        'id',
      );
    }
    const percentOff = optionalNumber(params, 'percent_off');
    const amountOff = optionalInteger(params, 'amount_off');
    const currency = optionalString(params, 'currency');
    if ((percentOff === null) === (amountOff === null)) {
      throw invalidParam(
        'percent_off',
        'You must pass exactly one of percent_off or amount_off to create a coupon.',
      );
    }
    if (percentOff !== null && (percentOff <= 0 || percentOff > 100)) {
      throw invalidParam('percent_off', 'Invalid percent_off: must be greater than 0 and at most 100.');
    }
    if (amountOff !== null && amountOff <= 0) {
      throw invalidParam('amount_off', 'Invalid amount_off: must be a positive integer.');
    }
    if (amountOff !== null && !currency) {
      throw invalidParam('currency', 'You must specify a currency when creating an amount_off coupon.');
    }
    const duration = optionalString(params, 'duration') ?? 'once';
    if (duration !== 'once' && duration !== 'repeating' && duration !== 'forever') {
      throw invalidParam('duration', `Invalid duration: must be one of once, repeating, or forever`);
    }
    const durationInMonths = optionalInteger(params, 'duration_in_months');
    if (duration === 'repeating' && (durationInMonths === null || durationInMonths < 1)) {
      throw invalidParam('duration_in_months', 'A repeating coupon needs a positive duration_in_months.');
    }
    const coupon: CouponRecord = {
      id,
      created: this.clock.now(),
      name: optionalString(params, 'name'),
      percentOff,
      amountOff,
      currency: currency?.toLowerCase() ?? null,
      duration,
      durationInMonths: duration === 'repeating' ? durationInMonths : null,
      maxRedemptions: optionalInteger(params, 'max_redemptions'),
      redeemBy: optionalInteger(params, 'redeem_by'),
      timesRedeemed: 0,
      metadata: readMetadata(params),
    };
    this.coupons.set(id, coupon);
    return renderCoupon(coupon, this.clock.now());
  }

  coupon(id: string): Json {
    return renderCoupon(this.find(this.coupons, id, 'coupon'), this.clock.now());
  }

  deleteCoupon(id: string): Json {
    this.find(this.coupons, id, 'coupon');
    this.coupons.delete(id);
    return { id, object: 'coupon', deleted: true };
  }

  // ---------------------------------------------------------------------------------- checkout

  createCheckoutSession(params: FormObject): Json {
    const mode = requiredString(params, 'mode');
    if (mode !== 'subscription') {
      throw invalidParam('mode', 'The Stripe simulator supports Checkout in mode=subscription only.');
    }
    const items = optionalArray(params, 'line_items');
    if (!items || items.length === 0) throw invalidParam('line_items', 'Missing required param: line_items.');
    const lineItems = items.map((item, index) => {
      if (typeof item !== 'object' || Array.isArray(item)) {
        throw invalidParam(`line_items[${index}]`, 'Invalid line item');
      }
      const price = requiredString(item, 'price', `line_items[${index}][price]`);
      this.find(this.prices, price, 'price', `line_items[${index}][price]`);
      const quantity = optionalInteger(item, 'quantity', `line_items[${index}][quantity]`) ?? 1;
      if (quantity < 1) throw invalidParam(`line_items[${index}][quantity]`, 'Quantity must be at least 1.');
      return { price, quantity };
    });
    if (lineItems.length !== 1) {
      throw invalidParam('line_items', 'The Stripe simulator supports one line item per subscription.');
    }
    const customer = optionalString(params, 'customer');
    const customerEmail = optionalString(params, 'customer_email');
    if (customer) this.find(this.customers, customer, 'customer', 'customer');
    if (customer && customerEmail) {
      throw invalidParam(
        'customer_email',
        'You may only specify one of these parameters: customer, customer_email.',
      );
    }
    const discounts = optionalArray(params, 'discounts') ?? [];
    if (discounts.length > 1) throw invalidParam('discounts', 'You may only apply one discount.');
    let coupon: string | null = null;
    const first = discounts[0];
    if (first !== undefined) {
      if (typeof first !== 'object' || Array.isArray(first))
        throw invalidParam('discounts[0]', 'Invalid discount');
      coupon = requiredString(first, 'coupon', 'discounts[0][coupon]');
      const record = this.find(this.coupons, coupon, 'coupon', 'discounts[0][coupon]');
      if (!couponIsValid(record, this.clock.now())) {
        throw invalidParam('discounts[0][coupon]', `Coupon ${coupon} is no longer valid.`);
      }
      if (optionalBoolean(params, 'allow_promotion_codes')) {
        throw invalidParam(
          'discounts',
          'You may only specify one of these parameters: allow_promotion_codes, discounts.',
        );
      }
    }
    const subscriptionData = optionalObject(params, 'subscription_data') ?? {};
    const trialPeriodDays = optionalInteger(
      subscriptionData,
      'trial_period_days',
      'subscription_data[trial_period_days]',
    );
    if (trialPeriodDays !== null && (trialPeriodDays < 1 || trialPeriodDays > 730)) {
      throw invalidParam(
        'subscription_data[trial_period_days]',
        'trial_period_days must be between 1 and 730.',
      );
    }
    const now = this.clock.now();
    const expiresAt = optionalInteger(params, 'expires_at') ?? now + DAY;
    if (expiresAt < now + 30 * 60 || expiresAt > now + DAY) {
      throw invalidParam('expires_at', 'expires_at must be between 30 minutes and 24 hours from now.');
    }
    const session: CheckoutSessionRecord = {
      id: newId('cs_test_', 58),
      created: now,
      expiresAt,
      customer,
      customerEmail:
        customerEmail ?? (customer ? this.find(this.customers, customer, 'customer').email : null),
      clientReferenceId: optionalString(params, 'client_reference_id'),
      metadata: readMetadata(params),
      lineItems,
      coupon,
      trialPeriodDays,
      subscriptionMetadata: readMetadata(subscriptionData),
      successUrl: requiredString(params, 'success_url'),
      cancelUrl: optionalString(params, 'cancel_url'),
      status: 'open',
      paymentStatus: 'unpaid',
      subscription: null,
      invoice: null,
    };
    this.sessions.set(session.id, session);
    return renderCheckoutSession(session, this.context);
  }

  checkoutSession(id: string): Json {
    return renderCheckoutSession(this.sessionRecord(id), this.context);
  }

  /** The record behind a hosted page; expires it first if its time has passed. */
  sessionRecord(id: string): CheckoutSessionRecord {
    const session = this.find(this.sessions, id, 'checkout.session');
    if (session.status === 'open' && session.expiresAt <= this.clock.now()) this.expireSession(session, null);
    return session;
  }

  expireCheckoutSession(id: string, request: RequestInfo | null): Json {
    const session = this.sessionRecord(id);
    if (session.status !== 'open') {
      throw new StripeApiError(
        400,
        'invalid_request_error',
        `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`,
        'checkout_session_not_open',
      );
    }
    this.expireSession(session, request);
    return this.checkoutSession(id);
  }

  private expireSession(session: CheckoutSessionRecord, request: RequestInfo | null): void {
    session.status = 'expired';
    this.emit('checkout.session.expired', renderCheckoutSession(session, this.context), request);
  }

  /** The hosted page's Pay button: charge, create the subscription, announce it; answers the redirect. */
  completeCheckoutSession(id: string): string {
    const session = this.sessionRecord(id);
    if (session.status !== 'open') {
      throw new StripeApiError(400, 'invalid_request_error', `This Checkout Session is ${session.status}.`);
    }
    const line = session.lineItems[0]!;
    const coupon = session.coupon ? this.find(this.coupons, session.coupon, 'coupon') : null;
    const now = this.clock.now();
    if (coupon && !couponIsValid(coupon, now)) {
      throw new StripeApiError(
        400,
        'invalid_request_error',
        'This promotion is no longer valid.',
        'coupon_expired',
      );
    }
    const trialEnd = session.trialPeriodDays ? now + session.trialPeriodDays * DAY : null;
    const price = this.find(this.prices, line.price, 'price');
    const dueToday = trialEnd ? 0 : price.unitAmount * line.quantity;
    if (dueToday > 0 && this.takeFailure()) throw new CardDeclinedError();

    const customer = session.customer
      ? this.find(this.customers, session.customer, 'customer')
      : this.addCustomer({ email: session.customerEmail, name: null, description: null, metadata: {} }, null);
    const customerId = customer.id;
    const subscription: SubscriptionRecord = {
      id: newId('sub_'),
      created: now,
      customer: customerId,
      status: trialEnd ? 'trialing' : 'active',
      price: line.price,
      quantity: line.quantity,
      itemId: newId('si_', 14),
      currentPeriodStart: now,
      currentPeriodEnd: trialEnd ?? addMonths(now, 1),
      cancelAtPeriodEnd: false,
      cancelAt: null,
      canceledAt: null,
      endedAt: null,
      cancellationReason: null,
      trialStart: trialEnd ? now : null,
      trialEnd,
      discount: null,
      latestInvoice: null,
      metadata: session.subscriptionMetadata,
    };
    this.subscriptions.set(subscription.id, subscription);
    if (coupon) {
      const discount: DiscountRecord = {
        id: newId('di_'),
        coupon: coupon.id,
        customer: customerId,
        subscription: subscription.id,
        checkoutSession: session.id,
        start: now,
        end: coupon.duration === 'repeating' ? addMonths(now, coupon.durationInMonths ?? 1) : null,
        invoicesApplied: 0,
      };
      this.discounts.set(discount.id, discount);
      coupon.timesRedeemed += 1;
      subscription.discount = discount.id;
    }
    const invoice = this.createInvoice(
      subscription,
      customer,
      'subscription_create',
      trialEnd ? 0 : undefined,
    );
    this.payInvoice(invoice);

    session.customer = customerId;
    session.customerEmail = customer.email;
    session.status = 'complete';
    session.paymentStatus = invoice.total > 0 ? 'paid' : 'no_payment_required';
    session.subscription = subscription.id;
    session.invoice = invoice.id;

    this.emit('customer.subscription.created', this.subscription(subscription.id), null);
    this.emit('invoice.paid', renderInvoice(invoice, this.context), null);
    this.emit('checkout.session.completed', this.checkoutSession(session.id), null);
    return session.successUrl.replace('{CHECKOUT_SESSION_ID}', session.id);
  }

  // ---------------------------------------------------------------------------------- invoices

  private createInvoice(
    subscription: SubscriptionRecord,
    customer: CustomerRecord,
    billingReason: InvoiceRecord['billingReason'],
    subtotalOverride?: number,
  ): InvoiceRecord {
    const price = this.find(this.prices, subscription.price, 'price');
    const subtotal = subtotalOverride ?? price.unitAmount * subscription.quantity;
    const discount = subscription.discount
      ? this.find(this.discounts, subscription.discount, 'discount')
      : null;
    const amountOff =
      discount && subtotal > 0
        ? discountAmount(this.find(this.coupons, discount.coupon, 'coupon'), subtotal)
        : 0;
    if (discount && subtotal > 0) discount.invoicesApplied += 1;
    this.invoiceCounter += 1;
    const invoice: InvoiceRecord = {
      id: newId('in_'),
      number: `${customer.id.slice(4, 12).toUpperCase()}-${String(this.invoiceCounter).padStart(4, '0')}`,
      created: this.clock.now(),
      customer: customer.id,
      customerEmail: customer.email,
      subscription: subscription.id,
      subscriptionMetadata: subscription.metadata,
      billingReason,
      price: subscription.price,
      quantity: subscription.quantity,
      periodStart: subscription.currentPeriodStart,
      periodEnd: subscription.currentPeriodEnd,
      subtotal,
      discount: amountOff > 0 ? (discount?.id ?? null) : null,
      discountAmount: amountOff,
      total: subtotal - amountOff,
      amountPaid: 0,
      status: 'open',
      paidAt: null,
      attemptCount: 0,
    };
    this.invoices.set(invoice.id, invoice);
    subscription.latestInvoice = invoice.id;
    return invoice;
  }

  private payInvoice(invoice: InvoiceRecord): void {
    invoice.attemptCount += 1;
    invoice.status = 'paid';
    invoice.amountPaid = invoice.total;
    invoice.paidAt = this.clock.now();
  }

  invoice(id: string): Json {
    return renderInvoice(this.find(this.invoices, id, 'invoice'), this.context);
  }

  private takeFailure(): boolean {
    if (this.failingPayments <= 0) return false;
    this.failingPayments -= 1;
    return true;
  }

  /** The next `count` charges (a checkout payment or a renewal) are declined. */
  failNextPayments(count = 1): number {
    this.failingPayments += count;
    return this.failingPayments;
  }

  // ---------------------------------------------------------------------------------- subscriptions

  subscription(id: string): Json {
    return renderSubscription(this.find(this.subscriptions, id, 'subscription'), this.context);
  }

  listSubscriptions(params: FormObject): Json {
    const customer = optionalString(params, 'customer');
    const status = optionalString(params, 'status');
    const price = optionalString(params, 'price');
    const found = [...this.subscriptions.values()]
      .filter((subscription) => !customer || subscription.customer === customer)
      .filter((subscription) => !price || subscription.price === price)
      .filter((subscription) =>
        status === 'all'
          ? true
          : status
            ? subscription.status === status
            : subscription.status !== 'canceled',
      )
      .reverse()
      .map((subscription) => renderSubscription(subscription, this.context));
    return list(found, '/v1/subscriptions');
  }

  updateSubscription(id: string, params: FormObject, request: RequestInfo | null): Json {
    const subscription = this.find(this.subscriptions, id, 'subscription');
    if (subscription.status === 'canceled') {
      throw new StripeApiError(
        400,
        'invalid_request_error',
        'A canceled subscription can only update its cancellation_details and metadata.',
      );
    }
    const previous = this.subscription(id);
    const cancelAtPeriodEnd = optionalBoolean(params, 'cancel_at_period_end');
    if (cancelAtPeriodEnd !== null) this.setCancelAtPeriodEnd(subscription, cancelAtPeriodEnd);
    subscription.metadata = readMetadata(params, subscription.metadata);
    const rendered = this.subscription(id);
    const changed = changedFields(previous, rendered);
    if (Object.keys(changed).length > 0)
      this.emit('customer.subscription.updated', rendered, request, changed);
    return rendered;
  }

  private setCancelAtPeriodEnd(subscription: SubscriptionRecord, value: boolean): void {
    subscription.cancelAtPeriodEnd = value;
    subscription.cancelAt = value ? subscription.currentPeriodEnd : null;
    subscription.canceledAt = value ? this.clock.now() : null;
    subscription.cancellationReason = value ? 'cancellation_requested' : null;
  }

  /** `DELETE /v1/subscriptions/:id`: ends it now. */
  cancelSubscription(id: string, request: RequestInfo | null): Json {
    const subscription = this.find(this.subscriptions, id, 'subscription');
    if (subscription.status === 'canceled') {
      throw new StripeApiError(
        400,
        'invalid_request_error',
        `No such subscription: '${id}' is already canceled.`,
        'resource_missing',
      );
    }
    this.endSubscription(subscription, 'cancellation_requested', request);
    return this.subscription(id);
  }

  private endSubscription(
    subscription: SubscriptionRecord,
    reason: SubscriptionRecord['cancellationReason'],
    request: RequestInfo | null,
  ): void {
    const previousStatus = subscription.status;
    const now = this.clock.now();
    subscription.status = 'canceled';
    subscription.endedAt = now;
    subscription.canceledAt = subscription.canceledAt ?? now;
    subscription.cancellationReason = reason;
    this.emit('customer.subscription.deleted', this.subscription(subscription.id), request, {
      status: previousStatus,
    });
  }

  // ---------------------------------------------------------------------------------- test clock

  /**
   * Moves a subscription to its next billing moment: at the period end it renews (invoice.paid, or
   * invoice.payment_failed and past_due when a failure is queued), ends its trial, or ends for good
   * after cancel_at_period_end (customer.subscription.deleted). A past_due subscription gets its
   * final payment retry: paid -> active, declined -> canceled.
   */
  advance(id: string): Json {
    const subscription = this.find(this.subscriptions, id, 'subscription');
    if (subscription.status === 'canceled') {
      throw new StripeApiError(400, 'invalid_request_error', `Subscription ${id} has already ended.`);
    }
    const customer = this.find(this.customers, subscription.customer, 'customer');
    if (subscription.status === 'past_due' || subscription.status === 'unpaid') {
      this.retryLatestInvoice(subscription);
      return this.subscription(id);
    }
    this.clock.advanceTo(subscription.currentPeriodEnd);
    this.expireDueSessions();
    if (subscription.cancelAtPeriodEnd) {
      this.endSubscription(subscription, 'cancellation_requested', null);
      return this.subscription(id);
    }
    const previous = this.subscription(id);
    this.dropUsedDiscount(subscription);
    const periodStart = subscription.currentPeriodEnd;
    subscription.currentPeriodStart = periodStart;
    subscription.currentPeriodEnd = addMonths(periodStart, 1);
    const invoice = this.createInvoice(subscription, customer, 'subscription_cycle');
    if (invoice.total > 0 && this.takeFailure()) {
      invoice.attemptCount += 1;
      subscription.status = 'past_due';
      this.emit('invoice.payment_failed', renderInvoice(invoice, this.context), null);
    } else {
      this.payInvoice(invoice);
      subscription.status = 'active';
      this.emit('invoice.paid', renderInvoice(invoice, this.context), null);
    }
    const rendered = this.subscription(id);
    this.emit('customer.subscription.updated', rendered, null, changedFields(previous, rendered));
    return rendered;
  }

  /** A `once` coupon comes off after its invoice; a `repeating` one when its months are over. */
  private dropUsedDiscount(subscription: SubscriptionRecord): void {
    if (!subscription.discount) return;
    const discount = this.find(this.discounts, subscription.discount, 'discount');
    const coupon = this.find(this.coupons, discount.coupon, 'coupon');
    const used = coupon.duration === 'once' && discount.invoicesApplied > 0;
    const over = discount.end !== null && discount.end <= subscription.currentPeriodEnd;
    if (used || over) subscription.discount = null;
  }

  private retryLatestInvoice(subscription: SubscriptionRecord): void {
    const invoice = subscription.latestInvoice ? this.invoices.get(subscription.latestInvoice) : undefined;
    if (!invoice || invoice.status !== 'open') {
      throw new StripeApiError(
        400,
        'invalid_request_error',
        `Subscription ${subscription.id} has no open invoice.`,
      );
    }
    if (this.takeFailure()) {
      invoice.attemptCount += 1;
      this.emit('invoice.payment_failed', renderInvoice(invoice, this.context), null);
      this.endSubscription(subscription, 'payment_failed', null);
      return;
    }
    const previous = this.subscription(subscription.id);
    this.payInvoice(invoice);
    subscription.status = 'active';
    this.emit('invoice.paid', renderInvoice(invoice, this.context), null);
    const rendered = this.subscription(subscription.id);
    this.emit('customer.subscription.updated', rendered, null, changedFields(previous, rendered));
  }

  private expireDueSessions(): void {
    const now = this.clock.now();
    for (const session of this.sessions.values()) {
      if (session.status === 'open' && session.expiresAt <= now) this.expireSession(session, null);
    }
  }

  // ---------------------------------------------------------------------------------- portal

  createPortalSession(params: FormObject): Json {
    const customer = requiredString(params, 'customer');
    this.find(this.customers, customer, 'customer', 'customer');
    const portal: PortalSessionRecord = {
      id: newId('bps_'),
      created: this.clock.now(),
      customer,
      returnUrl: optionalString(params, 'return_url'),
    };
    this.portals.set(portal.id, portal);
    return renderPortalSession(portal, this.publicUrl);
  }

  portalSession(id: string): PortalSessionRecord {
    return this.find(this.portals, id, 'billing_portal.session');
  }

  /** The portal's view of a customer: their subscriptions that have not ended. */
  portalSubscriptions(customer: string): { subscription: SubscriptionRecord; price: PriceRecord }[] {
    return [...this.subscriptions.values()]
      .filter((subscription) => subscription.customer === customer && subscription.status !== 'canceled')
      .map((subscription) => ({ subscription, price: this.find(this.prices, subscription.price, 'price') }));
  }

  /** The portal's Cancel plan / Don't cancel buttons. */
  portalSetCancel(portalId: string, subscriptionId: string, cancel: boolean): void {
    const portal = this.portalSession(portalId);
    const subscription = this.find(this.subscriptions, subscriptionId, 'subscription');
    if (subscription.customer !== portal.customer) throw noSuch('subscription', subscriptionId);
    this.updateSubscription(subscriptionId, { cancel_at_period_end: String(cancel) }, null);
  }

  // ---------------------------------------------------------------------------------- pages

  /** What the hosted checkout page shows. */
  checkoutView(id: string) {
    const session = this.sessionRecord(id);
    const line = session.lineItems[0]!;
    const price = this.find(this.prices, line.price, 'price');
    const coupon = session.coupon ? this.find(this.coupons, session.coupon, 'coupon') : null;
    const recurring = price.unitAmount * line.quantity;
    const today = session.trialPeriodDays ? 0 : recurring;
    const discount = coupon ? discountAmount(coupon, today) : 0;
    return { session, price, coupon, recurring, discount, total: today - discount };
  }

  /** Expands for API answers. */
  withExpand(object: Json, params: FormObject): Json {
    const paths = expandPaths(params);
    return paths.length > 0 ? this.expand(object, paths) : object;
  }
}

/** Stripe's `previous_attributes`: the old values of the top-level fields that changed. */
const changedFields = (before: Json, after: Json): Record<string, unknown> => {
  const changed: Record<string, unknown> = {};
  for (const key of Object.keys(after)) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) changed[key] = before[key];
  }
  return changed;
};
