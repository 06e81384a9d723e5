import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { identityHeaders } from '@domestique/common/testing';
import { BillingMessages } from '@domestique/proto';
import { BillingHarness, ELITE_PRICE, PRO_PRICE, uniqueCode } from '../../test/billing-harness.js';

// a whole checkout (API, Stripe simulator, hosted page, webhooks) takes a few seconds on a busy machine
jest.setTimeout(30_000);

describe('billing: checkout with promo codes through the Stripe simulator (real PostgreSQL + Redis)', () => {
  let billing: BillingHarness;

  beforeAll(async () => {
    billing = await BillingHarness.start();
  });
  afterAll(async () => {
    await billing?.close();
  });

  const subscriptionRow = async (userId: string) =>
    (
      await billing.db.query(
        `SELECT status, price_id, unit_amount, discount_percent_off, discount_amount_off, cancel_at_period_end
           FROM billing.subscriptions WHERE user_id = $1`,
        [userId],
      )
    )[0];

  it('validates the seeded DOMESTIQUE90 (any case, trimmed) for anyone', async () => {
    const answer = await billing
      .http()
      .post('/api/promo/validate')
      .set(await identityHeaders({ role: 'anonymous' }))
      .send({ code: '  domestique90 ' });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      code: 'DOMESTIQUE90',
      discountType: 'percentage',
      discountValue: 90,
      message: 'DOMESTIQUE90 applied: 90% off your first month.',
    });
  });

  it('subscribes with DOMESTIQUE90: a 90% first-month coupon, $9.90 today, Pro after the webhooks, the use counted once', async () => {
    const rider = await billing.newRider();
    const usedBefore = (await billing.promo('DOMESTIQUE90')).used_count;
    const answer = await billing.checkout(rider, { priceId: PRO_PRICE, promoCode: 'domestique90' });
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body).sort()).toEqual(['sessionId', 'url']);
    expect(answer.body.sessionId).toMatch(/^cs_test_/);
    expect(answer.body.url).toBe(`${billing.sim.url}/c/pay/${answer.body.sessionId}`);

    const paid = await billing.sim.pay(answer.body.url);
    expect(paid.page).toContain('−$89.10');
    expect(paid.page).toContain('$9.90');
    expect(paid.location).toBe(
      `http://app.test/subscribe?checkout=success&session_id=${answer.body.sessionId}`,
    );
    await billing.sim.settled();

    const customer = await billing.customer(rider.userId);
    expect(customer).toMatchObject({ tier: 'pro', subscription_tier: 'pro' });
    expect(customer.stripe_customer_id).toMatch(/^cus_/);
    expect(await billing.tierEvents(rider.userId)).toEqual([
      {
        userId: rider.userId,
        tier: 'pro',
        reason: 'checkout',
        stripeCustomerId: customer.stripe_customer_id,
      },
    ]);
    expect(await subscriptionRow(rider.userId)).toMatchObject({
      status: 'active',
      price_id: PRO_PRICE,
      unit_amount: 9900,
      discount_percent_off: 90,
      discount_amount_off: null,
    });
    expect((await billing.promo('DOMESTIQUE90')).used_count).toBe(usedBefore + 1);
    const [redeemed] = await billing.db.query(
      `SELECT payload FROM billing.outbox_events WHERE name = 'promo.redeemed' AND payload->>'userId' = $1`,
      [rider.userId],
    );
    expect(redeemed.payload).toMatchObject({ code: 'DOMESTIQUE90', userId: rider.userId });

    const mine = await billing.http().get('/api/subscription').set(rider.headers);
    expect(mine.body).toMatchObject({
      tier: 'pro',
      status: 'active',
      priceId: PRO_PRICE,
      cancelAtPeriodEnd: false,
    });
    expect(new Date(mine.body.currentPeriodEnd).getTime()).toBeGreaterThan(Date.now() + 27 * 86_400_000);
  });

  it('applies a fixed promo as amount_off in cents and a trial promo as trial days', async () => {
    const fixed = uniqueCode('FIXED');
    await billing.createPromo({ code: fixed, discountType: 'fixed', discountValue: 2500 });
    const rider = await billing.newRider();
    const answer = await billing.checkout(rider, { priceId: PRO_PRICE, promoCode: fixed });
    expect(answer.status).toBe(200);
    const paid = await billing.sim.pay(answer.body.url);
    expect(paid.page).toContain('−$25.00');
    expect(paid.page).toContain('$74.00');
    await billing.sim.settled();
    expect(await subscriptionRow(rider.userId)).toMatchObject({
      status: 'active',
      discount_amount_off: 2500,
      discount_percent_off: null,
    });
    expect((await billing.customer(rider.userId)).tier).toBe('pro');

    const trial = uniqueCode('TRIAL');
    await billing.createPromo({ code: trial, discountType: 'trial', discountValue: 14 });
    const trialist = await billing.newRider();
    const started = await billing.checkout(trialist, { priceId: PRO_PRICE, promoCode: trial });
    const trialPage = await billing.sim.pay(started.body.url);
    expect(trialPage.page).toContain('14 days free');
    expect(trialPage.page).toMatch(/Total due today<\/dt><dd class="total">\$0\.00/);
    await billing.sim.settled();
    expect(await subscriptionRow(trialist.userId)).toMatchObject({
      status: 'trialing',
      discount_percent_off: null,
    });
    expect((await billing.customer(trialist.userId)).tier).toBe('pro');
    expect((await billing.promo(trial)).used_count).toBe(1);
  });

  it('refuses Elite and unknown plans on the server, before anything reaches Stripe', async () => {
    const rider = await billing.newRider();
    const elite = await billing.checkout(rider, { priceId: ELITE_PRICE, promoCode: null });
    expect(elite.status).toBe(400);
    expect(elite.body).toEqual({
      message: BillingMessages.eliteNotPurchasable,
      code: 'BILLING_PLAN_NOT_PURCHASABLE',
    });
    const unknown = await billing.checkout(rider, { priceId: 'price_free_lunch' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('This plan does not exist.');
    const missing = await billing.checkout(rider, { promoCode: 'DOMESTIQUE90' });
    expect(missing.body.message).toBe('Please choose a plan.');
    const extra = await billing.checkout(rider, { priceId: PRO_PRICE, discount: 100 });
    expect(extra.body.message).toBe('Unexpected field: discount');
    expect((await billing.customer(rider.userId)).stripe_customer_id).toBeNull();
    const anonymous = await billing
      .http()
      .post('/api/stripe/create-checkout-session')
      .set(await identityHeaders({ role: 'anonymous' }))
      .send({ priceId: PRO_PRICE });
    expect(anonymous.status).toBe(401);
  });

  it.each([
    ['unknown', null, 404, 'This promo code does not exist.'],
    ['inactive', { isActive: false }, 400, 'This promo code is no longer active.'],
    ['expired', { validUntil: new Date(Date.now() - 60_000) }, 400, 'This promo code has expired.'],
    [
      'not yet valid',
      { validFrom: new Date(Date.now() + 86_400_000) },
      400,
      'This promo code is not valid yet.',
    ],
  ])('says why a code cannot be used: %s', async (_label, settings, status, message) => {
    const code = uniqueCode('P');
    if (settings)
      await billing.createPromo({ code, discountType: 'percentage', discountValue: 10, ...settings });
    const rider = await billing.newRider();
    const validated = await billing.http().post('/api/promo/validate').set(rider.headers).send({ code });
    expect(validated.status).toBe(status);
    expect(validated.body.message).toBe(message);
    const checkout = await billing.checkout(rider, { priceId: PRO_PRICE, promoCode: code });
    expect(checkout.status).toBe(status);
    expect(checkout.body.message).toBe(message);
  });

  it('refuses a blank code with a clear message', async () => {
    const rider = await billing.newRider();
    const blank = await billing.http().post('/api/promo/validate').set(rider.headers).send({ code: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe('Please enter a promo code.');
  });

  it('never lets concurrent checkouts pass a usage limit; a used-up code says so', async () => {
    const code = uniqueCode('LIMIT');
    await billing.createPromo({ code, discountType: 'percentage', discountValue: 50, usageLimit: 2 });
    const riders = await Promise.all(Array.from({ length: 6 }, () => billing.newRider()));
    const answers = await Promise.all(
      riders.map((rider) => billing.checkout(rider, { priceId: PRO_PRICE, promoCode: code })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 400, 400, 400, 400]);
    const accepted = answers.filter((answer) => answer.status === 200);
    for (const refused of answers.filter((answer) => answer.status !== 200)) {
      expect(refused.body.message).toBe('This promo code has reached its usage limit.');
    }
    for (const answer of accepted) expect((await billing.sim.pay(answer.body.url)).status).toBe(303);
    await billing.sim.settled();
    expect((await billing.promo(code)).used_count).toBe(2);
    const late = await billing.newRider();
    const validated = await billing.http().post('/api/promo/validate').set(late.headers).send({ code });
    expect(validated.body.message).toBe('This promo code has reached its usage limit.');
  });

  it("keeps a rider's reservation when they start checkout again, and expires the older session", async () => {
    const code = uniqueCode('ONCE');
    await billing.createPromo({ code, discountType: 'percentage', discountValue: 20, usageLimit: 1 });
    const rider = await billing.newRider();
    const first = await billing.checkout(rider, { priceId: PRO_PRICE, promoCode: code });
    expect(first.status).toBe(200);
    const other = await billing.newRider();
    expect((await billing.checkout(other, { priceId: PRO_PRICE, promoCode: code })).status).toBe(400);
    const again = await billing.checkout(rider, { priceId: PRO_PRICE, promoCode: code });
    expect(again.status).toBe(200);
    expect(again.body.sessionId).not.toBe(first.body.sessionId);
    expect(await (await fetch(first.body.url)).text()).toContain('This checkout session has expired.');
    await billing.sim.settled();
    // the expired session's event does not give the use back: the newer session holds it
    expect((await billing.checkout(other, { priceId: PRO_PRICE, promoCode: code })).status).toBe(400);
    expect((await billing.sim.pay(again.body.url)).status).toBe(303);
    await billing.sim.settled();
    expect((await billing.promo(code)).used_count).toBe(1);
  });

  it('refuses a second subscription while one is live', async () => {
    const rider = await billing.newRider();
    await billing.subscribe(rider);
    const again = await billing.checkout(rider, { priceId: PRO_PRICE });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(BillingMessages.alreadySubscribed);
  });

  it('opens the billing portal only for a rider with a Stripe customer', async () => {
    const newcomer = await billing.newRider();
    const refused = await billing.http().post('/api/stripe/create-portal-session').set(newcomer.headers);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('You need an active subscription to access the billing portal.');

    const subscriber = await billing.newRider();
    await billing.subscribe(subscriber);
    const portal = await billing.http().post('/api/stripe/create-portal-session').set(subscriber.headers);
    expect(portal.status).toBe(200);
    expect(portal.body.url).toMatch(new RegExp(`^${billing.sim.url}/p/session/bps_`));
    const page = await (await fetch(portal.body.url)).text();
    expect(page).toContain('Domestique Pro');
    expect(page).toContain('href="http://app.test/profile"');
  });

  it('cancels at the period end: Pro until then, free when Stripe ends it', async () => {
    const rider = await billing.newRider();
    const none = await billing.http().post('/api/subscription/cancel').set(rider.headers);
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('You do not have an active subscription to cancel.');

    const { subscriptionId } = await billing.subscribe(rider);
    const canceled = await billing.http().post('/api/subscription/cancel').set(rider.headers);
    expect(canceled.status).toBe(200);
    expect(canceled.body).toMatchObject({
      message: 'Subscription Canceled',
      subscription: { tier: 'pro', status: 'active', cancelAtPeriodEnd: true },
    });
    const twice = await billing.http().post('/api/subscription/cancel').set(rider.headers);
    expect(twice.status).toBe(200);
    await billing.sim.settled();
    expect((await billing.customer(rider.userId)).tier).toBe('pro');

    await billing.sim.advance(subscriptionId);
    await billing.sim.settled();
    expect((await billing.customer(rider.userId)).tier).toBe('free');
    expect((await billing.tierEvents(rider.userId)).map((event) => [event.tier, event.reason])).toEqual([
      ['pro', 'checkout'],
      ['free', 'cancellation'],
    ]);
    const mine = await billing.http().get('/api/subscription').set(rider.headers);
    expect(mine.body).toMatchObject({ tier: 'free', status: 'canceled' });
  });

  it('cancels again after a resume: cancel -> resume -> cancel leaves it cancelling in Stripe and billing', async () => {
    const rider = await billing.newRider();
    const { subscriptionId } = await billing.subscribe(rider);
    const inStripe = async () =>
      (await billing.stripeApi<{ cancel_at_period_end: boolean }>('GET', `/subscriptions/${subscriptionId}`))
        .cancel_at_period_end;
    const cancel = async () => {
      const answer = await billing.http().post('/api/subscription/cancel').set(rider.headers);
      expect(answer.status).toBe(200);
      expect(answer.body.subscription.cancelAtPeriodEnd).toBe(true);
      await billing.sim.settled();
    };

    await cancel();
    expect(await inStripe()).toBe(true);
    await billing.resumeInPortal(rider, subscriptionId);
    expect(await inStripe()).toBe(false);
    expect((await subscriptionRow(rider.userId)).cancel_at_period_end).toBe(false);

    await cancel();
    expect(await inStripe()).toBe(true);
    expect((await subscriptionRow(rider.userId)).cancel_at_period_end).toBe(true);
    const mine = await billing.http().get('/api/subscription').set(rider.headers);
    expect(mine.body).toMatchObject({ tier: 'pro', status: 'active', cancelAtPeriodEnd: true });
  });

  it("makes a promo's coupon again when it was deleted in Stripe (no replayed creation)", async () => {
    const code = uniqueCode('HEAL');
    await billing.createPromo({ code, discountType: 'percentage', discountValue: 20 });
    const first = await billing.checkout(await billing.newRider(), { priceId: PRO_PRICE, promoCode: code });
    expect(first.status).toBe(200);
    const couponId = `domestique_${(await billing.promo(code)).id}`;
    await billing.stripeApi('DELETE', `/coupons/${couponId}`);

    const second = await billing.checkout(await billing.newRider(), { priceId: PRO_PRICE, promoCode: code });
    expect(second.status).toBe(200);
    expect(await billing.stripeApi('GET', `/coupons/${couponId}`)).toMatchObject({
      id: couponId,
      percent_off: 20,
    });
  });

  it('stores a waitlist email once, trimmed and lower-cased', async () => {
    const anonymous = await identityHeaders({ role: 'anonymous' });
    const email = `Elite-${Date.now()}@Example.com`;
    for (const attempt of [`  ${email} `, email.toUpperCase()]) {
      const answer = await billing
        .http()
        .post('/api/waitlist/elite/public')
        .set(anonymous)
        .send({ email: attempt });
      expect(answer.status).toBe(200);
      expect(answer.body.message).toBe(BillingMessages.waitlistJoined);
    }
    const rows = await billing.db.query('SELECT email FROM billing.elite_waitlist WHERE email = $1', [
      email.toLowerCase(),
    ]);
    expect(rows).toHaveLength(1);
    const bad = await billing
      .http()
      .post('/api/waitlist/elite/public')
      .set(anonymous)
      .send({ email: 'nope' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Please enter a valid email address');
  });

  it('offers the same calls in GraphQL', async () => {
    const rider = await billing.newRider();
    const gql = (query: string, variables: Record<string, unknown> = {}) =>
      billing.http().post('/graphql').set(rider.headers).send({ query, variables });

    const plans = await gql('{ plans { id price priceId purchasable } }');
    expect(plans.body.data.plans).toEqual([
      { id: 'free', price: 0, priceId: null, purchasable: false },
      { id: 'pro', price: 99, priceId: PRO_PRICE, purchasable: true },
      { id: 'elite', price: 199, priceId: ELITE_PRICE, purchasable: false },
    ]);
    const promo = await gql(
      'mutation { validatePromoCode(code: "domestique90") { code discountType discountValue } }',
    );
    expect(promo.body.data.validatePromoCode).toEqual({
      code: 'DOMESTIQUE90',
      discountType: 'percentage',
      discountValue: 90,
    });
    const unknown = await gql('mutation { validatePromoCode(code: "NOPE") { code } }');
    expect(unknown.body.errors[0]).toMatchObject({
      message: 'This promo code does not exist.',
      extensions: { code: 'BILLING_PROMO_UNKNOWN' },
    });
    const elite = await gql(
      'mutation($p: String!) { createCheckoutSession(priceId: $p, promoCode: null) { url } }',
      {
        p: ELITE_PRICE,
      },
    );
    expect(elite.body.errors[0].extensions.code).toBe('BILLING_PLAN_NOT_PURCHASABLE');
    const checkout = await gql(
      'mutation($p: String!, $c: String) { createCheckoutSession(priceId: $p, promoCode: $c) { sessionId url } }',
      { p: PRO_PRICE, c: 'DOMESTIQUE90' },
    );
    const { sessionId, url } = checkout.body.data.createCheckoutSession;
    expect(url).toBe(`${billing.sim.url}/c/pay/${sessionId}`);
    expect((await billing.sim.pay(url)).status).toBe(303);
    await billing.sim.settled();
    const mine = await gql('{ mySubscription { tier status cancelAtPeriodEnd } }');
    expect(mine.body.data.mySubscription).toEqual({
      tier: 'pro',
      status: 'active',
      cancelAtPeriodEnd: false,
    });
    const portal = await gql('mutation { createPortalSession { url } }');
    expect(portal.body.data.createPortalSession.url).toContain('/p/session/');
    const cancel = await gql(
      'mutation { cancelSubscription { message subscription { cancelAtPeriodEnd } } }',
    );
    expect(cancel.body.data.cancelSubscription).toEqual({
      message: 'Subscription Canceled',
      subscription: { cancelAtPeriodEnd: true },
    });
    const waitlist = await gql('mutation { joinEliteWaitlist(email: "gql-elite@example.com") { message } }');
    expect(waitlist.body.data.joinEliteWaitlist.message).toBe(BillingMessages.waitlistJoined);
  });
});
