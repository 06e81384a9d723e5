import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { startStripeSimulator, type StripeSimulator } from '../index.js';

const WEBHOOK_SECRET = 'whsec_test_secret';
const SECRET_KEY = 'sk_test_simulator_spec';

/** A webhook endpoint that verifies every delivery with the SDK, as the billing service does. */
class Endpoint {
  readonly received: Stripe.Event[] = [];
  readonly rejected: string[] = [];
  /** answers 500 to this many deliveries first */
  failures = 0;
  private server: Server | undefined;

  constructor(private readonly stripe: Stripe) {}

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        if (this.failures > 0) {
          this.failures -= 1;
          res.writeHead(500).end();
          return;
        }
        try {
          const event = this.stripe.webhooks.constructEvent(
            Buffer.concat(chunks),
            req.headers['stripe-signature'] as string,
            WEBHOOK_SECRET,
          );
          this.received.push(event);
          res.writeHead(200).end('{"received":true}');
        } catch (error) {
          this.rejected.push((error as Error).message);
          res.writeHead(400).end();
        }
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/webhook`;
  }

  types(): string[] {
    return this.received.map((event) => event.type);
  }

  ofType<T>(type: string): T[] {
    return this.received.filter((event) => event.type === type).map((event) => event.data.object as T);
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }
}

describe('Stripe simulator, driven by the official stripe SDK', () => {
  let simulator: StripeSimulator;
  let stripe: Stripe;
  let endpoint: Endpoint;

  beforeAll(async () => {
    endpoint = new Endpoint(new Stripe(SECRET_KEY));
    const webhookUrl = await endpoint.start();
    simulator = await startStripeSimulator({
      secretKey: SECRET_KEY,
      webhookSecret: WEBHOOK_SECRET,
      webhookUrl,
      webhookRetryDelaysMs: [50, 50],
    });
    const url = new URL(simulator.url);
    stripe = new Stripe(SECRET_KEY, {
      host: url.hostname,
      port: Number(url.port),
      protocol: 'http',
      maxNetworkRetries: 0,
    });
  });
  afterAll(async () => {
    await simulator.close();
    await endpoint.stop();
  });
  afterEach(async () => {
    await simulator.control.settled();
    endpoint.received.length = 0;
  });

  /** Loads the hosted page and presses Pay, as a browser does; answers the redirect. */
  const payOnHostedPage = async (url: string): Promise<{ page: string; location: string }> => {
    const page = await (await fetch(url)).text();
    const action = /<form method="post" action="([^"]+\/confirm)">/.exec(page)?.[1];
    expect(action).toBeDefined();
    const paid = await fetch(new URL(action!, url), { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    return { page, location: paid.headers.get('location')! };
  };

  const subscribe = async (
    extra: Partial<Stripe.Checkout.SessionCreateParams> = {},
  ): Promise<{
    session: Stripe.Checkout.Session;
    location: string;
    page: string;
    customer: Stripe.Customer;
  }> => {
    const customer = await stripe.customers.create({
      email: 'rider@example.com',
      metadata: { userId: 'u-1' },
    });
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      client_reference_id: 'u-1',
      line_items: [{ price: 'price_domestique_pro_monthly', quantity: 1 }],
      success_url: 'http://app.test/subscribe?checkout=success&session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://app.test/subscribe?checkout=canceled',
      metadata: { userId: 'u-1' },
      subscription_data: { metadata: { userId: 'u-1' } },
      ...extra,
    });
    const { location, page } = await payOnHostedPage(session.url!);
    await simulator.control.settled();
    return { session, location, page, customer };
  };

  it('runs a percentage-coupon checkout end to end: hosted page, redirect, signed webhooks', async () => {
    const coupon = await stripe.coupons.create({ percent_off: 90, duration: 'once', name: 'DOMESTIQUE90' });
    expect(coupon).toMatchObject({ object: 'coupon', percent_off: 90, duration: 'once', valid: true });

    const { session, location, page } = await subscribe({ discounts: [{ coupon: coupon.id }] });
    expect(session).toMatchObject({
      object: 'checkout.session',
      mode: 'subscription',
      status: 'open',
      amount_subtotal: 9900,
      amount_total: 990,
      total_details: { amount_discount: 8910, amount_shipping: 0, amount_tax: 0 },
    });
    expect(session.url).toBe(`${simulator.url}/c/pay/${session.id}`);
    expect(page).toContain('Domestique Pro');
    expect(page).toContain('$99.00');
    expect(page).toContain('−$89.10');
    expect(page).toContain('$9.90');
    expect(location).toBe(`http://app.test/subscribe?checkout=success&session_id=${session.id}`);

