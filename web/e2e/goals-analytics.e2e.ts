import { expect, test, type Page } from '@playwright/test';
import { isCyclingSportType } from '@domestique/proto/messages';
import {
  authorizeOnStrava,
  stravaSim,
  streamsFetched,
  withDb,
  type SimActivity,
  type SimAthlete,
  freeAthlete,
} from './support/kit.js';
import { changeRiderTier, registerRider } from './support/riders.js';

/**
 * Issue 7's journeys in Chromium: goals that count synced rides (create, edit, delete), the three
 * analytics tabs drawing real charts, and the dashboard's Performance Trends locked for free riders
 * and drawn for pro riders. Screenshots land in test-results/screenshots/.
 */
const SCREENSHOTS = 'test-results/screenshots';
const twoDecimals = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Connects the rider to a simulator athlete no one has connected yet and waits for the first import. */
const connectAndSync = async (
  page: Page,
  userId: string,
): Promise<{ athlete: SimAthlete; rides: number }> => {
  const athlete = await freeAthlete(12);
  const rides = (await stravaSim<SimActivity[]>(`/athletes/${athlete.id}/activities`)).filter((a) =>
    isCyclingSportType(a.sport_type),
  ).length;
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await authorizeOnStrava(page, athlete);
  await expect(page).toHaveURL(/\/dashboard\?strava=connected$/, { timeout: 30_000 });
  await expect.poll(() => rideCount(userId), { timeout: 90_000 }).toBe(rides);
  return { athlete, rides };
};

const rideCount = (userId: string) =>
  withDb(
    async (db) =>
      (
        await db.query<{ n: number }>('SELECT count(*)::int AS n FROM rides.rides WHERE user_id = $1', [
          userId,
        ])
      ).rows[0]!.n,
  );

