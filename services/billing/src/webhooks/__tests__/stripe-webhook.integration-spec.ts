import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { createProducerRedis, DomainException, QueueRegistry, type PatternClient } from '@domestique/common';
import {
  eventually,
  expectedRefusals,
  identityHeaders,
  patternRefusals,
  startTestWorker,
  testEnv,
  testPatternClient,
  type TestWorker,
} from '@domestique/common/testing';
import { BillingMessages, eventQueueName, Patterns } from '@domestique/proto';
import type { Redis } from 'ioredis';
import { createHmac, randomUUID } from 'node:crypto';
import type { BillingConfig } from '../../config/env.schema.js';
import { billingService } from '../../service.js';
import { STRIPE_API_VERSION } from '../../stripe/stripe.client.js';
import { BillingHarness, SECRET_KEY, WEBHOOK_SECRET, uniqueCode } from '../../test/billing-harness.js';

const sign = (payload: string, secret = WEBHOOK_SECRET, timestamp = Math.floor(Date.now() / 1000)) =>
  `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex')}`;

// a whole checkout (API, Stripe simulator, hosted page, webhooks) takes a few seconds on a busy machine
jest.setTimeout(30_000);

describe('billing: Stripe webhooks (signature, duplicates, any order) on real PostgreSQL + Redis', () => {
  let billing: BillingHarness;
  /** the admin service's questions to billing (its message patterns) */
  let adminPatterns: PatternClient;

  beforeAll(async () => {
    billing = await BillingHarness.start();
    adminPatterns = testPatternClient(billing.api.config, 'admin');
  });
  afterAll(async () => {
    await adminPatterns?.close();
    await billing?.close();
  });
  /** A pattern call's domain error as [status, message]; undefined when it answered. */
  const failureOf = async (call: Promise<unknown>): Promise<[number, string] | undefined> => {
    try {
      await call;
      return undefined;
    } catch (error) {
      if (error instanceof DomainException) return [error.status, error.message];
      throw error;
    }
  };

  const postWebhook = async (body: string, signature?: string) => {
    const call = billing
      .http()
      .post('/api/stripe/webhook')
      .set(await identityHeaders({ role: 'anonymous' }))
      .set('content-type', 'application/json');
    return (signature ? call.set('stripe-signature', signature) : call).send(body);
  };
  const recorded = async (id: string) =>
    Number(
      (await billing.db.query('SELECT count(*) FROM billing.stripe_webhook_events WHERE id = $1', [id]))[0]
        .count,
    );

  it('refuses unsigned, wrongly signed, tampered and stale deliveries with 400, changing nothing', async () => {
    const id = `evt_${randomUUID().replace(/-/g, '')}`;
    const body = JSON.stringify({
      id,
      object: 'event',
      created: Math.floor(Date.now() / 1000),
      type: 'customer.created',
      data: { object: { id: 'cus_x' } },
    });
    const refused = { message: 'Invalid webhook signature', code: 'BILLING_INVALID_SIGNATURE' };

    expect((await postWebhook(body)).body).toEqual(refused);
    const unsigned = await postWebhook(body);
    expect(unsigned.status).toBe(400);
    expect((await postWebhook(body, sign(body, 'whsec_someone_else'))).status).toBe(400);
    expect((await postWebhook(body.replace('cus_x', 'cus_y'), sign(body))).status).toBe(400);
    expect(
      (await postWebhook(body, sign(body, WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 3600))).status,
    ).toBe(400);
    expect((await postWebhook(body, 't=abc,v1=')).status).toBe(400);
    expect(await recorded(id)).toBe(0);

    const accepted = await postWebhook(body, sign(body));
    expect(accepted.status).toBe(200);
    expect(accepted.body).toEqual({ received: true });
    expect(await recorded(id)).toBe(1);
    expect(SECRET_KEY).not.toBe(WEBHOOK_SECRET);
  });

  const now = () => Math.floor(Date.now() / 1000);
  const eventId = () => `evt_${randomUUID().replace(/-/g, '')}`;
  /** An event signed with the real webhook secret (as someone who learned it would sign one). */
  const forge = (
    type: string,
    object: Record<string, unknown>,
    options: { created?: number; signedAt?: number | string } = {},
  ) => {
    const id = eventId();
    const body = JSON.stringify({
      id,
      object: 'event',
      api_version: STRIPE_API_VERSION,
      created: options.created ?? now(),
      type,
      data: { object },
      livemode: false,
    });
    const signedAt = options.signedAt ?? now();
    const signature = `t=${signedAt},v1=${createHmac('sha256', WEBHOOK_SECRET).update(`${signedAt}.${body}`).digest('hex')}`;
    return { id, body, signature };
  };
  const deliver = async (forged: { body: string; signature: string }) =>
    postWebhook(forged.body, forged.signature);
  const subscriptionsOf = async (userId: string) =>
    (
      await billing.db.query(
        'SELECT stripe_subscription_id, user_id, status FROM billing.subscriptions WHERE user_id = $1',
        [userId],
      )
    ).map((row: { stripe_subscription_id: string }) => row.stripe_subscription_id);
  const holderOf = async (subscriptionId: string) =>
    (
      await billing.db.query('SELECT user_id FROM billing.subscriptions WHERE stripe_subscription_id = $1', [
        subscriptionId,
      ])
    )[0]?.user_id ?? null;

  describe("events are hints: the rider comes from billing's own customer record, never from metadata", () => {
    it("ignores metadata naming rider B: A keeps the paid subscription, nothing reaches B (no 500 for B's missing customer)", async () => {
      const a = await billing.newRider();
      const b = await billing.newRider();
      const { subscriptionId, sessionId } = await billing.subscribe(a);
      const aCustomer = (await billing.customer(a.userId)).stripe_customer_id!;
      expect(aCustomer).toMatch(/^cus_/);
      const forgeries = [
        forge('customer.subscription.updated', {
          id: subscriptionId,
          object: 'subscription',
          customer: aCustomer,
          status: 'active',
          metadata: { userId: b.userId },
        }),
        forge('customer.subscription.created', {
          id: subscriptionId,
          object: 'subscription',
          customer: { id: aCustomer, object: 'customer' },
          metadata: { userId: b.userId },
        }),
        forge('invoice.paid', {
          id: 'in_forged',
          object: 'invoice',
          customer: aCustomer,
          parent: { subscription_details: { subscription: subscriptionId, metadata: { userId: b.userId } } },
        }),
        forge('checkout.session.completed', {
          id: sessionId,
          object: 'checkout.session',
          mode: 'subscription',
          customer: aCustomer,
          client_reference_id: b.userId,
          subscription: subscriptionId,
          metadata: { userId: b.userId },
        }),
      ];
      for (const forged of forgeries) {
        const answer = await deliver(forged);
        expect(answer.status).toBe(200);
        expect(answer.body).toEqual({ received: true });
      }

      expect(await billing.customer(b.userId)).toEqual({
        tier: 'free',
        subscription_tier: 'free',
        stripe_customer_id: null,
      });
      expect(await subscriptionsOf(b.userId)).toEqual([]);
      expect(await billing.tierEvents(b.userId)).toEqual([]);
      expect(await holderOf(subscriptionId)).toBe(a.userId);
      expect(await billing.customer(a.userId)).toMatchObject({ tier: 'pro', stripe_customer_id: aCustomer });
      expect(await billing.tierEvents(a.userId)).toHaveLength(1);
    });

    it('answers 2xx and writes nothing for an unknown customer, a missing customer or a subscription Stripe does not know', async () => {
      const a = await billing.newRider();
      const b = await billing.newRider();
      const { subscriptionId } = await billing.subscribe(a);
      const aCustomer = (await billing.customer(a.userId)).stripe_customer_id!;
      const unknownSubscription = `sub_forged${randomUUID().slice(0, 8)}`;
      const forgeries = [
        // a customer billing never made, naming rider B
        forge('customer.subscription.updated', {
          id: unknownSubscription,
          customer: 'cus_nobody_knows',
          metadata: { userId: b.userId },
        }),
        // A's real subscription, under a customer billing does not know
        forge('customer.subscription.updated', {
          id: subscriptionId,
          customer: 'cus_nobody_knows',
          metadata: { userId: b.userId },
        }),
        // no customer at all
        forge('customer.subscription.deleted', { id: subscriptionId, metadata: { userId: b.userId } }),
        // A's customer, a subscription Stripe does not have
        forge('customer.subscription.updated', { id: unknownSubscription, customer: aCustomer }),
        // A's customer, a checkout session Stripe does not have
        forge('checkout.session.completed', {
          id: 'cs_test_forged',
          mode: 'subscription',
          customer: aCustomer,
          subscription: unknownSubscription,
          metadata: { reservationId: randomUUID() },
        }),
        // odd shapes a signed body may still have
        forge('invoice.payment_failed', { parent: 'nope', customer: 42 }),
        forge('customer.subscription.updated', { id: ['sub'], customer: { id: null }, metadata: 'x' }),
      ];
      for (const forged of forgeries) {
        const answer = await deliver(forged);
        expect(answer.status).toBe(200);
        expect(await recorded(forged.id)).toBe(1);
      }
      expect(await holderOf(unknownSubscription)).toBeNull();
      expect(await subscriptionsOf(b.userId)).toEqual([]);
      expect(await billing.customer(b.userId)).toMatchObject({ tier: 'free', stripe_customer_id: null });
      expect(await billing.customer(a.userId)).toMatchObject({ tier: 'pro', stripe_customer_id: aCustomer });
      expect(await billing.tierEvents(a.userId)).toHaveLength(1);
      expect(await billing.tierEvents(b.userId)).toEqual([]);
    });

    it("never moves a subscription between riders: A's customer with C's subscription changes nothing", async () => {
      const a = await billing.newRider();
      const c = await billing.newRider();
      await billing.subscribe(a);
      const { subscriptionId: cSubscription } = await billing.subscribe(c);
      const aCustomer = (await billing.customer(a.userId)).stripe_customer_id!;
      const answer = await deliver(
        forge('customer.subscription.updated', {
          id: cSubscription,
          customer: aCustomer,
          metadata: { userId: a.userId },
        }),
      );
      expect(answer.status).toBe(200);
      expect(await holderOf(cSubscription)).toBe(c.userId);
      expect(await subscriptionsOf(a.userId)).not.toContain(cSubscription);
      expect((await billing.customer(c.userId)).tier).toBe('pro');
    });
  });

  it('refuses timestamps from the future (signed t= or created) with 400 {message}, recording nothing', async () => {
    const object = { id: 'cus_x', object: 'customer' };
    const refusedBody = { message: 'Invalid webhook signature', code: 'BILLING_INVALID_SIGNATURE' };
    const refused = [
      forge('customer.created', object, { signedAt: now() + 3600 }),
      forge('customer.created', object, { signedAt: now() + 10 * 365 * 86_400 }),
      forge('customer.created', object, { signedAt: 'NaN' }),
      forge('customer.created', object, { created: now() + 3600 }),
    ];
    for (const forged of refused) {
      const answer = await deliver(forged);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual(refusedBody);
      expect(await recorded(forged.id)).toBe(0);
    }
    // a little clock skew is fine; an old event redelivered now (old created, fresh t=) too
    for (const forged of [
      forge('customer.created', object, { signedAt: now() + 60, created: now() + 60 }),
      forge('customer.created', object, { created: now() - 3 * 86_400 }),
    ]) {
      expect((await deliver(forged)).status).toBe(200);
      expect(await recorded(forged.id)).toBe(1);
    }
  });

  it('refuses signed bodies that are not Stripe events with 400 {message}, never 500', async () => {
    for (const body of [
      'null',
      '[]',
      '"evt"',
      JSON.stringify({ type: 'invoice.paid', created: now(), data: {} }),
      JSON.stringify({ id: eventId(), type: 'invoice.paid', created: now(), data: null }),
      JSON.stringify({ id: eventId(), type: 7, created: now(), data: {} }),
      JSON.stringify({ id: eventId(), type: 'invoice.paid', created: 'today', data: {} }),
    ]) {
      const answer = await postWebhook(body, sign(body));
      expect(answer.status).toBe(400);
      expect(typeof answer.body.message).toBe('string');
    }
  });

  it('handles a redelivered event once: no second tier change, no second promo use', async () => {
    const rider = await billing.newRider();
    const { sessionId } = await billing.subscribe(rider, 'DOMESTIQUE90');
    const used = (await billing.promo('DOMESTIQUE90')).used_count;
    const events = await billing.sim.events();
    const completed = events.find(
      (event) => event.type === 'checkout.session.completed' && event.objectId === sessionId,
    )!;
    expect(completed.delivered).toBe(true);

    const again = await billing.sim.redeliver(completed.id);
    expect(again.attempts.at(-1)?.status).toBe(200);
    await billing.sim.settled();
    expect((await billing.promo('DOMESTIQUE90')).used_count).toBe(used);
    expect(await billing.tierEvents(rider.userId)).toHaveLength(1);
    expect(await recorded(completed.id)).toBe(1);
  });

  it('ends on the right tier when the checkout events arrive in reverse order', async () => {
    const code = uniqueCode('REV');
    await billing.createPromo({ code, discountType: 'fixed', discountValue: 1000 });
    const rider = await billing.newRider();
    await billing.sim.hold();
    const answer = await billing.checkout(rider, {
      priceId: 'price_domestique_pro_monthly',
      promoCode: code,
    });
    expect((await billing.sim.pay(answer.body.url)).status).toBe(303);
    expect((await billing.customer(rider.userId)).tier).toBe('free');

    const released = await billing.sim.release('reverse');
    const types = await Promise.all(
      released.map(async (id) => ((await billing.sim.event(id)) as { type: string }).type),
    );
    expect(types.slice(0, 3)).toEqual([
      'checkout.session.completed',
      'invoice.paid',
      'customer.subscription.created',
    ]);
    await billing.sim.settled();
    expect((await billing.customer(rider.userId)).tier).toBe('pro');
    expect((await billing.tierEvents(rider.userId)).map((event) => event.reason)).toEqual(['checkout']);
    expect((await billing.promo(code)).used_count).toBe(1);
  });

  it('re-reads the subscription, so a late "updated" after "deleted" cannot bring Pro back', async () => {
    const rider = await billing.newRider();
    const { subscriptionId } = await billing.subscribe(rider);
    await billing.sim.hold();
    expect((await billing.http().post('/api/subscription/cancel').set(rider.headers)).status).toBe(200);
    await billing.sim.advance(subscriptionId);
    expect((await billing.customer(rider.userId)).tier).toBe('pro');

    const released = await billing.sim.release('reverse');
    const types = await Promise.all(
      released.map(async (id) => ((await billing.sim.event(id)) as { type: string }).type),
    );
    expect(types).toEqual(['customer.subscription.deleted', 'customer.subscription.updated']);
    await billing.sim.settled();
    expect((await billing.customer(rider.userId)).tier).toBe('free');
    expect((await billing.tierEvents(rider.userId)).map((event) => [event.tier, event.reason])).toEqual([
      ['pro', 'checkout'],
      ['free', 'cancellation'],
    ]);
  });

  it('renews without a tier change and takes the first-month coupon off; revenue follows', async () => {
    const revenue = () => adminPatterns.send(Patterns.adminRevenue, {});
    const before = await revenue();
    const rider = await billing.newRider();
    const { subscriptionId } = await billing.subscribe(rider, 'DOMESTIQUE90');
    const during = await revenue();
    expect(during.monthlyRevenueCents - before.monthlyRevenueCents).toBe(990);
    expect(during.activeSubscriptions - before.activeSubscriptions).toBe(1);

    await billing.sim.advance(subscriptionId);
    await billing.sim.settled();
    const [row] = await billing.db.query(
      'SELECT status, discount_percent_off FROM billing.subscriptions WHERE stripe_subscription_id = $1',
      [subscriptionId],
    );
    expect(row).toEqual({ status: 'active', discount_percent_off: null });
    expect((await revenue()).monthlyRevenueCents - before.monthlyRevenueCents).toBe(9900);
    expect(await billing.tierEvents(rider.userId)).toHaveLength(1);
  });

  it('keeps Pro while a renewal payment is retried, then drops to free when it fails for good', async () => {
    const rider = await billing.newRider();
    const { subscriptionId } = await billing.subscribe(rider);
    await billing.sim.failNextPayments(2);
    await billing.sim.advance(subscriptionId);
    await billing.sim.settled();
    expect((await billing.sim.events('invoice.payment_failed')).length).toBeGreaterThan(0);
    expect((await billing.customer(rider.userId)).tier).toBe('pro');
    const [pastDue] = await billing.db.query(
      'SELECT status FROM billing.subscriptions WHERE stripe_subscription_id = $1',
      [subscriptionId],
    );
    expect(pastDue.status).toBe('past_due');

    await billing.sim.advance(subscriptionId);
    await billing.sim.settled();
    expect((await billing.customer(rider.userId)).tier).toBe('free');
    expect((await billing.tierEvents(rider.userId)).at(-1)).toMatchObject({
      tier: 'free',
      reason: 'payment-failed',
    });
  });

  it("records the admin service's tier change and announces it; the rider's next Stripe change applies again", async () => {
    // billing's admin patterns are the admin service's (which audits each change): its signed calls only
    const rider = await billing.newRider();
    const setTier = (subscriptionTier: string, userId = rider.userId) =>
      adminPatterns.send(Patterns.adminSetTier, { userId, subscriptionTier } as {
        userId: string;
        subscriptionTier: 'pro';
      });
    expect(await setTier('elite')).toEqual({ userId: rider.userId, subscriptionTier: 'elite' });
    expect(await billing.tierEvents(rider.userId)).toEqual([
      { userId: rider.userId, tier: 'elite', reason: 'admin', stripeCustomerId: null },
    ]);
    await setTier('free');
    expect((await billing.customer(rider.userId)).tier).toBe('free');
    expect(
      await patternRefusals(billing.api.config, Patterns.adminSetTier, {
        payload: { userId: rider.userId, subscriptionTier: 'pro' },
        invalidPayload: { userId: rider.userId, subscriptionTier: 'platinum' },
      }),
    ).toEqual(expectedRefusals('Subscription tier must be free, pro or elite.'));
    expect((await billing.customer(rider.userId)).tier).toBe('free');
    expect(await failureOf(setTier('pro', randomUUID()))).toEqual([404, BillingMessages.userNotFound]);
    expect(await failureOf(setTier('pro', 'not-a-user'))).toEqual([404, BillingMessages.userNotFound]);
    expect(await failureOf(setTier('platinum'))).toEqual([
      400,
      'Subscription tier must be free, pro or elite.',
    ]);

    await billing.subscribe(rider);
    expect((await billing.customer(rider.userId)).tier).toBe('pro');
  });

  it('lets the admin service list, create and delete promo codes, nobody else (nor the public graph)', async () => {
    const adminSession = await identityHeaders({ role: 'admin', adminId: 'a1', username: 'root' });
    expect(
      await patternRefusals(billing.api.config, Patterns.adminPromoCodes, {
        payload: {},
        invalidPayload: { all: 1 },
      }),
    ).toEqual(expectedRefusals('Unexpected field: all'));

    const code = uniqueCode('SPRING');
    const body = {
      code: code.toLowerCase(),
      description: 'Spring sale',
      discountType: 'fixed' as const,
      discountValue: 2500,
      validFrom: '2025-03-01T00:00:00Z',
      validUntil: '2099-04-01T00:00:00Z',
      usageLimit: 10,
    };
    const create = (request: typeof body | Record<string, unknown>) =>
      adminPatterns.send(Patterns.adminCreatePromoCode, request as typeof body);
    const created = await create(body);
    expect(created).toMatchObject({
      code,
      description: 'Spring sale',
      discountType: 'fixed',
      discountValue: 2500,
      usageLimit: 10,
      usedCount: 0,
      isActive: true,
      status: 'ACTIVE',
      validFrom: '2025-03-01T00:00:00.000Z',
    });
    expect(await failureOf(create(body))).toEqual([409, 'A promo code with this code already exists.']);
    const invalid = { ...body, code: uniqueCode('X'), discountType: 'percentage', discountValue: 150 };
    expect(await failureOf(create(invalid))).toEqual([
      400,
      'A percentage discount must be between 1 and 100.',
    ]);
    // billing checks the request again, whoever sends it
    expect(
      await patternRefusals(billing.api.config, Patterns.adminCreatePromoCode, {
        payload: body,
        invalidPayload: invalid,
      }),
    ).toEqual(expectedRefusals('A percentage discount must be between 1 and 100.'));

    const listed = await adminPatterns.send(Patterns.adminPromoCodes, {});
    expect(listed.find((promo) => promo.code === 'DOMESTIQUE90')).toMatchObject({
      status: 'ACTIVE',
      usageLimit: null,
    });
    expect(listed.find((promo) => promo.code === code)).toMatchObject({ usedCount: 0 });

    const remove = (id: string) => adminPatterns.send(Patterns.adminDeletePromoCode, { id });
    expect(await remove(created.id)).toEqual({ message: 'Promo Code Deleted' });
    expect((await failureOf(remove(created.id)))?.[0]).toBe(404);
    expect((await failureOf(remove('not-a-uuid')))?.[0]).toBe(404);

    // the public graph offers no promo administration: the admin subgraph does it through the admin service
    for (const query of [
      '{ adminPromoCodes { code } }',
      'mutation { deletePromoCode(id: "x") }',
      'mutation { setSubscriptionTier(userId: "x", tier: "pro") { userId } }',
    ]) {
      const answer = await billing.http().post('/graphql').set(adminSession).send({ query });
      expect(answer.body.data ?? null).toBeNull();
      expect(answer.body.errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
    }
  });

  describe('with the worker', () => {
    let worker: TestWorker<BillingConfig>;
    let redis: Redis;
    let queues: QueueRegistry;

    beforeAll(async () => {
      worker = await startTestWorker(billingService, billing.env);
      const env = testEnv();
      redis = createProducerRedis(env.REDIS_URL!);
      queues = new QueueRegistry(redis, env.REDIS_PREFIX!);
    });
    afterAll(async () => {
      await worker?.close();
      await queues?.closeAll();
      redis?.disconnect();
    });

    /** An event as the outbox relay delivers it to billing's queue. */
    const deliver = (name: 'user.registered' | 'user.deleted', payload: Record<string, unknown>) =>
      queues.get(eventQueueName('billing')).add(name, {
        id: randomUUID(),
        name,
        version: 1,
        occurredAt: new Date().toISOString(),
        payload,
      });

    it("opens a registered rider's billing record and, on deletion, ends their Stripe subscription and purges them", async () => {
      const userId = randomUUID();
      const email = `deleted-${userId.slice(0, 8)}@example.com`;
      await deliver('user.registered', {
        userId,
        email,
        firstName: 'D',
        lastName: 'E',
        registeredAt: new Date().toISOString(),
      });
      await eventually(async () => (await billing.customer(userId)) !== undefined);
      const rider = { userId, email, headers: await identityHeaders({ role: 'user', userId, tier: 'free' }) };
      const { subscriptionId } = await billing.subscribe(rider, 'DOMESTIQUE90');
      const used = (await billing.promo('DOMESTIQUE90')).used_count;

      await deliver('user.deleted', { userId, requestedBy: 'admin' });
      await eventually(async () => (await billing.customer(userId)) === undefined);
      await billing.sim.settled();
      const deleted = (await billing.sim.events('customer.subscription.deleted')).find(
        (event) => event.objectId === subscriptionId,
      );
      expect(deleted?.delivered).toBe(true);
      expect(
        await billing.db.query('SELECT 1 FROM billing.subscriptions WHERE user_id = $1', [userId]),
      ).toEqual([]);
      expect((await billing.promo('DOMESTIQUE90')).used_count).toBe(used);
      const [purged] = await billing.db.query(
        `SELECT payload FROM billing.outbox_events WHERE name = 'user.purged' AND payload->>'userId' = $1`,
        [userId],
      );
      expect(purged.payload).toEqual({ userId, service: 'billing' });
    });

    it("takes a deleted rider's email off the Elite waitlist, and only theirs", async () => {
      const userId = randomUUID();
      const email = `Waiting-${userId.slice(0, 8)}@Example.com`;
      const stranger = `stranger-${userId.slice(0, 8)}@example.com`;
      await deliver('user.registered', {
        userId,
        email,
        firstName: 'W',
        lastName: 'L',
        registeredAt: new Date().toISOString(),
      });
      await eventually(async () => (await billing.customer(userId)) !== undefined);
      const anonymous = await identityHeaders({ role: 'anonymous' });
      for (const address of [` ${email} `, stranger]) {
        const joined = await billing
          .http()
          .post('/api/waitlist/elite/public')
          .set(anonymous)
          .send({ email: address });
        expect(joined.status).toBe(200);
      }
      const waiting = async () =>
        (
          await billing.db.query(
            'SELECT email FROM billing.elite_waitlist WHERE email = ANY($1) ORDER BY email',
            [[email.toLowerCase(), stranger]],
          )
        ).map((row: { email: string }) => row.email);
      expect(await waiting()).toEqual([stranger, email.toLowerCase()].sort());

      await deliver('user.deleted', { userId, requestedBy: 'admin' });
      await eventually(async () => (await billing.customer(userId)) === undefined);
      expect(await waiting()).toEqual([stranger]);
    });
  });
});
