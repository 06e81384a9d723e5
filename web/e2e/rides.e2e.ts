import { expect, test } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { isCyclingSportType } from '@domestique/proto/messages';
import { authorizeOnStrava, stravaSim as sim, withDb, type SimActivity, freeAthlete } from './support/kit.js';

/**
 * Issue 4's journey in Chromium: connect Strava through the simulator's authorize page, watch the
 * first import's progress, read the converted numbers on the dashboard and the rides page, then
 * disconnect and reconnect without duplicating a ride.
 */
const twoDecimals = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const miles = (metres: number) => twoDecimals.format(metres / 1609.34);
const feet = (metres: number) => twoDecimals.format(metres * 3.28084);
const mph = (speed: number) => twoDecimals.format(speed * 2.237);

test('a rider connects Strava, watches the import, reads the converted numbers, disconnects and reconnects', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const athlete = await freeAthlete(12);
  const activities = (await sim<SimActivity[]>(`/athletes/${athlete.id}/activities`)).filter((a) =>
    isCyclingSportType(a.sport_type),
  );
  const total = activities.length;
  const newest = activities[0]!;

  const registered = await page.request.post('/api/auth/register', {
    data: {
      email: `strava-${randomUUID().slice(0, 8)}@example.com`,
      password: 'pedal-hard-1',
      firstName: 'Ada',
      lastName: 'Climb',
    },
  });
  expect(registered.status()).toBe(201);
  const { id: userId } = (await registered.json()) as { id: string };

  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Welcome back, Ada!' })).toBeVisible();
  await expect(page.getByText('No rides yet')).toBeVisible();

  // Slow Strava down so the first import is long enough to watch.
  await sim('/faults/latency', { method: 'POST', body: JSON.stringify({ ms: 3000 }) });
  try {
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    await authorizeOnStrava(page, athlete);
    await expect(page).toHaveURL(/\/dashboard\?strava=connected$/, { timeout: 30_000 });
    await expect(page.getByText('Strava connected')).toBeVisible();
    await expect(page.getByRole('button', { name: /Syncing/ })).toBeVisible();
    await expect(page.getByText(/^Imported \d+ rides? \(\d+ activities checked\)$/)).toBeVisible({
      timeout: 45_000,
    });
  } finally {
    await sim('/faults/latency', { method: 'POST', body: JSON.stringify({ ms: 0 }) });
  }
  await expect(page.getByText('Sync Complete', { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText(`Synced ${total} new rides from Strava.`)).toBeVisible();

  // The dashboard: the latest ride and this week's totals, in miles.
  await expect(page.getByRole('heading', { name: newest.name })).toBeVisible();
  const latest = page.getByRole('region', { name: newest.name });
  await expect(latest.getByText(miles(newest.distance), { exact: true })).toBeVisible();
  await expect(latest.getByText(mph(newest.average_speed), { exact: true })).toBeVisible();
  const weekStart = await withDb(async (db) => {
    const { rows } = await db.query<{ start: Date }>(
      `SELECT date_trunc('week', now() AT TIME ZONE coalesce(p.time_zone, 'UTC')) AT TIME ZONE coalesce(p.time_zone, 'UTC') AS start
       FROM (SELECT $1::uuid AS user_id) u LEFT JOIN rides.rider_profiles p ON p.user_id = u.user_id`,
      [userId],
    );
    return rows[0]!.start;
  });
  const thisWeek = activities.filter((a) => new Date(a.start_date) >= weekStart);
  const weekMiles = twoDecimals.format(
    Math.round((thisWeek.reduce((sum, a) => sum + a.distance, 0) / 1609.34) * 100) / 100,
  );
  await expect(page.getByText('This Week').locator('..')).toContainText(weekMiles);

  // Sync again: nothing new.
  await page.getByRole('button', { name: 'Sync Rides' }).click();
  await expect(page.getByText('Your rides are up to date.')).toBeVisible({ timeout: 30_000 });

  // The rides page: 10 at a time, with the newest first and its numbers converted.
  await page.getByRole('link', { name: 'View Analysis' }).click();
  await expect(page).toHaveURL(/\/rides$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your Rides' })).toBeVisible();
  await expect(page.getByText(`Showing 10 of ${total} rides`)).toBeVisible();
  const card = page.getByRole('article', { name: newest.name });
  await expect(card.getByText(miles(newest.distance), { exact: true })).toBeVisible();
  await expect(card.getByText(mph(newest.average_speed), { exact: true })).toBeVisible();
  await expect(card.getByText(feet(newest.total_elevation_gain), { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Load More Rides' }).click();
  await expect(page.getByText(`Showing ${Math.min(20, total)} of ${total} rides`)).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(Math.min(20, total));

  // Disconnect (the Profile card does the same call): the rides stay, Connect comes back.
  const disconnected = await page.request.post('/api/strava/disconnect');
  expect(disconnected.status()).toBe(200);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: newest.name })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Connect Strava' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sync Rides' })).toHaveCount(0);

  // Reconnect: the same rides, none twice.
  await page.getByRole('button', { name: 'Connect Strava' }).click();
  await authorizeOnStrava(page, athlete);
  await expect(page).toHaveURL(/\/dashboard\?strava=connected$/, { timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Sync Rides' })).toBeEnabled({ timeout: 60_000 });
  await page.goto('/rides');
  await expect(page.getByText(`Showing 10 of ${total} rides`)).toBeVisible();
  const count = await withDb(async (db) => {
    const { rows } = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM rides.rides WHERE user_id = $1',
      [userId],
    );
    return rows[0]!.n;
  });
  expect(count).toBe(total);
});

test('cancelling on Strava comes back to the dashboard with the reason', async ({ page }) => {
  const registered = await page.request.post('/api/auth/register', {
    data: {
      email: `cancel-${randomUUID().slice(0, 8)}@example.com`,
      password: 'pedal-hard-1',
      firstName: 'Bo',
      lastName: 'Back',
    },
  });
  expect(registered.status()).toBe(201);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page).toHaveURL(/\/oauth\/authorize\?/);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/dashboard\?strava=denied&reason=cancelled$/);
  await expect(page.getByText('Strava was not connected')).toBeVisible();
  await expect(
    page.getByText('You cancelled the Strava authorization, so nothing was connected.'),
  ).toBeVisible();
  await expect(page.getByText('No rides yet')).toBeVisible();
});
