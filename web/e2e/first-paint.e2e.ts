import { expect, test, type Page } from '@playwright/test';
import { registerRider } from './support/riders.js';

/**
 * Issue 10: `/` and `/auth` reach a signed-out visitor already drawn (the build prerenders them,
 * web/src/prerender), so their text paints before any script runs; React then takes the markup
 * over without drawing it again (no hydration error, nothing moves). A signed-in user is never
 * sent the landing.
 */

/** Errors the page logs while it loads and settles (React reports a failed hydration this way). */
const collectErrors = (page: Page): string[] => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
};

/** The page's layout shifts so far, summed (Cumulative Layout Shift without the session windows). */
const layoutShift = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) total += (entry as unknown as { value: number }).value;
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 300);
      }),
  );

for (const { path, heading } of [
  { path: '/', heading: 'AI coaching that makes every ride count' },
  { path: '/auth', heading: 'Welcome back' },
]) {
  test(`${path} arrives drawn and is taken over without a hydration error or a layout shift`, async ({
    page,
    request,
  }) => {
    const first = await request.get(path);
    expect(first.status()).toBe(200);
    const html = await first.text();
    expect(html).toContain(heading.split(' every')[0]);
    expect(html).toMatch(/<div id="root"><style data-emotion/);

    const errors = collectErrors(page);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await page.waitForLoadState('networkidle');
    expect(await layoutShift(page)).toBeLessThan(0.01);
    expect(errors).toEqual([]);
  });
}

test('the landing, once taken over, goes on drawing below the hero and navigates in the app', async ({
  page,
}) => {
  const errors = collectErrors(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Simple, transparent pricing' })).toBeVisible();
  await expect(page.getByText('Coming Soon')).toBeVisible();
  await page.getByRole('link', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('what is typed into the drawn sign-in form before its code runs is kept', async ({ page }) => {
  // the page's scripts wait until the fields are filled in, as on a slow connection
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/auth', { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeDisabled();
  await page.getByLabel('Email').fill('early@example.com');
  release();
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeEnabled();
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  // the form sent the early email: the server answers for that account, not "Email is required"
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password' })).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
});

test('a signed-in user is sent the app, not the drawn landing, and goes to the dashboard', async ({
  page,
}) => {
  await registerRider(page, { prefix: 'first-paint', firstName: 'Greg', lastName: 'LeMond' });
  const first = await page.request.get('/');
  expect(await first.text()).not.toContain('AI coaching that makes');
  await page.goto('/');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Welcome back, Greg!' })).toBeVisible();
});