test('goals count synced rides; analytics tabs draw charts; trends locked for free and drawn for pro', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const { userId, email } = await registerRider(page, {
    prefix: 'goals',
    firstName: 'Gia',
    lastName: 'Goals',
  });

  // Goals: the empty state, the spec's modal and its required-fields rule.
  await page.goto('/goals');
  await expect(page.getByRole('heading', { level: 1, name: 'Your Goals' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No Goals Yet' })).toBeVisible();
  await page.getByRole('button', { name: 'Create Your First Goal' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Goal' });
  await dialog.getByLabel('Goal Title').fill('Ride 30 miles');
  await dialog.getByRole('button', { name: 'Create Goal' }).click();
  await expect(dialog.getByText('Please fill in all required fields')).toBeVisible();
  await expect(dialog.getByRole('combobox', { name: 'Goal Type' })).toHaveValue('distance');
  await dialog.getByLabel('Target (miles)').fill('30');
  await dialog.getByLabel('Target Date').fill(isoDate(Date.now() + 30 * 86_400_000));
  await dialog.getByRole('button', { name: 'Create Goal' }).click();
  await expect(page.getByText('Goal Created', { exact: true })).toBeVisible();
  await expect(page.getByText('Your new goal has been set successfully!')).toBeVisible();
  const card = page.getByRole('article', { name: 'Ride 30 miles' });
  await expect(card.getByText('Progress: 0 / 30 miles')).toBeVisible();

  // Strava: the history is older than the goal, so it does not count.
  const { athlete, rides } = await connectAndSync(page, userId);
  const [goalCreated] = await withDb(
    async (db) =>
      (
        await db.query<{ created: Date }>(
          'SELECT created_at AS created FROM rides.goals WHERE user_id = $1',
          [userId],
        )
      ).rows,
  );
  await page.goto('/goals');
  await expect(card.getByText('Progress: 0 / 30 miles')).toBeVisible();

  // A ride after the goal was set: imported (webhook or sync), the goal moves on its own.
  const { activity } = await stravaSim<{ activity: SimActivity }>(`/athletes/${athlete.id}/activities`, {
    method: 'POST',
    body: JSON.stringify({
      sportType: 'Ride',
      workout: 'endurance',
      durationMinutes: 60,
      startDate: new Date(goalCreated!.created.getTime() + 1000).toISOString(),
      name: 'Goal ride',
    }),
  });
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Sync Rides' }).click();
  await expect.poll(() => rideCount(userId), { timeout: 30_000 }).toBe(rides + 1);
  // the goal counts the rides from its creation on (the new one among them), in miles
  const [imported] = await withDb(
    async (db) =>
      (
        await db.query<{ distance: number; included: boolean }>(
          `SELECT sum(r.distance_m) AS distance, bool_or(r.external_id = $2) AS included
         FROM rides.rides r JOIN rides.goals g USING (user_id)
         WHERE r.user_id = $1 AND r.start_date >= g.created_at`,
          [userId, String(activity.id)],
        )
      ).rows,
  );
  expect(imported!.included).toBe(true);
  const miles = Math.round((imported!.distance / 1609.34) * 100) / 100;
  await expect
    .poll(
      async () => {
        await page.goto('/goals');
        return card.getByText(/^Progress: /).textContent();
      },
      { timeout: 30_000 },
    )
    .toBe(`Progress: ${twoDecimals.format(miles)} / 30 miles`);
  await page.screenshot({ path: `${SCREENSHOTS}/goals-progress.png`, fullPage: true });

  // Edit: a target below the progress completes the goal.
  await card.getByRole('button', { name: 'Edit Ride 30 miles' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Goal' });
  await edit.getByLabel('Goal Title').fill('Ride 5 miles');
  await edit.getByLabel('Target (miles)').fill('5');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Goal Updated', { exact: true })).toBeVisible();
  const edited = page.getByRole('article', { name: 'Ride 5 miles' });
  await expect(edited.getByText('Completed').first()).toBeVisible();
  await expect(edited.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');

  // Delete, after confirming.
  await edited.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete this goal?' });
  await confirm.getByRole('button', { name: 'Delete Goal' }).click();
  await expect(page.getByText('Goal Deleted', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No Goals Yet' })).toBeVisible();

  // Lifetime analytics: the cards, and a drawn chart in each tab. Zone times come from the streams,
  // which the import fetches after the rides: wait for the last of them.
  await streamsFetched(userId);
  await page.goto('/analytics');
  await expect(page.getByRole('heading', { level: 1, name: 'Lifetime Analytics' })).toBeVisible();
  const totalRides = page.getByText('Total Rides').locator('..');
  await expect(totalRides).toContainText(String(rides + 1));
  const progress = page.getByRole('tabpanel', { name: 'Progress Trends' });
  await expect(progress.locator('svg path').first()).toBeVisible();
  await expect(progress.getByText('Distance (mi)')).toBeVisible();
  await expect(progress.getByText('Speed (mph)')).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}/analytics-progress.png`, fullPage: true });

  await page.getByRole('tab', { name: 'Power Zones' }).click();
  const zones = page.getByRole('tabpanel', { name: 'Power Zones' });
  await expect(zones.getByRole('heading', { name: /Time in (power|heart-rate) zones/ })).toBeVisible();
  await expect(zones.locator('svg rect').first()).toBeVisible();
  await expect(zones.getByText('Time (hours)')).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}/analytics-zones.png`, fullPage: true });

  await page.getByRole('tab', { name: 'Performance' }).click();
  const load = page.getByRole('tabpanel', { name: 'Performance' });
  await expect(load.locator('svg path').first()).toBeVisible();
  // feet and minutes each on their own axis (screens.e2e.ts checks this at both screen sizes)
  await expect(load.getByText('Elevation (ft)')).toBeVisible();
  await expect(load.getByText('Time (min)')).toBeVisible();
  // a tooltip names the week and the value with its unit
  const plot = load.locator('svg').first();
  const box = (await plot.boundingBox())!;
  await page.mouse.move(box.x + box.width - 40, box.y + box.height / 2);
  await expect(page.getByText(/^Week of /)).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}/analytics-performance.png`, fullPage: true });
  await expect(page.getByRole('heading', { name: 'Understanding Your Analytics' })).toBeVisible();
  await expect(page.getByText("How you're doing").first()).toBeVisible();

  // A phone: the charts still fit the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('tab', { name: 'Progress Trends' }).click();
  const phoneChart = page.getByRole('tabpanel', { name: 'Progress Trends' }).locator('svg').first();
  await expect(phoneChart).toBeVisible();
  expect((await phoneChart.boundingBox())!.width).toBeLessThanOrEqual(390);
  await page.screenshot({ path: `${SCREENSHOTS}/analytics-phone.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 720 });

  // Dashboard trends: locked for a free rider (and the server refuses them too) ...
  await page.goto('/dashboard');
  const trends = page.getByRole('region', { name: 'Performance Trends' });
  await expect(trends.getByText('Performance trends are a Pro feature')).toBeVisible();
  await expect(trends.getByRole('link', { name: 'Upgrade to Pro' })).toHaveAttribute('href', '/subscribe');
  expect((await page.request.get('/api/performance/trends')).status()).toBe(403);
  await trends.screenshot({ path: `${SCREENSHOTS}/dashboard-trends-free.png` });

  // ... and drawn, with the three improvements, for a pro rider.
  await changeRiderTier(page, { userId, email }, 'pro');
  const answer = await page.request.get('/api/performance/trends');
  expect(answer.status()).toBe(200);
  const body = (await answer.json()) as { trends: unknown[] };
  expect(body.trends).toHaveLength(12);
  await page.goto('/dashboard');
  await expect(trends.getByText('Performance trends are a Pro feature')).toHaveCount(0);
  await expect(trends.locator('svg path').first()).toBeVisible({ timeout: 20_000 });
  await expect(trends.getByText('Heart-rate efficiency')).toBeVisible();
  await expect(trends.getByText('Cadence consistency')).toBeVisible();
  await trends.screenshot({ path: `${SCREENSHOTS}/dashboard-trends-pro.png` });
});
