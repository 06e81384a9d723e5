import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { baseURL, connectAndSync } from './support/kit.js';
import {
  SCREEN_SIZES,
  chartTexts,
  expectChartTextsInside,
  expectNoSidewaysScroll,
  expectTextNotCut,
  expectWithinWindowWidth,
  recordConsoleErrors,
} from './support/layout.js';
import { changeRiderTier, registerRider } from './support/riders.js';

/**
 * Issue 19's screen defects, each checked on a phone (375x812) and a laptop (1280x800): nothing
 * scrolls sideways, chart legends are whole and every unit has its own axis, an empty analytics page
 * says so instead of drawing nothing, Get Started Free opens Create account, and the navigation
 * reaches every page on a phone too. Screenshots land in test-results/screenshots/.
 */
const ROOT = resolve(import.meta.dirname, '../..');
const SCREENSHOTS = resolve(ROOT, 'test-results/screenshots');

/** The six pages of the top navigation (spec section 2), in order. */
const PAGES = [
  ['Dashboard', '/'],
  ['Rides', '/rides'],
  ['Goals', '/goals'],
  ['Analytics', '/analytics'],
  ['Coach Chat', '/coach'],
  ['Subscribe', '/subscribe'],
] as const;

/**
 * A pro rider with synced rides, made once per run (a Strava simulator athlete backs one rider
 * only): their signed-in browser state is kept in a file named after the run, so a restarted worker
 * reuses it.
 */
const proRiderState = async (browser: Browser): Promise<string> => {
  const file = resolve(ROOT, `test-results/e2e-screens-${process.env.E2E_REDIS_PREFIX ?? 'local'}.json`);
  if (existsSync(file)) return file;
  const context = await browser.newContext({ baseURL: baseURL() });
  try {
    const page = await context.newPage();
    const rider = await registerRider(page, { prefix: 'screens', firstName: 'Demi', lastName: 'Vollering' });
    await connectAndSync(page, 4, (athlete) => athlete.profile !== 'commuter');
    await changeRiderTier(page, rider, 'pro');
    // the trends have a point with power, heart rate and cadence once the import's rides are in
    await expect
      .poll(
        async () => {
          const answer = await page.request.get('/api/performance/trends');
          const body = (await answer.json()) as {
            trends?: { power: number | null; heartRate: number | null; cadence: number | null }[];
          };
          return (body.trends ?? []).some(
            (p) => p.power !== null && p.heartRate !== null && p.cadence !== null,
          );
        },
        { timeout: 60_000 },
      )
      .toBe(true);
    mkdirSync(resolve(ROOT, 'test-results'), { recursive: true });
    writeFileSync(file, JSON.stringify(await context.storageState()));
    return file;
  } finally {
    await context.close();
  }
};

let proState: string;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(240_000);
  proState = await proRiderState(browser);
});

/** A page signed in as the pro rider, at the test's screen size. */
const proPage = async (
  browser: Browser,
  viewport: { width: number; height: number },
): Promise<{ context: BrowserContext; page: Page }> => {
  const context = await browser.newContext({
    baseURL: baseURL(),
    viewport,
    storageState: JSON.parse(readFileSync(proState, 'utf8')) as Awaited<
      ReturnType<BrowserContext['storageState']>
    >,
  });
  return { context, page: await context.newPage() };
};

const screenshot = async (page: Page, name: string) => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: `${SCREENSHOTS}/screens-${name}.png`, fullPage: true });
};

test('the top bar fits between the two sizes too (768 and 1024 px)', async ({ page }) => {
  await registerRider(page, { prefix: 'screens-bar', firstName: 'Elisa', lastName: 'Longo Borghini' });
  for (const width of [768, 1024]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/goals');
    await expect(page.getByRole('heading', { level: 1, name: 'Your Goals' })).toBeVisible();
    const header = page.getByRole('banner');
    await expectWithinWindowWidth(
      page,
      header.getByRole('link').or(header.getByRole('button')).filter({ visible: true }),
    );
    await expectNoSidewaysScroll(page);
  }
});

