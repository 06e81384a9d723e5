import type { RideDetailDto, RideDto } from '@domestique/proto';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { connectAndSync, streamsFetched } from './support/kit.js';
import { expectNoSidewaysScroll, SCREEN_SIZES } from './support/layout.js';
import { registerRider } from './support/riders.js';

/**
 * Issue 20's ride page in Chromium, at a phone's and a laptop's width: a rider who just connected
 * Strava opens their latest ride and finds its charts, route, intervals, power-duration curve and
 * zones; a shared cursor shows every channel's value; zooming shows the range's averages, which agree
 * with the server's figures for a detected interval; another rider's ride is not found.
 */

const number = (text: string | null): number => Number((text ?? '').replace(/[^\d.]/g, ''));

const detailOf = async (page: Page, id: string): Promise<RideDetailDto> => {
  const answer = await page.request.get(`/api/rides/${id}`);
  expect(answer.status()).toBe(200);
  return (await answer.json()) as RideDetailDto;
};

/** A figure of the range averages ("Avg Power" -> its value). */
const average = (averages: Locator, label: string): Locator =>
  averages.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');

/** Drags across the charts from one share of their width to another. */
const dragAcross = async (page: Page, overlay: Locator, from: number, to: number) => {
  const box = (await overlay.boundingBox())!;
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + box.width * from, y);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * ((from + to) / 2), y, { steps: 4 });
  await page.mouse.move(box.x + box.width * to, y, { steps: 4 });
  await page.mouse.up();
};

