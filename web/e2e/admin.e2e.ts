import { expect, test, type Browser, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { baseURL, stackEnv, withDb } from './support/kit.js';

/**
 * Issue 8's journey in Chromium through the real gateway and services: the admin signs in, finds a
 * rider by name, makes them PRO (the rider sees it after a reload), creates and deletes a promo
 * code, and deletes the rider (their session ends, their rides are gone).
 */
const ridesOf = (userId: string) =>
  withDb(async (db) => {
    const { rows } = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM rides.rides WHERE user_id = $1',
      [userId],
    );
    return rows[0]!.n;
  });

/** A rider with their own browser, two rides (one analysed) already imported. */
const newRiderWithRides = async (browser: Browser) => {
  const suffix = randomUUID().slice(0, 6);
  const rider = {
    email: `admin-e2e-${suffix}@example.com`,
    password: 'pedal-hard-1',
    firstName: 'Greta',
    lastName: `Rider${suffix}`,
  };
  const page = await browser.newPage({ baseURL: baseURL() });
  const answer = await page.request.post('/api/auth/register', { data: rider });
  expect(answer.status()).toBe(201);
  const { id } = (await answer.json()) as { id: string };
  await withDb(async (db) => {
    for (const [index, analysed] of [true, false].entries()) {
      await db.query(
        `INSERT INTO rides.rides (user_id, source, external_id, name, start_date, has_ai_feedback)
         VALUES ($1, 'demo', $2, 'Lunch Ride', now() - ($3 || ' days')::interval, $4)`,
        [id, randomUUID(), String(index + 1), analysed],
      );
    }
  });
  return { ...rider, id, page, fullName: `${rider.firstName} ${rider.lastName}` };
};

const signInAsAdmin = async (page: Page) => {
  const { ADMIN_USERNAME, ADMIN_PASSWORD } = stackEnv();
  await page.goto('/admin-login');
  await page.getByLabel('Username').fill(ADMIN_USERNAME!);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD!);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByText('Admin Panel', { exact: true }).first()).toBeVisible();
};

test('an admin runs users and promo codes from /admin', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const rider = await newRiderWithRides(browser);
  await signInAsAdmin(page);

  // the four stat cards
  for (const label of ['Total Users', 'Pro Subscribers', 'Elite Subscribers', 'Monthly Revenue'])
    await expect(page.getByLabel(label, { exact: true })).toBeVisible();
  await expect(page.getByLabel('Monthly Revenue', { exact: true })).toHaveText(/^\$[\d,.]+$/);

  // find the rider by name (case-insensitive): one row, their counts
  await page.getByLabel('Search users').fill(rider.fullName.toUpperCase());
  const rows = page.getByRole('table', { name: 'Users' }).getByRole('row');
  await expect(rows).toHaveCount(2);
  const row = rows.nth(1);
  await expect(row.getByText(rider.fullName)).toBeVisible();
  await expect(row.getByText(rider.email)).toBeVisible();
  await expect(row.getByRole('cell').nth(1)).toHaveText('FREE');
  await expect(row.getByRole('cell').nth(2)).toHaveText('2');
  await expect(row.getByRole('cell').nth(3)).toHaveText('1');
  await page.getByLabel('Filter by tier').selectOption('pro');
  await expect(page.getByText('No users found matching your criteria')).toBeVisible();
  await page.getByLabel('Filter by tier').selectOption('all');

  // PRO: the admin sees it at once, the rider after a reload
  await row.getByLabel(`Subscription tier for ${rider.fullName}`).selectOption('pro');
  await expect(page.getByText('User Updated', { exact: true })).toBeVisible();
  await expect(row.getByRole('cell').nth(1)).toHaveText('PRO');
  await expect
    .poll(
      async () => {
        await rider.page.goto('/dashboard');
        await rider.page.getByRole('button', { name: rider.fullName }).click();
        const pro = await rider.page.getByRole('menu').getByText('PRO', { exact: true }).isVisible();
        await rider.page.keyboard.press('Escape');
        return pro;
      },
      { timeout: 20_000 },
    )
    .toBe(true);

  // a promo code: the required fields, then create and delete
  await page.getByRole('tab', { name: 'Promo Codes' }).click();
  const create = page.getByRole('button', { name: /^Create (Your First )?Promo Code$/ });
  await create.first().click();
  const dialog = page.getByRole('dialog', { name: 'Create Promo Code' });
  await dialog.getByRole('button', { name: 'Create Promo Code' }).click();
  await expect(page.getByText('Validation Error', { exact: true })).toBeVisible();
  await expect(page.getByText('Please fill in all required fields.')).toBeVisible();
  const code = `E2E${randomUUID().slice(0, 6).toUpperCase()}`;
  await dialog.getByLabel('Code').fill(code.toLowerCase());
  await expect(dialog.getByLabel('Code')).toHaveValue(code);
  await dialog.getByLabel('Description').fill('Spring classics');
  await dialog.getByLabel('Discount Type').selectOption('percentage');
  await dialog.getByLabel('Discount Value').fill('25');
  await dialog.getByLabel('Valid From').fill('2026-01-01T00:00');
  await dialog.getByLabel('Valid Until').fill('2099-12-31T23:59');
  await dialog.getByLabel('Usage Limit').fill('50');
  await dialog.getByRole('button', { name: 'Create Promo Code' }).click();
  await expect(page.getByText('Promo Code Created', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  const promoRow = page.getByRole('row').filter({ hasText: code });
  await expect(promoRow).toContainText('Spring classics');
  await expect(promoRow).toContainText('25% OFF');
  await expect(promoRow).toContainText('0/50');
  await expect(promoRow).toContainText('ACTIVE');
  await promoRow.getByRole('button', { name: 'Delete' }).click();
  const confirmPromo = page.getByRole('alertdialog', { name: 'Delete Promo Code' });
  await expect(confirmPromo).toContainText(code);
  await confirmPromo.getByRole('button', { name: 'Delete Promo Code' }).click();
  await expect(page.getByText('Promo Code Deleted', { exact: true })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: code })).toHaveCount(0);

  // delete the rider: the dialog names them; their session ends and their rides go
  await page.getByRole('tab', { name: 'User Management' }).click();
  await page.getByLabel('Search users').fill(rider.email);
  await expect(rows).toHaveCount(2);
  await rows.nth(1).getByRole('button', { name: 'Delete' }).click();
  const confirmUser = page.getByRole('alertdialog', { name: 'Delete User' });
  await expect(confirmUser).toContainText(rider.fullName);
  await expect(confirmUser).toContainText('cannot be undone');
  await expect(confirmUser).toContainText('rides and AI feedback');
  await confirmUser.getByRole('button', { name: 'Delete User' }).click();
  await expect(page.getByText('User Deleted', { exact: true })).toBeVisible();
  await expect(page.getByText('No users found matching your criteria')).toBeVisible();
  await expect(page.getByText(`${rider.email} has been removed from every service.`)).toBeVisible({
    timeout: 20_000,
  });

  await expect
    .poll(async () => (await rider.page.request.get('/api/auth/user')).status(), { timeout: 20_000 })
    .toBe(401);
  await rider.page.goto('/dashboard');
  await expect(rider.page).toHaveURL(/\/$/);
  await expect.poll(() => ridesOf(rider.id), { timeout: 20_000 }).toBe(0);
  await page.reload();
  await page.getByLabel('Search users').fill(rider.email);
  await expect(page.getByText('No users found matching your criteria')).toBeVisible();
  await rider.page.close();
});