for (const size of SCREEN_SIZES) {
  const viewport = { width: size.width, height: size.height };
  const at = `${size.width}x${size.height}`;

  test.describe(`at ${at}`, () => {
    test.use({ viewport });

    test('the landing: Get Started Free opens Create account, Sign In opens Sign in', async ({ page }) => {
      const errors = recordConsoleErrors(page);
      await page.goto('/');
      await expectNoSidewaysScroll(page);
      await page.getByRole('link', { name: 'Get Started Free' }).click();
      await expect(page).toHaveURL(/\/auth\?mode=register$/);
      await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
      await expect(page.getByLabel('First Name')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Create Account' })).toBeVisible();

      await page.goto('/');
      await page.getByRole('link', { name: 'Sign In', exact: true }).click();
      await expect(page).toHaveURL(/\/auth$/);
      await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
      await expect(page.getByLabel('First Name')).toHaveCount(0);
      expect(errors).toEqual([]);
    });

    test('the navigation shows every page, from the keyboard too, with nothing off-screen', async ({
      page,
    }) => {
      await registerRider(page, { prefix: 'screens-nav', firstName: 'Lotte', lastName: 'Kopecky' });
      await page.goto('/dashboard');
      await expect(page.getByRole('heading', { name: 'Welcome back, Lotte!' })).toBeVisible();
      await expectNoSidewaysScroll(page);
      const header = page.getByRole('banner');
      // whatever the header shows lies on the screen
      await expectWithinWindowWidth(
        page,
        header.getByRole('link').or(header.getByRole('button')).filter({ visible: true }),
      );

      let pages;
      if (size.width < 768) {
        // a phone: the page links are in the menu, which opens from the keyboard
        await expect(header.getByRole('navigation', { name: 'Main' })).toBeHidden();
        const open = page.getByRole('button', { name: 'Open menu' });
        await open.focus();
        await page.keyboard.press('Enter');
        const drawer = page.getByRole('dialog');
        await expect(drawer).toBeVisible();
        pages = drawer.getByRole('navigation', { name: 'Main' });
      } else {
        await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden();
        pages = header.getByRole('navigation', { name: 'Main' });
      }
      await expect(pages.getByRole('link')).toHaveText(PAGES.map(([label]) => label));
      for (const [label, path] of PAGES)
        await expect(pages.getByRole('link', { name: label, exact: true })).toHaveAttribute('href', path);
      await expect(pages.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
      await expectWithinWindowWidth(page, pages.getByRole('link'));
      await screenshot(page, `navigation-${size.width}`);

      // Tab to Coach Chat and follow it with Enter
      let focused = '';
      for (let step = 0; step < 30 && focused !== 'Coach Chat'; step += 1) {
        await page.keyboard.press('Tab');
        focused = await page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
      }
      expect(focused).toBe('Coach Chat');
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/coach$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Coach Chat' })).toBeVisible();
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expectNoSidewaysScroll(page);
    });

    test('analytics for a rider without rides: an empty state, no chart, no console error', async ({
      page,
    }) => {
      const errors = recordConsoleErrors(page);
      await registerRider(page, { prefix: 'screens-empty', firstName: 'Pauline', lastName: 'Ferrand' });
      await page.goto('/analytics');
      await expect(page.getByRole('heading', { level: 1, name: 'Lifetime Analytics' })).toBeVisible();
      const progress = page.getByRole('tabpanel', { name: 'Progress Trends' });
      await expect(progress.getByText('No rides in the last 12 weeks')).toBeVisible();
      await expect(progress.locator('svg[role="img"]')).toHaveCount(0);
      await page.getByRole('tab', { name: 'Power Zones' }).click();
      const zones = page.getByRole('tabpanel', { name: 'Power Zones' });
      await expect(zones.getByText(/^No zone data yet/)).toBeVisible();
      await expect(zones.locator('svg[role="img"]')).toHaveCount(0);
      await page.getByRole('tab', { name: 'Performance' }).click();
      const performance = page.getByRole('tabpanel', { name: 'Performance' });
      await expect(performance.getByText('No rides in the last 12 weeks')).toBeVisible();
      await expect(performance.locator('svg[role="img"]')).toHaveCount(0);
      await expect(page.getByRole('heading', { name: 'Understanding Your Analytics' })).toBeVisible();
      await expectNoSidewaysScroll(page);
      await screenshot(page, `analytics-empty-${size.width}`);
      expect(errors).toEqual([]);
    });

    test.describe('a pro rider with rides', () => {
      let context: BrowserContext;
      let page: Page;
      let errors: string[];
      test.beforeEach(async ({ browser }) => {
        ({ context, page } = await proPage(browser, viewport));
        errors = recordConsoleErrors(page);
      });
      test.afterEach(async () => {
        expect(errors).toEqual([]);
        await context.close();
      });

      test('coach chat: the quick questions and the conversation fit the screen', async () => {
        await page.goto('/coach');
        const questions = page.getByRole('group', { name: 'Quick questions' }).getByRole('button');
        await expect(questions).toHaveCount(4);
        await expectWithinWindowWidth(page, questions);
        await expectNoSidewaysScroll(page);
        await questions.filter({ hasText: 'cadence' }).click();
        await expect(page.getByTestId('chat-exchange').last()).toContainText(
          "What's the best cadence for endurance rides?",
          { timeout: 30_000 },
        );
        await expectNoSidewaysScroll(page);
        await screenshot(page, `coach-${size.width}`);
      });

      test('dashboard trends: one chart per unit, every legend whole; recent rides link to their pages', async () => {
        await page.goto('/dashboard');
        const trends = page.getByRole('region', { name: 'Performance Trends' });
        const charts = trends.getByRole('figure');
        await expect(charts).toHaveCount(3);
        const units = [
          ['Power (W)', 'W'],
          ['Heart rate (bpm)', 'bpm'],
          ['Cadence (rpm)', 'rpm'],
        ] as const;
        for (const [title, unit] of units) {
          const chart = trends.getByRole('figure', { name: title });
          const plot = chart.locator('svg[role="img"]');
          await expect(plot).toBeVisible({ timeout: 20_000 });
          await expect(chart.getByRole('heading', { name: title })).toBeVisible();
          await expectTextNotCut(chart.getByRole('heading', { name: title }));
          await expectWithinWindowWidth(page, chart.getByRole('heading', { name: title }));
          // its axis is in its own unit, and no other unit is drawn on it
          const texts = await chartTexts(plot);
          expect(texts).toContain(unit);
          for (const [, other] of units.filter(([, u]) => u !== unit)) expect(texts).not.toContain(other);
          await expectChartTextsInside(plot);
        }
        await expect(trends.getByText('W · bpm · rpm')).toHaveCount(0);
        await expectNoSidewaysScroll(page);
        await trends.screenshot({ path: `${SCREENSHOTS}/screens-dashboard-trends-${size.width}.png` });

        const recent = page.getByRole('region', { name: 'Recent Rides' });
        const links = recent.getByRole('link');
        await expect(links).toHaveCount(3);
        for (let index = 0; index < 3; index += 1)
          await expect(links.nth(index)).toHaveAttribute('href', /^\/rides\/[0-9a-f-]{36}$/);
        const name = (await links.first().textContent())!.trim();
        await links.first().click();
        await expect(page).toHaveURL(/\/rides\/[0-9a-f-]{36}$/);
        await expect(page.getByRole('heading', { level: 1, name, exact: true })).toBeVisible();
      });

      test('analytics Performance: feet and minutes each on their own axis', async () => {
        await page.goto('/analytics');
        await page.getByRole('tab', { name: 'Performance' }).click();
        const performance = page.getByRole('tabpanel', { name: 'Performance' });
        await expect(performance.getByText('Feet + minutes')).toHaveCount(0);
        const units = [
          ['Elevation by week', 'Elevation (ft)'],
          ['Riding time by week', 'Time (min)'],
        ] as const;
        for (const [title, axis] of units) {
          const chart = performance.getByRole('figure', { name: title });
          const plot = chart.locator('svg[role="img"]');
          await expect(plot).toBeVisible();
          const texts = await chartTexts(plot);
          expect(texts).toContain(axis);
          for (const [, other] of units.filter(([, a]) => a !== axis)) expect(texts).not.toContain(other);
          await expectChartTextsInside(plot);
        }
        // the other tabs' charts keep their texts inside too
        await page.getByRole('tab', { name: 'Progress Trends' }).click();
        await expectChartTextsInside(
          page.getByRole('tabpanel', { name: 'Progress Trends' }).locator('svg[role="img"]'),
        );
        await expectNoSidewaysScroll(page);
        await screenshot(page, `analytics-${size.width}`);
      });
    });
  });
}