test('a rider opens their latest ride: charts, cursor, zoom with averages, route, intervals, curve and zones', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const { userId } = await registerRider(page, { prefix: 'ride-page', firstName: 'Rita', lastName: 'Page' });
  // a commuter rides without a power meter: this journey needs power
  await connectAndSync(page, 8, (athlete) => athlete.profile !== 'commuter');
  await streamsFetched(userId);

  const rides = (await (await page.request.get('/api/rides?limit=20')).json()) as RideDto[];
  const latest = rides[0]!;
  const details = new Map<string, RideDetailDto>();
  for (const ride of rides) details.set(ride.id, await detailOf(page, ride.id));
  const pick = (accept: (detail: RideDetailDto) => boolean, what: string) => {
    const ride = rides.find((r) => accept(details.get(r.id)!));
    expect(ride, `one of the 20 newest rides ${what}`).toBeDefined();
    return { ride: ride!, detail: details.get(ride!.id)! };
  };
  // the newest ride outdoors with power (route, cursor, zoom, curve, zones), and the newest with
  // detected intervals (the simulator's interval sessions are mostly on a trainer)
  const outdoor = pick(
    (d) => !d.indoor && d.hasGps && d.channels.includes('power') && d.channels.includes('heartRate'),
    'is outdoors with power and heart rate',
  );
  const structured = pick((d) => d.intervals.length > 0, 'has detected intervals');

  for (const size of SCREEN_SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });

    // The latest ride, as a rider who just connected opens it
    await page.goto(`/rides/${latest.id}`);
    await expect(page.getByRole('heading', { level: 1, name: latest.name })).toBeVisible();
    await expect(
      page.getByTestId('stream-chart-power').or(page.getByTestId('stream-chart-heartRate')).first(),
    ).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('heading', { name: 'Coach feedback' })).toBeVisible();
    await expectNoSidewaysScroll(page);

    // An outdoor ride: charts of every channel, the route, the curve against the 90-day best, zones
    await page.goto(`/rides/${outdoor.ride.id}`);
    await expect(page.getByRole('heading', { level: 1, name: outdoor.ride.name })).toBeVisible();
    for (const channel of ['power', 'heartRate', 'cadence', 'speed', 'altitude'] as const)
      if (outdoor.detail.channels.includes(channel))
        await expect(page.getByTestId(`stream-chart-${channel}`)).toBeVisible();
    await expect(page.getByRole('img', { name: 'Route of the ride' })).toBeVisible();
    await expect(page.getByTestId('power-curve-chart').locator('svg').first()).toBeVisible();
    await expect(page.getByTestId('power-curve-chart')).toContainText('90-day best');
    if (outdoor.detail.powerZones) await expect(page.getByTestId('zones-power')).toContainText('Z1');
    if (outdoor.detail.heartRateZones) await expect(page.getByTestId('zones-heartRate')).toContainText('Z1');
    await expectNoSidewaysScroll(page);

    // The cursor: hovering shows every channel's value at that point, and marks it on the route
    const overlay = page.getByRole('slider', { name: 'Ride charts cursor' });
    await overlay.scrollIntoViewIfNeeded();
    const box = (await overlay.boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.5, box.y + box.height / 2);
    await expect(page.getByTestId('cursor-power')).toHaveText(/^\d[\d,]* W$/);
    await expect(page.getByTestId('cursor-heartRate')).toHaveText(/^\d+ bpm$/);
    await expect(page.getByTestId('chart-cursor')).toBeVisible();
    await expect(page.getByTestId('route-cursor')).toBeAttached();

    // Zoom by dragging: the range's averages, then back to the whole ride
    const averages = page.getByTestId('range-averages');
    await expect(averages).toContainText('Whole ride');
    await dragAcross(page, overlay, 0.3, 0.6);
    await expect(averages).toContainText(/Selected range \d/);
    await expect(average(averages, 'NP')).toHaveText(/^\d[\d,]* W$/);
    await expect(average(averages, 'Avg Heart Rate')).toHaveText(/^\d+ bpm$/);
    await page.getByRole('button', { name: 'Reset zoom' }).click();
    await expect(averages).toContainText('Whole ride');

    // The keyboard: focus the charts, mark a range with Shift + arrows, Enter zooms, Escape resets
    await overlay.focus();
    await page.keyboard.press('Home');
    for (let i = 0; i < 15; i += 1) await page.keyboard.press('Shift+ArrowRight');
    await page.keyboard.press('Enter');
    await expect(averages).toContainText(/Selected range 0:00 – /);
    await page.keyboard.press('Escape');
    await expect(averages).toContainText('Whole ride');

    // Distance on the x axis
    await page.getByRole('button', { name: 'Distance', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Distance', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(page.getByText('Distance (mi).', { exact: false })).toBeVisible();
    await expectNoSidewaysScroll(page);

    // A structured session: its intervals in a table and on the charts; zoomed to one, once every
    // sample is loaded, the range's averages are the server's figures for that interval
    await page.goto(`/rides/${structured.ride.id}`);
    await expect(page.getByRole('heading', { level: 1, name: structured.ride.name })).toBeVisible();
    const table = page.getByTestId('intervals-table');
    await expect(table.locator('tbody tr')).toHaveCount(structured.detail.intervals.length);
    await expect(page.getByTestId('interval-highlight').first()).toBeAttached();
    if (structured.detail.indoor) await expect(page.getByText('Indoor ride: no route')).toBeVisible();
    const first = structured.detail.intervals[0]!;
    await page.getByRole('button', { name: `Show interval ${first.number} on the charts` }).click();
    await expect(averages).toContainText('Selected range');
    await expect(averages).not.toContainText('approximate', { timeout: 15_000 });
    if (first.averagePower !== null)
      expect(
        Math.abs(number(await average(averages, 'Avg Power').textContent()) - first.averagePower),
      ).toBeLessThanOrEqual(Math.max(3, first.averagePower * 0.02));
    if (first.averageHeartrate !== null)
      expect(
        Math.abs(number(await average(averages, 'Avg Heart Rate').textContent()) - first.averageHeartrate),
      ).toBeLessThanOrEqual(2);
    await expectNoSidewaysScroll(page);
  }

  // Another rider's ride is not found
  const other = await browser.newContext({ baseURL });
  try {
    const otherPage = await other.newPage();
    await registerRider(otherPage, { prefix: 'ride-page-other', firstName: 'Otto', lastName: 'Else' });
    await otherPage.goto(`/rides/${latest.id}`);
    await expect(otherPage.getByRole('heading', { level: 1, name: 'Ride not found' })).toBeVisible();
    await otherPage.getByRole('link', { name: 'Go to your rides' }).click();
    await expect(otherPage).toHaveURL(/\/rides$/);
  } finally {
    await other.close();
  }
});
