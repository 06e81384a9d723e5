import type { RideDetailDto } from '@domestique/proto';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { join, resolve } from 'node:path';
import { expectNoSidewaysScroll, expectWithinWindowWidth, SCREEN_SIZES } from './support/layout.js';
import { RIDER_PASSWORD } from './support/riders.js';

/**
 * Issue 21's "done when", in Chromium at a phone's and a laptop's width: a new rider without Strava
 * uploads a Garmin FIT, a GPX and a TCX, sees each file's result and each as a ride with its
 * metrics, opens them with charts and feedback, and gets a clear refusal for a run and for a
 * corrupt file; uploading a ride again says it is a duplicate, and an uploaded ride can be deleted.
 */

/** The real device files the rides service's tests use (README.md there lists each one's summary). */
const FIXTURES = resolve(import.meta.dirname, '../../services/rides/test/fixtures/activity-files');
const fixture = (name: string): string => join(FIXTURES, name);

/** Three rides on different days, from three devices and formats. */
const RIDES = {
  fit: 'Edge810-Vector-2013-08-16-15-35-10.fit',
  gpx: 'Bormes.gpx',
  tcx: 'activity_5039744860.tcx',
} as const;
const RUN = 'activity-small-fenix2-run.fit';
const CORRUPT = 'activity-unexpected-eof.fit';

const twoDecimals = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const miles = (metres: number) => twoDecimals.format(metres / 1609.34);

const uploadRow = (page: Page, name: string): Locator => page.getByRole('listitem', { name });

/** A ride's card in the list, by the ride its heading links to (two files may give the same name). */
const rideCard = (page: Page, id: string): Locator =>
  page.getByRole('article').filter({ has: page.locator(`a[href="/rides/${id}"]`) });

/** Picks the files with the "Upload files" button, as a rider does. */
const pickFiles = async (page: Page, names: string[]) => {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload files' }).click();
  await (await chooser).setFiles(names.map(fixture));
};

/** The ride a row links to, read from its link. */
const linkedRideId = async (row: Locator, label: string): Promise<string> => {
  const href = await row.getByRole('link', { name: label }).getAttribute('href');
  const id = /^\/rides\/([^/]+)$/.exec(href ?? '')?.[1];
  expect(id, `the row links to a ride (${href})`).toBeTruthy();
  return decodeURIComponent(id!);
};

const detailOf = async (page: Page, id: string): Promise<RideDetailDto> => {
  const answer = await page.request.get(`/api/rides/${id}`);
  expect(answer.status()).toBe(200);
  return (await answer.json()) as RideDetailDto;
};

