import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { BillingMessages } from '@domestique/proto';
import { BillingHarness, ELITE_PRICE, PRO_PRICE } from '../../test/billing-harness.js';

// a whole checkout (API, Stripe simulator, hosted page, webhooks) takes a few seconds on a busy machine
jest.setTimeout(30_000);

/** An operator's own Elite price, so the test shows checkout follows STRIPE_PRICE_ELITE. */
const LAUNCH_ELITE_PRICE = 'price_elite_launch_2027';

/**
 * ELITE_ON_SALE=true (issue 23): Elite sells exactly like Pro. With the setting off (the default),
 * checkout.integration-spec shows Elite refused and advertised as not purchasable.
 */
describe('billing: Elite on sale, through the Stripe simulator (real PostgreSQL + Redis)', () => {
  let billing: BillingHarness;

  beforeAll(async () => {
    billing = await BillingHarness.start(
      { ELITE_ON_SALE: 'true', STRIPE_PRICE_ELITE: LAUNCH_ELITE_PRICE },
      `${PRO_PRICE}:9900:Domestique Pro,${LAUNCH_ELITE_PRICE}:19900:Domestique Elite`,
    );
  });
  afterAll(async () => {
    await billing?.close();
  });

  it('answers Elite as purchasable at the configured price; the default Elite price is no plan', async () => {
    const rider = await billing.newRider();
    const plans = await billing
      .http()
      .post('/graphql')
      .set(rider.headers)
      .send({ query: '{ plans { id price priceId purchasable } }' });
    expect(plans.body.data.plans).toEqual([
      { id: 'free', price: 0, priceId: null, purchasable: false },
      { id: 'pro', price: 99, priceId: PRO_PRICE, purchasable: true },
      { id: 'elite', price: 199, priceId: LAUNCH_ELITE_PRICE, purchasable: true },
    ]);
    const stale = await billing.checkout(rider, { priceId: ELITE_PRICE });
    expect(stale.status).toBe(400);
    expect(stale.body.message).toBe(BillingMessages.planUnknown);
  });

  it('sells Elite: checkout, Pay in the simulator, the webhooks, and the rider is Elite', async () => {
    const rider = await billing.newRider();
    const answer = await billing.checkout(rider, { priceId: LAUNCH_ELITE_PRICE, promoCode: null });
    expect(answer.status).toBe(200);
    expect(answer.body.url).toBe(`${billing.sim.url}/c/pay/${answer.body.sessionId}`);

    const paid = await billing.sim.pay(answer.body.url);
    expect(paid.page).toContain('Domestique Elite');
    expect(paid.page).toContain('$199.00');
    expect(paid.status).toBe(303);
    await billing.sim.settled();

    const customer = await billing.customer(rider.userId);
    expect(customer).toMatchObject({ tier: 'elite', subscription_tier: 'elite' });
    // the event auth (the session's tier) and the gateway consume
    expect(await billing.tierEvents(rider.userId)).toEqual([
      {
        userId: rider.userId,
        tier: 'elite',
        reason: 'checkout',
        stripeCustomerId: customer.stripe_customer_id,
      },
    ]);
    const mine = await billing.http().get('/api/subscription').set(rider.headers);
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({
      tier: 'elite',
      status: 'active',
      priceId: LAUNCH_ELITE_PRICE,
      cancelAtPeriodEnd: false,
    });
    const [row] = await billing.db.query(
      'SELECT price_id, unit_amount FROM billing.subscriptions WHERE user_id = $1',
      [rider.userId],
    );
    expect(row).toEqual({ price_id: LAUNCH_ELITE_PRICE, unit_amount: 19900 });
  });

  it('applies a promo to Elite as it does to Pro', async () => {
    const rider = await billing.newRider();
    const answer = await billing.checkout(rider, { priceId: LAUNCH_ELITE_PRICE, promoCode: 'DOMESTIQUE90' });
    expect(answer.status).toBe(200);
    const paid = await billing.sim.pay(answer.body.url);
    expect(paid.page).toContain('−$179.10');
    expect(paid.page).toContain('$19.90');
    await billing.sim.settled();
    expect((await billing.customer(rider.userId)).tier).toBe('elite');
  });

  it('sends a Pro subscriber to manage their plan instead of selling them a second subscription', async () => {
    const rider = await billing.newRider();
    await billing.subscribe(rider);
    const upgrade = await billing.checkout(rider, { priceId: LAUNCH_ELITE_PRICE });
    expect(upgrade.status).toBe(409);
    expect(upgrade.body).toEqual({
      message: BillingMessages.alreadySubscribed,
      code: 'BILLING_ALREADY_SUBSCRIBED',
    });
    expect((await billing.customer(rider.userId)).tier).toBe('pro');
  });

  it('cancels Elite at the period end: Elite until then, free when Stripe ends it', async () => {
    const rider = await billing.newRider();
    const { subscriptionId } = await billing.subscribe(rider, null, LAUNCH_ELITE_PRICE);
    const canceled = await billing.http().post('/api/subscription/cancel').set(rider.headers);
    expect(canceled.status).toBe(200);
    expect(canceled.body.subscription).toMatchObject({ tier: 'elite', cancelAtPeriodEnd: true });
    await billing.sim.settled();
    expect((await billing.customer(rider.userId)).tier).toBe('elite');

    await billing.sim.advance(subscriptionId);
    await billing.sim.settled();
    expect((await billing.tierEvents(rider.userId)).map((event) => [event.tier, event.reason])).toEqual([
      ['elite', 'checkout'],
      ['free', 'cancellation'],
    ]);
  });
});
