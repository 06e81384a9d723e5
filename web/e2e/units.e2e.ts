import type { RideDto } from '@domestique/proto';
import { expect, test, type Page } from '@playwright/test';
import { connectAndSync, streamsFetched } from './support/kit.js';
import { expectNoSidewaysScroll, SCREEN_SIZES } from './support/layout.js';
import { registerRider } from './support/riders.js';

/**
 * Issue 20's units in Chromium, at a phone's and a laptop's width: a new rider with synced rides
 * switches to metric in the profile and sees km (m, km/h) on the dashboard, the rides list, a goal
 * and the ride page, with no imperial unit left on those screens.
 */

/** An imperial unit after a number or in a label: "24.85 mi", "(ft)", "19.01 mph". */
const IMPERIAL_UNIT = /(\d\s*|\()(mi|ft|mph)\b/;

const expectNoImperialUnits = async (page: Page) => {
  const text = (await page.getByRole('main').innerText()).replace(/\s+/g, ' ');
  expect(text, 'no imperial unit left on the screen').not.toMatch(IMPERIAL_UNIT);
};

/** metres -> "40.00", the number of km the screens write */
const km = (metres: number) =>
  `${new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(metres / 1000)}`;

test('a rider switches to metric and sees km on the dashboard, rides, goals and the ride page', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const { userId } = await registerRider(page, { prefix: 'units', firstName: 'Uma', lastName: 'Metric' });
  await connectAndSync(page, 4);
  await streamsFetched(userId);
  const rides = (await (await page.request.get('/api/rides?limit=5')).json()) as RideDto[];
  const latest = rides[0]!;

  // Imperial is the default: the dashboard shows miles
  await page.goto('/dashboard');
  await expect.poll(() => page.getByRole('main').innerText()).toMatch(/\d\s*mi\b/);

  // The profile: Units, saved as soon as it is chosen
  await page.goto('/profile');
  const units = page.getByRole('combobox', { name: 'Units' });
  await expect(units).toHaveValue('imperial');
  await units.selectOption('metric');
  await expect(page.getByText('Units Updated', { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Units' })).toHaveValue('metric');

  // A goal, entered in km (kept in the API's miles) and shown in km
  await page.goto('/goals');
  await page.getByRole('button', { name: 'Create Your First Goal' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Goal' });
  await expect(dialog.getByRole('combobox', { name: 'Goal Type' })).toContainText('Distance (kilometres)');
  await dialog.getByLabel('Goal Title').fill('Metric century');
  await dialog.getByLabel('Target (km)').fill('100');
  await dialog.getByLabel('Target Date').fill('2099-12-31');
  await dialog.getByRole('button', { name: 'Create Goal' }).click();
  await expect(page.getByText('Goal Created', { exact: true })).toBeVisible();
  const goal = page.getByRole('article', { name: 'Metric century' });
  await expect(goal).toContainText(/Progress: [\d,.]+ \/ 100(\.0\d?)? km/);
  const saved = (await (await page.request.get('/api/goals')).json()) as { targetValue: number }[];
  expect(saved[0]!.targetValue).toBeCloseTo(62.14, 1);

  for (const size of SCREEN_SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });

    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: latest.name }).first()).toBeVisible();
    await expect(page.getByRole('main')).toContainText(km(latest.distance));
    await expect(page.getByRole('main')).toContainText('km/h');
    await expectNoImperialUnits(page);
    await expectNoSidewaysScroll(page);

    await page.goto('/rides');
    await expect(page.getByRole('article').first()).toContainText(km(latest.distance));
    await page.getByRole('button', { name: /Filters/ }).click();
    await expect(page.getByLabel('Min distance (km)')).toBeVisible();
    await expectNoImperialUnits(page);
    await expectNoSidewaysScroll(page);

    await page.goto('/goals');
    await expect(page.getByRole('article', { name: 'Metric century' })).toContainText(' km');
    await expectNoImperialUnits(page);

    await page.goto(`/rides/${latest.id}`);
    await expect(page.getByRole('heading', { level: 1, name: latest.name })).toBeVisible();
    await expect(page.getByRole('main')).toContainText(km(latest.distance));
    // the charts against distance: the axis in km
    await page.getByRole('button', { name: 'Distance', exact: true }).click({ timeout: 30_000 });
    await expect(page.getByText('Distance (km).', { exact: false })).toBeVisible();
    await expectNoImperialUnits(page);
    await expectNoSidewaysScroll(page);
  }
});
