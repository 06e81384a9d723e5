import { expect, test, type Page } from '@playwright/test';
import { authorizeOnStrava, withDb, freeAthlete } from './support/kit.js';
import { registerRider } from './support/riders.js';

/**
 * Issue 11's ride filters in Chromium: a rider's rides synced from the Strava simulator, sorted and
 * filtered from the rides page's controls, kept in the URL (reload, a shared link), paged with Load
 * More in the chosen order, and refused by the API when a value is bad.
 */
interface DbRide {
  name: string | null;
  distance_m: number;
  moving_time_s: number;
}

const METRES_PER_MILE = 1609.34;

/** The ride cards' names, top to bottom (each card is labelled by its heading). */
const cardNames = (page: Page) =>
  page
    .getByRole('article')
    .evaluateAll((cards) =>
      cards.map(
        (card) => document.getElementById(card.getAttribute('aria-labelledby') ?? '')?.textContent ?? '',
      ),
    );

test('a rider sorts and filters the rides, reloads, shares the link and pages in that order', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const { userId } = await registerRider(page, { prefix: 'filters', firstName: 'Fil', lastName: 'Ters' });

  const athlete = await freeAthlete(14);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await authorizeOnStrava(page, athlete);
  // the import's own screens are rides.e2e.ts's subject: here, wait for every ride to be stored
  await expect
    .poll(
      () =>
        withDb(
          async (db) =>
            (
              await db.query<{ n: number }>('SELECT count(*)::int AS n FROM rides.rides WHERE user_id = $1', [
                userId,
              ])
            ).rows[0]!.n,
        ),
      { timeout: 90_000 },
    )
    .toBe(athlete.cyclingActivityCount);

  const rides = await withDb(
    async (db) =>
      (
        await db.query<DbRide>(
          `SELECT coalesce(name, 'Unnamed Ride') AS name, distance_m, moving_time_s FROM rides.rides
           WHERE user_id = $1 ORDER BY distance_m DESC, id DESC`,
          [userId],
        )
      ).rows,
  );
  expect(rides.length).toBeGreaterThanOrEqual(14);

  // Sort by distance, longest first: the page shows the longest ride first.
  await page.goto('/rides');
  await expect(page.getByText(`Showing 10 of ${rides.length} rides`)).toBeVisible();
  await page.getByLabel('Sort by').selectOption('distance');
  await expect(page).toHaveURL(/\/rides\?sortBy=distance$/);
  await expect.poll(() => cardNames(page)).toEqual(rides.slice(0, 10).map((ride) => ride.name));

  // Load More keeps the order: every ride once, longest to shortest.
  await page.getByRole('button', { name: 'Load More Rides' }).click();
  await expect(
    page.getByText(`Showing ${Math.min(20, rides.length)} of ${rides.length} rides`),
  ).toBeVisible();
  await expect.poll(() => cardNames(page)).toEqual(rides.slice(0, 20).map((ride) => ride.name));

  // Shortest first, and at least the median distance (typed, applied on leaving the field).
  await page.getByLabel('Order').selectOption({ label: 'Shortest first' });
  const median = Math.floor((rides[Math.floor(rides.length / 2)]!.distance_m / METRES_PER_MILE) * 10) / 10;
  const kept = rides.filter((ride) => ride.distance_m >= median * METRES_PER_MILE).reverse();
  await page.getByRole('button', { name: /Filters/ }).click();
  await page.getByLabel('Min distance (mi)').fill(String(median));
  await page.keyboard.press('Tab');
  await expect(page).toHaveURL(new RegExp(`minDistance=${median}`));
  await expect(page.getByText(`Showing ${Math.min(10, kept.length)} of ${kept.length} rides`)).toBeVisible();
  await expect.poll(() => cardNames(page)).toEqual(kept.slice(0, 10).map((ride) => ride.name));

  // The view survives a reload and opens the same from a shared link.
  const url = page.url();
  await page.reload();
  await expect(page.getByText(`Showing ${Math.min(10, kept.length)} of ${kept.length} rides`)).toBeVisible();
  await expect(page.getByLabel('Sort by')).toHaveValue('distance');
  await expect(page.getByLabel('Order')).toHaveValue('asc');
  await expect(page.getByLabel('Min distance (mi)')).toHaveValue(String(median));
  const shared = await browser.newContext({ storageState: await page.context().storageState() });
  const other = await shared.newPage();
  await other.goto(url);
  await expect(other.getByText(`Showing ${Math.min(10, kept.length)} of ${kept.length} rides`)).toBeVisible();
  await shared.close();

  // The clear button has its tooltip (the 700/300 ms timing is Tooltip.spec.tsx's subject: a
  // wall-clock check here would measure the machine's load, not the app).
  const clear = page.getByRole('button', { name: 'Clear filters' });
  await clear.hover();
  await expect(page.getByRole('tooltip', { name: 'Clear filters' })).toBeVisible({ timeout: 5_000 });

  // No analysed rides yet: AI feedback "Yes" keeps none; Clear filters brings them back.
  await page.getByLabel('AI feedback').selectOption({ label: 'Yes' });
  await expect(page.getByText('No rides match these filters')).toBeVisible();
  await expect(page.getByText('Showing 0 of 0 rides')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).last().click();
  await expect(page).toHaveURL(/\/rides\?sortBy=distance&sortOrder=asc$/);
  await expect(page.getByText(`Showing 10 of ${rides.length} rides`)).toBeVisible();

  // Back undoes the last change.
  await page.goBack();
  await expect(page.getByText('No rides match these filters')).toBeVisible();

  // The server applies and checks the same parameters.
  const filtered = await page.request.get(
    `/api/rides?minDistance=${median}&sortBy=distance&sortOrder=asc&limit=50`,
  );
  expect(filtered.status()).toBe(200);
  expect(filtered.headers()['x-total-count']).toBe(String(kept.length));
  const bad = await page.request.get('/api/rides?minDistance=far');
  expect(bad.status()).toBe(400);
  expect(await bad.json()).toMatchObject({
    message: 'minDistance must be a number of miles from 0 to 10000',
  });
});