    expect(endpoint.rejected).toEqual([]);
    expect(endpoint.types().sort()).toEqual(
      [
        'checkout.session.completed',
        'customer.created',
        'customer.subscription.created',
        'invoice.paid',
      ].sort(),
    );
    const [completed] = endpoint.ofType<Stripe.Checkout.Session>('checkout.session.completed');
    expect(completed).toMatchObject({
      id: session.id,
      status: 'complete',
      payment_status: 'paid',
      url: null,
    });
    const [invoice] = endpoint.ofType<Stripe.Invoice>('invoice.paid');
    expect(invoice).toMatchObject({
      amount_paid: 990,
      billing_reason: 'subscription_create',
      status: 'paid',
    });
    expect(invoice!.parent?.subscription_details?.subscription).toBe(completed!.subscription);

    const retrieved = await stripe.checkout.sessions.retrieve(session.id, { expand: ['subscription'] });
    const subscription = retrieved.subscription as Stripe.Subscription;
    expect(subscription).toMatchObject({
      object: 'subscription',
      status: 'active',
      cancel_at_period_end: false,
      metadata: { userId: 'u-1' },
    });
    const item = subscription.items.data[0]!;
    expect(item.price).toMatchObject({ id: 'price_domestique_pro_monthly', unit_amount: 9900 });
    expect(item.current_period_end - item.current_period_start).toBeGreaterThanOrEqual(28 * 86400);

