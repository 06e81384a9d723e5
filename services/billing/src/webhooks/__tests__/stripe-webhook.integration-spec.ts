import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { createProducerRedis, QueueRegistry } from '@domestique/common';
import {
  eventually,
  identityHeaders,
  startTestWorker,
  testEnv,
  type TestWorker,
} from '@domestique/common/testing';
import { eventQueueName } from '@domestique/proto';
import type { Redis } from 'ioredis';
import { createHmac, randomUUID } from 'node:crypto';
import type { BillingConfig } from '../../config/env.schema.js';
import { billingService } from '../../service.js';
import { BillingHarness, SECRET_KEY, WEBHOOK_SECRET, uniqueCode } from '../../test/billing-harness.js';

const sign = (payload: string, secret = WEBHOOK_SECRET, timestamp = Math.floor(Date.now() / 1000)) =>
  `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex')}`;

// a whole checkout (API, Stripe simulator, hosted page, webhooks) takes a few seconds on a busy machine
jest.setTimeout(30_000);

describe('billing: Stripe webhooks (signature, duplicates, any order) on real PostgreSQL + Redis', () => {
  let billing: BillingHarness;

  beforeAll(async () => {
    billing = await BillingHarness.start();
  });
  afterAll(async () => {
    await billing?.close();
  });

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
    const revenue = async () =>
      (
        await billing
          .http()
          .get('/api/billing/admin/revenue')
          .set(await identityHeaders({ role: 'admin', adminId: 'a1', username: 'root' }))
      ).body as { monthlyRevenueCents: number; activeSubscriptions: number };
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

  it("records an admin's tier change and announces it; the rider's next Stripe change applies again", async () => {
    const admin = await identityHeaders({ role: 'admin', adminId: 'a1', username: 'root' });
    const rider = await billing.newRider();
    const set = await billing
      .http()
      .post(`/api/billing/admin/users/${rider.userId}/tier`)
      .set(admin)
      .send({ subscriptionTier: 'elite' });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ userId: rider.userId, subscriptionTier: 'elite' });
    expect(await billing.tierEvents(rider.userId)).toEqual([
      { userId: rider.userId, tier: 'elite', reason: 'admin', stripeCustomerId: null },
    ]);
    const bySystem = await billing
      .http()
      .post(`/api/billing/admin/users/${rider.userId}/tier`)
      .set(await identityHeaders({ role: 'system', service: 'admin' }))
      .send({ subscriptionTier: 'free' });
    expect(bySystem.status).toBe(200);
    expect((await billing.customer(rider.userId)).tier).toBe('free');

    expect(
      (
        await billing
          .http()
          .post(`/api/billing/admin/users/${rider.userId}/tier`)
          .set(rider.headers)
          .send({ subscriptionTier: 'pro' })
      ).status,
    ).toBe(403);
    const unknown = await billing
      .http()
      .post(`/api/billing/admin/users/${randomUUID()}/tier`)
      .set(admin)
      .send({ subscriptionTier: 'pro' });
    expect(unknown.status).toBe(404);
    const bad = await billing
      .http()
      .post(`/api/billing/admin/users/${rider.userId}/tier`)
      .set(admin)
      .send({ subscriptionTier: 'platinum' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Subscription tier must be free, pro or elite.');

    await billing.subscribe(rider);
    expect((await billing.customer(rider.userId)).tier).toBe('pro');
  });

  it('lets an admin list, create and delete promo codes (REST and GraphQL), nobody else', async () => {
    const admin = await identityHeaders({ role: 'admin', adminId: 'a1', username: 'root' });
    const rider = await billing.newRider();
    expect((await billing.http().get('/api/billing/admin/promo-codes').set(rider.headers)).status).toBe(403);

    const code = uniqueCode('SPRING');
    const body = {
      code: code.toLowerCase(),
      description: 'Spring sale',
      discountType: 'fixed',
      discountValue: 2500,
      validFrom: '2025-03-01T00:00:00Z',
      validUntil: '2099-04-01T00:00:00Z',
      usageLimit: 10,
    };
    const created = await billing.http().post('/api/billing/admin/promo-codes').set(admin).send(body);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
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
    const duplicate = await billing.http().post('/api/billing/admin/promo-codes').set(admin).send(body);
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.message).toBe('A promo code with this code already exists.');
    const invalid = await billing
      .http()
      .post('/api/billing/admin/promo-codes')
      .set(admin)
      .send({ ...body, code: uniqueCode('X'), discountType: 'percentage', discountValue: 150 });
    expect(invalid.status).toBe(400);
    expect(invalid.body.message).toBe('A percentage discount must be between 1 and 100.');

    const listed = await billing.http().get('/api/billing/admin/promo-codes').set(admin);
    expect(listed.body.find((promo: { code: string }) => promo.code === 'DOMESTIQUE90')).toMatchObject({
      status: 'ACTIVE',
      usageLimit: null,
    });
    expect(listed.body.find((promo: { code: string }) => promo.code === code)).toMatchObject({
      usedCount: 0,
    });

    const removed = await billing
      .http()
      .delete(`/api/billing/admin/promo-codes/${created.body.id}`)
      .set(admin);
    expect(removed.status).toBe(200);
    expect(
      (await billing.http().delete(`/api/billing/admin/promo-codes/${created.body.id}`).set(admin)).status,
    ).toBe(404);
    expect((await billing.http().delete('/api/billing/admin/promo-codes/not-a-uuid').set(admin)).status).toBe(
      404,
    );

    const gql = (query: string, variables: Record<string, unknown> = {}) =>
      billing.http().post('/graphql').set(admin).send({ query, variables });
    const made = await gql(
      'mutation($i: CreatePromoCodeInput!) { createPromoCode(input: $i) { id code status usedCount } }',
      { i: { ...body, code: uniqueCode('GQL') } },
    );
    expect(made.body.data.createPromoCode).toMatchObject({ status: 'ACTIVE', usedCount: 0 });
    const all = await gql('{ adminPromoCodes { code } }');
    expect(all.body.data.adminPromoCodes.map((promo: { code: string }) => promo.code)).toContain(
      made.body.data.createPromoCode.code,
    );
    const deleted = await gql('mutation($id: ID!) { deletePromoCode(id: $id) }', {
      id: made.body.data.createPromoCode.id,
    });
    expect(deleted.body.data.deletePromoCode).toBe(true);
    const forbidden = await billing
      .http()
      .post('/graphql')
      .set(rider.headers)
      .send({ query: '{ adminPromoCodes { code } }' });
    expect(forbidden.body.errors[0].extensions.code).toBe('FORBIDDEN');
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

    it("opens a registered rider's billing record and, on deletion, ends their Stripe subscription and purges them", async () => {
      const userId = randomUUID();
      const email = `deleted-${userId.slice(0, 8)}@example.com`;
      await queues.get(eventQueueName('billing')).add('user.registered', {
        id: randomUUID(),
        name: 'user.registered',
        version: 1,
        occurredAt: new Date().toISOString(),
        payload: { userId, email, firstName: 'D', lastName: 'E', registeredAt: new Date().toISOString() },
      });
      await eventually(async () => (await billing.customer(userId)) !== undefined);
      const rider = { userId, email, headers: await identityHeaders({ role: 'user', userId, tier: 'free' }) };
      const { subscriptionId } = await billing.subscribe(rider, 'DOMESTIQUE90');
      const used = (await billing.promo('DOMESTIQUE90')).used_count;

      await queues.get(eventQueueName('billing')).add('user.deleted', {
        id: randomUUID(),
        name: 'user.deleted',
        version: 1,
        occurredAt: new Date().toISOString(),
        payload: { userId, requestedBy: 'admin' },
      });
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
  });
});
