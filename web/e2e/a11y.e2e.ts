import { expect, test, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { withDb } from './support/kit.js';
import { changeRiderTier, registerRider } from './support/riders.js';

/**
 * Issue 11's accessibility check: every screen, at a phone width (375 px) and a desktop width
 * (1280 px), run through axe-core with no serious or critical violation; a full-page screenshot of
 * each is kept under test-results/screenshots/ (CI keeps the folder as an artifact). To cover a new
 * screen, add a line to SIGNED_OUT or SIGNED_IN.
 */
const SCREENSHOTS = resolve(import.meta.dirname, '../../test-results/screenshots');
const AXE = resolve(import.meta.dirname, '../../node_modules/axe-core/axe.min.js');
const WIDTHS = [
  { name: 'phone', width: 375, height: 812 },
  { name: 'desktop', width: 1280, height: 900 },
] as const;

interface Screen {
  /** file name of the screenshots */
  name: string;
  path: string;
  /** the screen's h1, once it is drawn */
  heading: string | RegExp;
  /** what to do before the check (open a panel, etc.) */
  prepare?: (page: Page) => Promise<void>;
}

const SIGNED_OUT: Screen[] = [
  { name: 'landing', path: '/', heading: /AI coaching that makes/ },
  { name: 'auth', path: '/auth', heading: 'Welcome back' },
  { name: 'forgot-password', path: '/forgot-password', heading: 'Forgot Password' },
  { name: 'reset-password', path: '/reset-password?token=a11y-check', heading: 'Reset Password' },
  { name: 'faq', path: '/faq', heading: 'Frequently Asked Questions' },
  { name: 'privacy-policy', path: '/privacy-policy', heading: 'Privacy Policy' },
  { name: 'admin-login', path: '/admin-login', heading: 'Admin Login' },
];

const SIGNED_IN: Screen[] = [
  { name: 'dashboard', path: '/dashboard', heading: /Welcome back, Ally!/ },
  {
    name: 'rides',
    path: '/rides?sortBy=distance&minDuration=10',
    heading: 'Your Rides',
    prepare: async (page) => {
      await expect(page.getByText(/^Showing \d+ of \d+ rides$/)).toBeVisible();
    },
  },
  { name: 'goals', path: '/goals', heading: 'Your Goals' },
  { name: 'analytics', path: '/analytics', heading: 'Lifetime Analytics' },
  { name: 'training', path: '/training', heading: 'Training' },
  { name: 'coach', path: '/coach', heading: /Coach/ },
  { name: 'subscribe', path: '/subscribe', heading: 'Choose Your Plan' },
  { name: 'profile', path: '/profile', heading: 'Profile & Settings' },
  { name: 'not-found', path: '/no-such-page', heading: /404/ },
];

/** Issue 23's Elite screens, for a rider with a plan (sessions on the calendar, a session's detail). */
const ELITE: Screen[] = [
  { name: 'plan', path: '/plan', heading: 'Training Plan' },
  {
    name: 'calendar',
    path: '/calendar',
    heading: 'Training Calendar',
    prepare: async (page) => {
      await expect(page.locator('[data-session-id]').first()).toBeVisible();
    },
  },
];

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/** Runs axe-core on the page; answers its serious and critical violations, readably. */
const seriousViolations = async (page: Page): Promise<string[]> => {
  await page.addScriptTag({ path: AXE });
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (context: Document, options: object) => Promise<{ violations: Violation[] }> };
      }
    ).axe;
    return (await axe.run(document, { resultTypes: ['violations'] })).violations;
  });
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.impact} ${violation.id} (${violation.help}): ${violation.nodes
          .slice(0, 5)
          .map((node) => node.target.join(' '))
          .join(', ')}`,
    );
};

/** Each screen at each width: drawn, checked, photographed. */
const checkScreens = async (page: Page, screens: Screen[]) => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  for (const screen of screens) {
    for (const size of WIDTHS) {
      await test.step(`${screen.name} at ${size.width} px`, async () => {
        await page.setViewportSize({ width: size.width, height: size.height });
        await page.goto(screen.path);
        await expect(page.getByRole('heading', { level: 1, name: screen.heading })).toBeVisible({
          timeout: 20_000,
        });
        await screen.prepare?.(page);
        await page.waitForLoadState('networkidle');
        // let entry animations finish so colours are measured as they end up
        await page.waitForTimeout(400);
        expect.soft(await seriousViolations(page), `${screen.name} at ${size.width} px`).toEqual([]);
        await page.screenshot({ path: `${SCREENSHOTS}/${screen.name}-${size.width}.png`, fullPage: true });
      });
    }
  }
};

// the app's CSP allows no inline script; axe is injected as one, so the check bypasses it
test.use({ reducedMotion: 'reduce', bypassCSP: true });

test('every signed-out screen passes axe at 375 and 1280 px', async ({ page }) => {
  test.setTimeout(180_000);
  await checkScreens(page, SIGNED_OUT);
});

test('every signed-in screen passes axe at 375 and 1280 px', async ({ page }) => {
  test.setTimeout(240_000);
  const { userId } = await registerRider(page, { prefix: 'a11y', firstName: 'Ally', lastName: 'Access' });
  // a few rides, so the dashboard and the rides page show cards rather than their empty states
  await withDb(async (db) => {
    for (let day = 0; day < 4; day += 1)
      await db.query(
        `INSERT INTO rides.rides (user_id, source, external_id, name, sport_type, start_date, distance_m,
           moving_time_s, elapsed_time_s, total_elevation_gain_m, average_speed_mps, average_watts, device_watts,
           average_heartrate, average_cadence)
         VALUES ($1, 'demo', $2, $3, 'Ride', now() - make_interval(days => $4), $5, $6, $6, 240, 7.4, 205, true, 142, 88)`,
        [userId, randomUUID(), `Morning loop ${day + 1}`, day, 30_000 + day * 5_000, 3_600 + day * 600],
      );
  });
  await checkScreens(page, SIGNED_IN);
});

test('the Elite plan and calendar pass axe at 375 and 1280 px', async ({ page }) => {
  test.setTimeout(120_000);
  const rider = await registerRider(page, { prefix: 'a11y-elite', firstName: 'Ella', lastName: 'Elite' });
  // billing answers 404 to the admin until the registration event has reached it
  await expect(() => changeRiderTier(page, rider, 'elite')).toPass({ timeout: 30_000 });
  const eventDate = new Date(Date.now() + 84 * 86_400_000).toISOString().slice(0, 10);
  const built = await page.request.post('/api/plans', {
    data: {
      eventName: 'Gran Fondo',
      eventDate,
      eventType: 'gran-fondo',
      weeklyHours: 8,
      ridingDays: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'],
      tz: 'UTC',
    },
  });
  expect(built.status(), await built.text()).toBe(201);
  await checkScreens(page, ELITE);
});

test('the keyboard alone reaches the controls, with a visible focus ring', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.keyboard.press('Tab');
  const first = page.locator(':focus');
  await expect(first).toHaveAccessibleName('Domestique home');
  const ring = await first.evaluate((element) => {
    const style = getComputedStyle(element);
    return { outline: style.outlineStyle, width: parseFloat(style.outlineWidth), shadow: style.boxShadow };
  });
  expect(ring.outline !== 'none' && ring.width > 0 ? true : ring.shadow !== 'none').toBe(true);
  await page.keyboard.press('Tab');
  await expect(page.locator(':focus')).toHaveAccessibleName('Sign In');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/auth$/);
});
