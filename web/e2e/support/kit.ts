import { expect, type Page } from '@playwright/test';
import { isCyclingSportType } from '@domestique/proto/messages';
import pg from 'pg';

/**
 * What the end-to-end specs share: the stack started by global-setup.ts (its environment, database
 * and simulators) and the steps many journeys take (authorizing on the Strava simulator).
 */

/** The environment global-setup started the stack with (ports, simulator URLs). */
export const stackEnv = (): Record<string, string> =>
  JSON.parse(process.env.E2E_ENV ?? '{}') as Record<string, string>;

/** The gateway's URL. */
export const baseURL = (): string => process.env.E2E_BASE_URL!;

/** Runs `fn` with a client of the run's database (to arrange or check state a screen cannot show). */
export const withDb = async <T>(fn: (client: pg.Client) => Promise<T>): Promise<T> => {
  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
};

export interface SimAthlete {
  id: number;
  firstname: string;
  lastname: string;
  /** racer, climber, allrounder (power meters on most rides) or commuter (none) */
  profile: string;
  cyclingActivityCount: number;
}
export interface SimActivity {
  id: number;
  name: string;
  sport_type: string;
  start_date: string;
  distance: number;
  average_speed: number;
  total_elevation_gain: number;
}

const stravaSimulatorUrl = () => stackEnv().STRAVA_API_URL!.replace(/\/api\/v3\/?$/, '');

/** Calls the Strava simulator's test controls (`/_sim/...`). */
export const stravaSim = async <T>(path: string, init?: RequestInit): Promise<T> => {
  const answer = await fetch(`${stravaSimulatorUrl()}/_sim${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', ...(init?.headers ?? {}) },
  });
  if (!answer.ok) throw new Error(`simulator ${path}: ${answer.status}`);
  return (answer.status === 204 ? undefined : await answer.json()) as T;
};

/** On the simulator's OAuth page (after Connect): picks the athlete and authorizes every scope asked. */
export const authorizeOnStrava = async (page: Page, athlete: SimAthlete) => {
  await expect(page).toHaveURL(/\/oauth\/authorize\?/);
  const url = new URL(page.url());
  expect(url.searchParams.get('scope')).toBe('read,activity:read_all');
  expect(url.searchParams.get('approval_prompt')).toBe('force');
  expect(url.searchParams.get('redirect_uri')).toMatch(/\/api\/strava\/callback$/);
  await expect(page.getByRole('heading', { name: /Authorize Domestique/ })).toBeVisible();
  await page.getByLabel('Demo athlete').selectOption(String(athlete.id));
  await expect(page.getByRole('checkbox', { name: /activity:read_all/ })).toBeChecked();
  await page.getByRole('button', { name: 'Authorize' }).click();
};

/**
 * A simulator athlete nobody in this run has connected yet, with at least `minimum` cycling
 * activities (the fewest such, to keep imports short). Each athlete can back one rider only.
 */
export const freeAthlete = async (
  minimum: number,
  accept: (athlete: SimAthlete) => boolean = () => true,
): Promise<SimAthlete> => {
  const taken = await withDb(async (db) =>
    (await db.query<{ athlete_id: string }>('SELECT athlete_id FROM rides.strava_connections')).rows.map(
      (r) => Number(r.athlete_id),
    ),
  );
  const athlete = (await stravaSim<SimAthlete[]>('/athletes'))
    .filter((a) => a.cyclingActivityCount >= minimum && !taken.includes(a.id) && accept(a))
    .sort((a, b) => a.cyclingActivityCount - b.cyclingActivityCount)[0];
  if (!athlete)
    throw new Error(`No free simulator athlete with ${minimum}+ rides (raise STRAVA_SIM_ATHLETES)`);
  return athlete;
};

/**
 * Connects the page's rider to a simulator athlete no one has connected yet, with at least `minimum`
 * cycling activities, and waits until the first import completed; answers the athlete and the
 * names of their rides, newest first.
 */
export const connectAndSync = async (
  page: Page,
  minimum: number,
  accept?: (athlete: SimAthlete) => boolean,
): Promise<{ athlete: SimAthlete; names: string[] }> => {
  const athlete = await freeAthlete(minimum, accept);
  const names = (await stravaSim<SimActivity[]>(`/athletes/${athlete.id}/activities`))
    .filter((a) => isCyclingSportType(a.sport_type))
    .map((a) => a.name);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await authorizeOnStrava(page, athlete);
  await expect(page.getByText('Strava connected', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect
    .poll(
      async () => {
        const answer = await page.request.post('/graphql', {
          data: { query: '{ stravaSyncStatus { state } }' },
        });
        return ((await answer.json()) as { data?: { stravaSyncStatus: { state: string } } }).data
          ?.stravaSyncStatus.state;
      },
      { timeout: 90_000 },
    )
    .toBe('completed');
  return { athlete, names };
};

/** Waits until every ride of the rider has its streams (and so its stream metrics). */
export const streamsFetched = async (userId: string): Promise<void> => {
  await expect
    .poll(
      () =>
        withDb(
          async (db) =>
            (
              await db.query<{ n: number }>(
                'SELECT count(*)::int AS n FROM rides.rides WHERE user_id = $1 AND streams_fetched_at IS NULL',
                [userId],
              )
            ).rows[0]!.n,
        ),
      { timeout: 120_000 },
    )
    .toBe(0);
};
