import { expect, test, type APIRequestContext } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { stackEnv } from './support/kit.js';

/**
 * Issue 6's journey, offline against the Stripe simulator: a free rider applies DOMESTIQUE90 on
 * /subscribe, pays on the simulator's hosted Checkout page, comes back Pro, opens Manage Billing,
 * cancels in the portal, and is back on Free when the period ends.
 */
const simulatorUrl = () => {
  const env = stackEnv();
  if (!env.STRIPE_SIM_PORT) throw new Error('The e2e stack has no Stripe simulator (STRIPE_SIM_PORT)');
  return `http://127.0.0.1:${env.STRIPE_SIM_PORT}`;
};

const tierOf = async (api: APIRequestContext) => {
  const answer = await api.get('/api/auth/user');
  expect(answer.ok()).toBe(true);
  return (await answer.json()) as { subscriptionTier: string; stripeCustomerId: string | null };
};

test('a free rider subscribes with DOMESTIQUE90, comes back Pro, manages billing and cancels', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const email = `billing-${randomUUID().slice(0, 8)}@example.com`;
  const registered = await page.request.post('/api/auth/register', {
    data: { email, password: 'pedal-hard-1', firstName: 'Marianne', lastName: 'Vos' },
  });
  expect(registered.status()).toBe(201);
  expect((await tierOf(page.request)).subscriptionTier).toBe('free');

  await page.goto('/subscribe');
  await expect(page.getByRole('heading', { level: 1, name: 'Choose Your Plan' })).toBeVisible();
  const pro = page.getByRole('article', { name: /Pro/ });
  await expect(pro.getByText('MOST POPULAR')).toBeVisible();
  await expect(
    page.getByRole('article', { name: /Elite/ }).getByRole('button', { name: 'Coming Soon - Get Notified' }),
  ).toBeDisabled();

  const promo = page.getByRole('textbox', { name: 'Promo code' });
  await promo.fill('domestique90');
  await expect(promo).toHaveValue('DOMESTIQUE90');
  await promo.press('Enter');
  await expect(page.getByText('Promo Code Applied!')).toBeVisible();
  await expect(page.getByText('90% OFF', { exact: true })).toBeVisible();
  await expect(pro.getByText('$10', { exact: true })).toBeVisible();
  await expect(pro.getByText('Save $89/month')).toBeVisible();

  await pro.getByRole('button', { name: 'Subscribe to Pro' }).click();
  await page.waitForURL(/\/c\/pay\/cs_test_/);
  await expect(page.getByRole('heading', { name: 'Subscribe to Domestique Pro' })).toBeVisible();
  await expect(page.getByText('$9.90')).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await page.getByRole('button', { name: 'Pay' }).click();

  await page.waitForURL(/\/subscribe\?checkout=success&session_id=cs_test_/);
  await expect(page.getByText('Welcome to Pro!')).toBeVisible({ timeout: 30_000 });
  const afterCheckout = await tierOf(page.request);
  expect(afterCheckout.subscriptionTier).toBe('pro');
  expect(afterCheckout.stripeCustomerId).toMatch(/^cus_/);
  const me = await page.evaluate(async () => {
    const answer = await fetch('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        query: '{ me { subscriptionTier } mySubscription { status cancelAtPeriodEnd } }',
      }),
    });
    return answer.json() as Promise<{ data: { me: { subscriptionTier: string }; mySubscription: unknown } }>;
  });
  expect(me.data.me.subscriptionTier).toBe('pro');
  expect(me.data.mySubscription).toEqual({ status: 'active', cancelAtPeriodEnd: false });

  const [portal] = await Promise.all([
    context.waitForEvent('page'),
    pro.getByRole('button', { name: 'Manage Billing' }).click(),
  ]);
  await portal.waitForURL(/\/p\/session\/bps_/);
  await expect(portal.getByRole('heading', { name: 'Manage your subscription' })).toBeVisible();
  await expect(portal.getByText('Domestique Pro')).toBeVisible();
  await portal.getByRole('button', { name: 'Cancel plan' }).click();
  await expect(portal.getByTestId('subscription-status')).toHaveText(/^Cancels on /);
  await expect(portal.getByRole('link', { name: 'Return to Domestique' })).toHaveAttribute(
    'href',
    /\/profile$/,
  );
  await portal.close();

  // canceled at the period end: still Pro until Stripe ends the subscription
  await expect
    .poll(async () => {
      const answer = await page.request.get('/api/subscription');
      return ((await answer.json()) as { cancelAtPeriodEnd?: boolean } | null)?.cancelAtPeriodEnd;
    })
    .toBe(true);
  expect((await tierOf(page.request)).subscriptionTier).toBe('pro');

  const sim = simulatorUrl();
  const events = (await (await fetch(`${sim}/_sim/events?type=customer.subscription.created`)).json()) as {
    data: { objectId: string; delivered: boolean }[];
  };
  const subscriptionId = events.data.at(-1)!.objectId;
  const advanced = await fetch(`${sim}/_sim/subscriptions/${subscriptionId}/advance`, { method: 'POST' });
  expect(advanced.status).toBe(200);
  await expect
    .poll(async () => (await tierOf(page.request)).subscriptionTier, { timeout: 30_000 })
    .toBe('free');

  await page.goto('/subscribe');
  await expect(
    page.getByRole('article', { name: /Pro/ }).getByRole('button', { name: 'Subscribe to Pro' }),
  ).toBeEnabled();
});

test('the landing shows the promo banner, the pricing cards and takes the Elite waitlist', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByTestId('promo-code')).toHaveText('DOMESTIQUE90');
  await expect(page.getByRole('link', { name: 'Start Your Journey' })).toHaveAttribute('href', '/api/login');
  const pricing = page.getByRole('region', { name: 'Simple, transparent pricing' });
  await expect(pricing.getByRole('article', { name: /Free/ }).getByText('$0')).toBeVisible();
  await expect(pricing.getByRole('article', { name: /Pro/ }).getByText('$99')).toBeVisible();
  const elite = pricing.getByRole('article', { name: /Elite/ });
  await expect(elite.getByText('$199')).toBeVisible();
  await expect(elite.getByRole('button', { name: 'Coming Soon' })).toBeDisabled();

  await elite.getByRole('button', { name: 'Get Notified' }).click();
  const dialog = page.getByRole('dialog', { name: 'Get Notified About Elite Plan' });
  await dialog
    .getByRole('textbox', { name: 'Email' })
    .fill(`  Elite-${randomUUID().slice(0, 6)}@Example.com `);
  await dialog.getByRole('button', { name: 'Notify Me' }).click();
  await expect(page.getByText("You're on the list!")).toBeVisible();
  await expect(dialog).toBeHidden();
});
