import { expect, test, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { adminApi } from './support/admin.js';
import { stackEnv } from './support/kit.js';
import {
  SCREEN_SIZES,
  expectNoSidewaysScroll,
  expectTextNotCut,
  expectWithinWindowWidth,
  recordConsoleErrors,
} from './support/layout.js';

/**
 * Issue 19's admin screen defects, at a phone's and a laptop's size: /admin fits the window with
 * Logout wholly on screen and working, and the stat cards follow a user deletion without a reload.
 */

const STAT_CARDS = ['Total Users', 'Pro Subscribers', 'Elite Subscribers', 'Monthly Revenue'] as const;

/** Signs this page's browser in as the stack's admin and opens /admin with its figures loaded. */
const openAdmin = async (page: Page) => {
  const { ADMIN_USERNAME, ADMIN_PASSWORD } = stackEnv();
  const login = await page.request.post('/api/admin/login', {
    data: { username: ADMIN_USERNAME, password: ADMIN_PASSWORD },
  });
  expect(login.ok(), `admin sign-in: ${login.status()}`).toBe(true);
  await page.goto('/admin');
  await expect(page.getByText('Admin Panel', { exact: true }).first()).toBeVisible();
  for (const label of STAT_CARDS) await expect(page.getByLabel(label, { exact: true })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Users' })).toHaveAttribute('aria-busy', 'false');
};

/** Makes a new user PRO as the admin: billing learns of them from an event, so until it has, ask again. */
const makePro = async (userId: string) => {
  const admin = await adminApi();
  const setPro = async () =>
    (await admin.patch(`/api/admin/users/${userId}`, { data: { subscriptionTier: 'pro' } })).ok();
  try {
    await expect.poll(setPro, { timeout: 20_000 }).toBe(true);
  } finally {
    await admin.dispose();
  }
};

/** The number a stat card shows. */
const cardNumber = async (page: Page, label: string): Promise<number> =>
  Number((await page.getByLabel(label, { exact: true }).innerText()).replace(/[^\d.]/g, ''));

for (const size of SCREEN_SIZES) {
  const viewport = { width: size.width, height: size.height };
  const at = `${size.width}x${size.height}`;

  test.describe(`/admin at ${at}`, () => {
    test.use({ viewport });

    test('fits the window: no sideways scroll, the header and Logout wholly inside, Logout works', async ({
      page,
    }) => {
      const errors = recordConsoleErrors(page);
      await openAdmin(page);
      const header = page.getByRole('banner');
      const logout = header.getByRole('button', { name: 'Logout' });
      await expectNoSidewaysScroll(page);
      await expectWithinWindowWidth(page, header.getByText('Admin Panel', { exact: true }));
      await expectWithinWindowWidth(page, logout);
      await expectTextNotCut(logout);
      await expectWithinWindowWidth(page, page.getByRole('tab'));
      for (const label of STAT_CARDS)
        await expectWithinWindowWidth(page, page.getByLabel(label, { exact: true }));

      await page.getByRole('tab', { name: 'Promo Codes' }).click();
      await expect(page.getByRole('tabpanel', { name: 'Promo Codes' })).toBeVisible();
      await expectNoSidewaysScroll(page);

      // usable: the click lands on Logout itself (nothing covers it) and ends the admin session
      await logout.click();
      await expect(page.getByText('Logged Out', { exact: true })).toBeVisible();
      await expect(page).toHaveURL(/\/admin-login$/);
      expect((await page.request.get('/api/admin/auth')).ok()).toBe(true);
      expect(await (await page.request.get('/api/admin/auth')).json()).toEqual({ isAdmin: false });
      expect(errors).toEqual([]);
    });

    test('the stat cards follow a user deletion without a reload', async ({ page }) => {
      test.setTimeout(90_000);
      // a PRO rider, so that both Total Users and Pro Subscribers must go down
      const suffix = randomUUID().slice(0, 8);
      const rider = {
        email: `admin-screens-${suffix}@example.com`,
        password: 'pedal-hard-1',
        firstName: 'Alfonsina',
        lastName: `Strada${suffix}`,
      };
      const registered = await page.request.post('/api/auth/register', { data: rider });
      expect(registered.status()).toBe(201);
      const { id } = (await registered.json()) as { id: string };
      await makePro(id);
      await page.context().clearCookies();

      await openAdmin(page);
      const totalBefore = await cardNumber(page, 'Total Users');
      const proBefore = await cardNumber(page, 'Pro Subscribers');
      const eliteBefore = await cardNumber(page, 'Elite Subscribers');
      expect(proBefore).toBeGreaterThanOrEqual(1);
      // a mark on this document: it is gone if the page is reloaded
      await page.evaluate(() => ((window as { notReloaded?: boolean }).notReloaded = true));

      await page.getByLabel('Search users').fill(rider.email);
      const rows = page.getByRole('table', { name: 'Users' }).getByRole('row');
      await expect(rows).toHaveCount(2);
      await rows.nth(1).getByRole('button', { name: 'Delete' }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Delete User' });
      await expect(confirm).toContainText(`${rider.firstName} ${rider.lastName}`);
      await confirm.getByRole('button', { name: 'Delete User' }).click();
      await expect(page.getByText('User Deleted', { exact: true })).toBeVisible();

      await expect(page.getByLabel('Total Users', { exact: true })).toHaveText(
        (totalBefore - 1).toLocaleString('en-US'),
        { timeout: 30_000 },
      );
      await expect(page.getByLabel('Pro Subscribers', { exact: true })).toHaveText(
        (proBefore - 1).toLocaleString('en-US'),
      );
      await expect(page.getByLabel('Elite Subscribers', { exact: true })).toHaveText(
        eliteBefore.toLocaleString('en-US'),
      );
      // the figures shown are the server's once every service has purged the rider
      await expect(page.getByText(`${rider.email} has been removed from every service.`)).toBeVisible({
        timeout: 30_000,
      });
      const stats = (await (await page.request.get('/api/admin/stats')).json()) as {
        totalUsers: number;
        proUsers: number;
      };
      await expect(page.getByLabel('Total Users', { exact: true })).toHaveText(
        stats.totalUsers.toLocaleString('en-US'),
      );
      await expect(page.getByLabel('Pro Subscribers', { exact: true })).toHaveText(
        stats.proUsers.toLocaleString('en-US'),
      );
      expect(await page.evaluate(() => (window as { notReloaded?: boolean }).notReloaded)).toBe(true);
    });
  });
}