    const withDiscount = await stripe.subscriptions.retrieve(subscription.id, { expand: ['discounts'] });
    const discount = withDiscount.discounts[0] as Stripe.Discount;
    expect((discount.source.coupon as Stripe.Coupon).percent_off).toBe(90);
    expect((await stripe.coupons.retrieve(coupon.id)).times_redeemed).toBe(1);
  });

  it('applies a fixed amount_off coupon, never below zero, and a trial instead of a charge', async () => {
    const fixed = await stripe.coupons.create({ amount_off: 2500, currency: 'usd', duration: 'once' });
    const { session } = await subscribe({ discounts: [{ coupon: fixed.id }] });
    expect(session.amount_total).toBe(7400);

    const huge = await stripe.coupons.create({ amount_off: 50_000, currency: 'usd', duration: 'once' });
    const { session: free } = await subscribe({ discounts: [{ coupon: huge.id }] });
    expect(free.amount_total).toBe(0);

    endpoint.received.length = 0;
    const { session: trial, page } = await subscribe({
      subscription_data: { trial_period_days: 30, metadata: { userId: 'u-1' } },
    });
    expect(page).toContain('30 days free');
    const [completed] = endpoint.ofType<Stripe.Checkout.Session>('checkout.session.completed');
    expect(completed).toMatchObject({ id: trial.id, payment_status: 'no_payment_required' });
    const subscription = await stripe.subscriptions.retrieve(completed!.subscription as string);
    expect(subscription.status).toBe('trialing');
    expect(subscription.trial_end! - subscription.trial_start!).toBe(30 * 86400);
  });

  it('renews at the period end without the once coupon, and ends a subscription canceled at period end', async () => {
    const coupon = await stripe.coupons.create({ percent_off: 50, duration: 'once' });
    const { session } = await subscribe({ discounts: [{ coupon: coupon.id }] });
    const subscriptionId = (await stripe.checkout.sessions.retrieve(session.id)).subscription as string;
    endpoint.received.length = 0;

    simulator.control.advance(subscriptionId);
    await simulator.control.settled();
    const [renewal] = endpoint.ofType<Stripe.Invoice>('invoice.paid');
    expect(renewal).toMatchObject({ amount_paid: 9900, billing_reason: 'subscription_cycle' });
    const [updated] = endpoint.ofType<Stripe.Subscription>('customer.subscription.updated');
    expect(updated!.discounts).toEqual([]);
    endpoint.received.length = 0;

    const canceling = await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true });
    expect(canceling).toMatchObject({ status: 'active', cancel_at_period_end: true });
    expect(canceling.cancel_at).toBe(canceling.items.data[0]!.current_period_end);
    await simulator.control.settled();
    const [cancelEvent] = endpoint.received;
    expect(cancelEvent!.type).toBe('customer.subscription.updated');
    expect(cancelEvent!.data.previous_attributes).toMatchObject({ cancel_at_period_end: false });
    endpoint.received.length = 0;

    const before = simulator.control.now();
    simulator.control.advance(subscriptionId);
    await simulator.control.settled();
    expect(simulator.control.now()).toBeGreaterThan(before + 27 * 86400);
    expect(endpoint.types()).toEqual(['customer.subscription.deleted']);
    const ended = await stripe.subscriptions.retrieve(subscriptionId);
    expect(ended).toMatchObject({
      status: 'canceled',
      cancellation_details: { reason: 'cancellation_requested' },
    });
    expect(ended.ended_at).not.toBeNull();
  });

  it('fails the next payment on request: declined on the hosted page, past_due then canceled at renewal', async () => {
    const customer = await stripe.customers.create({ email: 'decline@example.com' });
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      line_items: [{ price: 'price_domestique_pro_monthly', quantity: 1 }],
      success_url: 'http://app.test/ok',
    });
    simulator.control.failNextPayments(1);
    const page = await (await fetch(session.url!)).text();
    const declined = await fetch(`${simulator.url}/c/pay/${session.id}/confirm`, {
      method: 'POST',
      redirect: 'manual',
    });
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain('Your card was declined.');
    expect(page).toContain('Pay');
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');

    const { location } = await payOnHostedPage(session.url!);
    expect(location).toBe('http://app.test/ok');
    const subscriptionId = (await stripe.checkout.sessions.retrieve(session.id)).subscription as string;
    await simulator.control.settled();
    endpoint.received.length = 0;

    simulator.control.failNextPayments(2);
    simulator.control.advance(subscriptionId);
    await simulator.control.settled();
    expect(endpoint.types().sort()).toEqual(['customer.subscription.updated', 'invoice.payment_failed']);
    expect((await stripe.subscriptions.retrieve(subscriptionId)).status).toBe('past_due');
    endpoint.received.length = 0;

    simulator.control.advance(subscriptionId);
    await simulator.control.settled();
    expect(endpoint.types()).toEqual(['invoice.payment_failed', 'customer.subscription.deleted']);
    expect(await stripe.subscriptions.retrieve(subscriptionId)).toMatchObject({
      status: 'canceled',
      cancellation_details: { reason: 'payment_failed' },
    });
  });

  it("answers Stripe's errors, which the SDK raises as its own error classes", async () => {
    const url = new URL(simulator.url);
    const wrongKey = new Stripe('sk_test_wrong_key_1234', {
      host: url.hostname,
      port: Number(url.port),
      protocol: 'http',
    });
    await expect(wrongKey.customers.create({})).rejects.toMatchObject({
      type: 'StripeAuthenticationError',
      statusCode: 401,
    });
    await expect(stripe.customers.retrieve('cus_missing')).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      code: 'resource_missing',
      message: "No such customer: 'cus_missing'",
      statusCode: 404,
    });
    await expect(
      stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: 'price_nope' }],
        success_url: 'http://x',
      }),
    ).rejects.toMatchObject({ code: 'resource_missing', param: 'line_items[0][price]' });
    await expect(
      stripe.checkout.sessions.create({ mode: 'subscription', success_url: 'http://x' }),
    ).rejects.toMatchObject({ type: 'StripeInvalidRequestError', param: 'line_items' });
    await expect(stripe.coupons.create({ amount_off: 100, duration: 'once' })).rejects.toMatchObject({
      param: 'currency',
    });
  });

  it('replays an idempotent request and refuses the same key with other parameters', async () => {
    const first = await stripe.customers.create(
      { email: 'same@example.com' },
      { idempotencyKey: 'customer-key-1' },
    );
    const again = await stripe.customers.create(
      { email: 'same@example.com' },
      { idempotencyKey: 'customer-key-1' },
    );
    expect(again.id).toBe(first.id);
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');
    await expect(
      stripe.customers.create({ email: 'other@example.com' }, { idempotencyKey: 'customer-key-1' }),
    ).rejects.toMatchObject({ type: 'StripeIdempotencyError', statusCode: 400 });
    const list = await stripe.customers.list({ email: 'same@example.com' });
    expect(list.data.map((customer) => customer.id)).toEqual([first.id]);
  });

  it('creates billing portal sessions whose page cancels at period end', async () => {
    const { session, customer } = await subscribe();
    const subscriptionId = (await stripe.checkout.sessions.retrieve(session.id)).subscription as string;
    const portal = await stripe.billingPortal.sessions.create({
      customer: customer.id,
      return_url: 'http://app.test/profile',
    });
    expect(portal.url).toBe(`${simulator.url}/p/session/${portal.id}`);
    const page = await (await fetch(portal.url)).text();
    expect(page).toContain('Domestique Pro');
    expect(page).toContain('Cancel plan');
    expect(page).toContain('href="http://app.test/profile"');
    endpoint.received.length = 0;

    const canceled = await fetch(`${simulator.url}/p/session/${portal.id}/subscriptions/${subscriptionId}`, {
      method: 'POST',
      body: new URLSearchParams({ action: 'cancel' }),
      redirect: 'manual',
    });
    expect(canceled.status).toBe(303);
    expect((await stripe.subscriptions.retrieve(subscriptionId)).cancel_at_period_end).toBe(true);
    expect(await (await fetch(portal.url)).text()).toContain('Cancels on');
    await simulator.control.settled();
    expect(endpoint.types()).toEqual(['customer.subscription.updated']);
  });

  it('retries a failed delivery, redelivers on request, and releases held events in reverse', async () => {
    endpoint.failures = 2;
    const customer = await stripe.customers.create({ email: 'retry@example.com' });
    await simulator.control.settled();
    const delivery = simulator.control.events().find((entry) => entry.event.data.object.id === customer.id)!;
    expect(delivery.attempts.map((attempt) => attempt.status)).toEqual([500, 500, 200]);
    expect(delivery.delivered).toBe(true);
    expect(endpoint.received.map((event) => event.id)).toEqual([delivery.event.id]);

    await simulator.control.redeliver(delivery.event.id);
    expect(endpoint.received.map((event) => event.id)).toEqual([delivery.event.id, delivery.event.id]);
    endpoint.received.length = 0;

    simulator.control.holdEvents();
    await subscribe();
    expect(endpoint.received).toEqual([]);
    const released = await simulator.control.releaseEvents('reverse');
    expect(released).toHaveLength(4);
    expect(endpoint.received.map((event) => event.id)).toEqual(released);
    expect(endpoint.types()[0]).toBe('checkout.session.completed');
  });

  it('serves the same controls over HTTP', async () => {
    const { session } = await subscribe();
    const subscriptionId = (await stripe.checkout.sessions.retrieve(session.id)).subscription as string;
    const events = (await (
      await fetch(`${simulator.url}/_sim/events?type=checkout.session.completed`)
    ).json()) as {
      data: { objectId: string; delivered: boolean }[];
    };
    expect(events.data.find((event) => event.objectId === session.id)).toMatchObject({ delivered: true });
    const advanced = await fetch(`${simulator.url}/_sim/subscriptions/${subscriptionId}/advance`, {
      method: 'POST',
    });
    expect(advanced.status).toBe(200);
    expect(((await advanced.json()) as { status: string }).status).toBe('active');
    const missing = await fetch(`${simulator.url}/_sim/subscriptions/sub_nope/advance`, { method: 'POST' });
    expect(missing.status).toBe(404);
    expect((await fetch(`${simulator.url}/health`)).status).toBe(200);
  });
});