test('a rider without Strava uploads FIT, GPX and TCX files, sees the rides with metrics and charts, and gets clear refusals', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const [phone, desktop] = SCREEN_SIZES;
  await page.setViewportSize({ width: phone.width, height: phone.height });

  // Sign up as a new rider: no Strava connection
  await page.goto('/auth?mode=register');
  await page.getByLabel('First Name').fill('Ulla');
  await page.getByLabel('Last Name').fill('Upload');
  await page.getByLabel('Email').fill(`upload-${randomUUID().slice(0, 8)}@example.com`);
  await page.getByLabel('Password', { exact: true }).fill(RIDER_PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/rides');
  await expect(page.getByRole('heading', { level: 1, name: 'Your Rides' })).toBeVisible();
  await expect(page.getByText('No rides yet')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Upload ride files' })).toBeVisible();
  await expectNoSidewaysScroll(page);

  // The three rides, a run and a corrupt file, all at once
  await pickFiles(page, [RIDES.fit, RIDES.gpx, RIDES.tcx, RUN, CORRUPT]);
  const ids: Record<keyof typeof RIDES, string> = { fit: '', gpx: '', tcx: '' };
  for (const kind of ['fit', 'gpx', 'tcx'] as const) {
    const row = uploadRow(page, RIDES[kind]);
    await expect(row.getByText('Imported', { exact: true })).toBeVisible({ timeout: 60_000 });
    ids[kind] = await linkedRideId(row, 'View ride');
  }
  for (const refused of [RUN, CORRUPT]) {
    const row = uploadRow(page, refused);
    await expect(row.getByText('Not imported', { exact: true })).toBeVisible({ timeout: 60_000 });
    // the server's own reason, not a bare status
    await expect(row.getByTestId('upload-row-message')).toHaveText(/\w{4,}/);
  }
  // what is wrong, in words: a run is not a ride, the other file is damaged
  await expect(uploadRow(page, RUN).getByTestId('upload-row-message')).toHaveText(/\brun\b.*\bride\b/i);
  await expect(uploadRow(page, CORRUPT).getByTestId('upload-row-message')).toHaveText(/damaged|corrupt/i);
  await expectWithinWindowWidth(page, page.getByTestId('upload-row'));
  await expectNoSidewaysScroll(page);

  // Each file is a ride in the list, with its numbers (the list refreshed by itself)
  await expect(page.getByText('Showing 3 of 3 rides')).toBeVisible({ timeout: 30_000 });
  const details = {} as Record<keyof typeof RIDES, RideDetailDto>;
  for (const kind of ['fit', 'gpx', 'tcx'] as const) {
    const detail = await detailOf(page, ids[kind]);
    details[kind] = detail;
    expect(detail.ride.sourceLabel).toMatch(new RegExp(`^Uploaded ${kind.toUpperCase()}`));
    expect(detail.ride.metrics, `${RIDES[kind]} has metrics`).not.toBeNull();
    expect(detail.streamsPending).toBe(false);
    const card = rideCard(page, ids[kind]);
    await expect(card).toBeVisible();
    await expect(card.getByText(miles(detail.ride.distance), { exact: true })).toBeVisible();
  }
  // the FIT file's power meter: its average power and NP
  expect(details.fit.ride.metrics!.normalizedPower).toBeGreaterThan(0);
  expect(details.fit.channels).toEqual(expect.arrayContaining(['power', 'heartRate', 'cadence']));

  // The FIT ride's page: where it came from, its charts and the coach's section
  await uploadRow(page, RIDES.fit).getByRole('link', { name: 'View ride' }).click();
  await expect(page.getByRole('heading', { level: 1, name: details.fit.ride.name })).toBeVisible();
  await expect(page.getByTestId('ride-source')).toHaveText(details.fit.ride.sourceLabel);
  await expect(page.getByTestId('stream-chart-power')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('stream-chart-heartRate')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Coach feedback' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete ride' })).toBeVisible();
  await expectNoSidewaysScroll(page);

  // At a laptop's width: the same file again is a duplicate of the ride already there
  await page.setViewportSize({ width: desktop.width, height: desktop.height });
  await page.goto('/rides');
  await expect(page.getByText('Showing 3 of 3 rides')).toBeVisible();
  await pickFiles(page, [RIDES.gpx]);
  const again = uploadRow(page, RIDES.gpx);
  await expect(again.getByText('Duplicate', { exact: true })).toBeVisible({ timeout: 60_000 });
  expect(await linkedRideId(again, 'View existing ride')).toBe(ids.gpx);
  await expect(page.getByText('Showing 3 of 3 rides')).toBeVisible();
  await expectNoSidewaysScroll(page);

  // The TCX ride's page, with its charts; deleting it takes it off the list
  await page.goto(`/rides/${ids.tcx}`);
  await expect(page.getByRole('heading', { level: 1, name: details.tcx.ride.name })).toBeVisible();
  await expect(page.getByTestId('ride-source')).toHaveText(/^Uploaded TCX/);
  await expect(page.getByTestId('stream-chart-power')).toBeVisible({ timeout: 30_000 });
  await expectNoSidewaysScroll(page);
  await page.getByRole('button', { name: 'Delete ride' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete this ride?' });
  await dialog.getByRole('button', { name: 'Delete ride' }).click();
  await expect(page).toHaveURL(/\/rides$/);
  await expect(page.getByText('Ride Deleted', { exact: true })).toBeVisible();
  await expect(page.getByText('Showing 2 of 2 rides')).toBeVisible();
  await expect(rideCard(page, ids.tcx)).toHaveCount(0);
  expect((await page.request.get(`/api/rides/${ids.tcx}`)).status()).toBe(404);
});
