import { expect, type Page } from '@playwright/test';
import type { Tier } from '@domestique/proto';
import { randomUUID } from 'node:crypto';
import { setTierAsAdmin } from './admin.js';

export const RIDER_PASSWORD = 'pedal-hard-1';

/**
 * Creates a rider through the API in the page's browser context (so the page is signed in as them);
 * answers their id and email.
 */
export const registerRider = async (
  page: Page,
  { prefix, firstName, lastName }: { prefix: string; firstName: string; lastName: string },
): Promise<{ userId: string; email: string }> => {
  const email = `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
  const registered = await page.request.post('/api/auth/register', {
    data: { email, password: RIDER_PASSWORD, firstName, lastName },
  });
  expect(registered.status()).toBe(201);
  return { userId: ((await registered.json()) as { id: string }).id, email };
};

/**
 * Gives the page's rider `tier` the way the product does (the admin's tier change through the
 * gateway), waits until their account shows it, then signs them in afresh so the page's session
 * carries it whichever way the tier-changed event reached the gateway first.
 */
export const changeRiderTier = async (
  page: Page,
  { userId, email }: { userId: string; email: string },
  tier: Tier,
): Promise<void> => {
  await setTierAsAdmin(userId, tier);
  await expect
    .poll(
      async () =>
        ((await (await page.request.get('/api/auth/user')).json()) as { subscriptionTier?: string })
          .subscriptionTier,
    )
    .toBe(tier);
  await page.request.post('/api/auth/logout');
  const login = await page.request.post('/api/auth/login', { data: { email, password: RIDER_PASSWORD } });
  expect(login.ok()).toBe(true);
};
