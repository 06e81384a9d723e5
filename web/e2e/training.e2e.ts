import { expect, test, type Page } from '@playwright/test';
import type { TrainingLoadDayDto } from '@domestique/proto';
import { connectAndSync, streamsFetched, withDb } from './support/kit.js';
import {
  expectChartTextsInside,
  expectNoSidewaysScroll,
  recordConsoleErrors,
  SCREEN_SIZES,
} from './support/layout.js';
import { changeRiderTier, registerRider } from './support/riders.js';

/**
 * Issue 22's journeys in Chromium, on a phone and a laptop: a Pro rider sees fitness, fatigue and
 * form since their first ride, their power curve with CP, W' and an FTP estimate, and seven days of
 * sessions (on /training and on the dashboard); a free rider finds each of them locked with the
 * upgrade prompt, and the server refuses them too. Screenshots land in test-results/screenshots/.
 */
const SCREENSHOTS = 'test-results/screenshots';

const firstRideDay = (userId: string) =>
  withDb(
    async (db) =>
      (
        await db.query<{ day: string }>(
          `SELECT to_char(min(start_date) AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day FROM rides.rides WHERE user_id = $1`,
          [userId],
        )
      ).rows[0]!.day,
  );

/** The training screen's three sections. */
const sections = (page: Page) => ({
  load: page.getByRole('region', { name: 'Training load' }),
  curve: page.getByRole('region', { name: 'Power curve' }),
  week: page.getByRole('region', { name: 'Next 7 days' }),
});

test('a pro rider sees load since the first ride, the power curve with its model and the week ahead', async ({
  page,
}) => {
  test.setTimeout(420_000);
  const rider = await registerRider(page, { prefix: 'training', firstName: 'Tara', lastName: 'Ining' });
  // a commuter rides without a power meter: the power curve needs one
  await connectAndSync(page, 8, (athlete) => athlete.profile !== 'commuter');
  await streamsFetched(rider.userId);
  await changeRiderTier(page, rider, 'pro');
  const errors = recordConsoleErrors(page);

  for (const size of SCREEN_SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.goto('/training');
    await expect(page).toHaveTitle('Training - Domestique');
    await expect(page.getByRole('heading', { level: 1, name: 'Training' })).toBeVisible();
    const { load, curve, week } = sections(page);

    // the whole history: its first day is no later than the first ride
    const answered = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/api/training/load' && !new URL(r.url()).searchParams.has('from'),
    );
    await load.getByRole('radiogroup', { name: 'Range' }).locator('label', { hasText: 'All' }).click();
    const days = (await (await answered).json()) as TrainingLoadDayDto[];
    expect(days.length).toBeGreaterThan(1);
    expect(days[0]!.date <= (await firstRideDay(rider.userId))).toBe(true);
    expect(days.some((d) => d.load > 0)).toBe(true);
    for (const label of ['Fitness (CTL)', 'Fatigue (ATL)', 'Form (TSB)', 'Ramp rate'])
      await expect(load.getByText(label, { exact: true }).first()).toBeVisible();
    await expect(load.getByTestId('fitness-chart').locator('svg path').first()).toBeVisible();
    await expect(load.getByTestId('form-chart').locator('[data-band]').first()).toBeAttached();
    await expect(load.getByRole('list', { name: 'Form bands' }).getByRole('listitem')).toHaveCount(5);
    await expect(load.getByTestId('weekly-load-chart').locator('svg rect').first()).toBeVisible();
    await expect(load.getByTestId('weekly-hours-chart').locator('svg rect').first()).toBeVisible();

    // the keyboard moves the range: from All, the left arrow picks 1 year
    await load.getByRole('radio', { name: /All/ }).focus();
    const yearAsked = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/api/training/load' && new URL(r.url()).searchParams.has('from'),
    );
    await page.keyboard.press('ArrowLeft');
    expect((await yearAsked).ok()).toBe(true);
    await expect(load.getByRole('radio', { name: /^(1 year|1 yr)$/ })).toBeChecked();

    // the power curve over the last year, with the model's CP, W' and FTP estimate
    await curve.getByRole('radiogroup', { name: 'Period' }).locator('label', { hasText: 'year' }).click();
    for (const label of ['Critical power (CP)', "W' (anaerobic capacity)", 'FTP estimate']) {
      const stat = curve.getByText(label, { exact: true }).locator('..');
      await expect(stat).toContainText(/\d+(\.\d)? (W|kJ)/);
    }
    await expect(curve.getByTestId('rider-power-curve-chart').locator('svg path').first()).toBeVisible();
    const bottomAxis = await curve
      .getByTestId('rider-power-curve-chart')
      .locator('svg text')
      .allTextContents();
    expect(bottomAxis).toEqual(expect.arrayContaining(['1m', '5m']));
    const effort = curve.getByRole('table').getByRole('link').first();
    await expect(effort).toHaveAttribute('href', /^\/rides\/[^/]+$/);

    // seven days of sessions, each with why it is there
    await expect(
      week.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3 }) }),
    ).toHaveCount(7, { timeout: 20_000 });
    await expect(week.getByTestId('workout-profile').first()).toBeVisible();

    await expectNoSidewaysScroll(page);
    await expectChartTextsInside(page.locator('main svg[role="img"]'));
    await page.screenshot({ path: `${SCREENSHOTS}/training-pro-${size.name}.png`, fullPage: true });
  }

  // a point's ride opens from the efforts table
  const { curve } = sections(page);
  await curve.getByRole('table').getByRole('link').first().click();
  await expect(page).toHaveURL(/\/rides\/[^/]+$/);

  // the dashboard shows the week ahead too
  await page.goto('/dashboard');
  await expect(sections(page).week.getByRole('heading', { level: 3 }).first()).toBeVisible({
    timeout: 20_000,
  });
  expect(errors).toEqual([]);
});

test('a free rider finds the training screens locked with the upgrade prompt', async ({ page }) => {
  await registerRider(page, { prefix: 'training-free', firstName: 'Fred', lastName: 'Free' });
  for (const size of SCREEN_SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    const asked: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (/^\/api\/(training|power)\//.test(pathname)) asked.push(pathname);
    });
    await page.goto('/training');
    const { load, curve, week } = sections(page);
    await expect(load.getByText('Training load is a Pro feature')).toBeVisible();
    await expect(curve.getByText('The power curve is a Pro feature')).toBeVisible();
    await expect(week.getByText('Training recommendations are a Pro feature')).toBeVisible();
    for (const section of [load, curve, week])
      await expect(section.getByRole('link', { name: 'Upgrade to Pro' })).toHaveAttribute(
        'href',
        '/subscribe',
      );
    expect(asked).toEqual([]);
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: `${SCREENSHOTS}/training-free-${size.name}.png`, fullPage: true });
  }
  // the server refuses them too, with a message
  for (const path of ['/api/training/load', '/api/power/curve', '/api/training/recommendations']) {
    const answer = await page.request.get(path);
    expect(answer.status(), path).toBe(403);
    expect(((await answer.json()) as { message?: string }).message).toMatch(/Pro/);
  }
  // and the dashboard's card is locked the same way
  await page.goto('/dashboard');
  await expect(sections(page).week.getByRole('link', { name: 'Upgrade to Pro' })).toHaveAttribute(
    'href',
    '/subscribe',
  );
});
