#!/usr/bin/env node
// Benchmark (not a test): the rides service's read endpoints for a rider with 10,000 rides, through
// the gateway (session, proxy, identity token, service, SQL) against the same aggregates run straight
// on PostgreSQL (the service's own repository code where it takes a plain query function, else the
// SQL it runs). Prints p50/p99 and their ratio.
//
//   npx nx run-many -t build   (every service, the gateway and the simulators)
//   node services/rides/bench/analytics-bench.mjs [--rides=10000] [--samples=200]
//
// It starts the whole stack from the built output on a fresh database and Redis prefix; the rides
// are written by one SQL statement (the import path has its own benchmark, import-bench.mjs).
// `npm run bench` (infra/dev/bench/bench.mjs) imports `rawReads` and `RIDER_READS` from here.
import pg from 'pg';
import { DASHBOARD_RECENT_RIDES, PROGRESS_WEEKS, STAT_TREND_DAYS, TREND_WEEKS } from '@domestique/proto';
import { isEntry, numberArg } from '../../../infra/dev/bench/cli.mjs';
import { measure, startScratchStack } from '../../../infra/dev/scratch-stack.mjs';
import { AnalyticsRepository } from '../dist/analytics/analytics.repository.js';
import { weekWindows } from '../dist/analytics/calendar.js';
import { RidesRepository } from '../dist/rides/rides.repository.js';

const DAY_MS = 86_400_000;
const TABLE = 'rides.rides';

/** The rides service's read endpoints a rider's screens call, by name. */
export const RIDER_READS = {
  rides: '/api/rides',
  ridesPage: '/api/rides?limit=10',
  dashboard: '/api/dashboard/stats?tz=UTC',
  averages: '/api/user/averages',
  lifetime: '/api/analytics/lifetime?tz=UTC',
  trends: '/api/performance/trends?tz=UTC',
};

/**
 * The SQL behind each of RIDER_READS for one rider, run on `pool` (a pg.Pool, so the statements a
 * service runs in parallel run in parallel here too) and read to the last row.
 */
export const rawReads = (pool, userId) => {
  const query = async (sql, params) => (await pool.query(sql, params)).rows;
  const repository = { metadata: { tablePath: TABLE }, query };
  const analytics = new AnalyticsRepository(repository, {
    metadata: { tablePath: 'rides.rider_ride_totals' },
    query,
  });
  const rides = new RidesRepository(repository);
  const profile = () => query('SELECT * FROM rides.rider_profiles WHERE user_id = $1', [userId]);
  const newest = (limit) =>
    query(
      `SELECT * FROM ${TABLE} WHERE user_id = $1 ORDER BY start_date DESC, id DESC${limit ? ` LIMIT ${limit}` : ''}`,
      [userId],
    );
  return {
    rides: () => newest(),
    ridesPage: () =>
      Promise.all([newest(11), query(`SELECT count(*) FROM ${TABLE} WHERE user_id = $1`, [userId])]),
    dashboard: async () => {
      await profile();
      await Promise.all([rides.weeklyTotals(userId, 'UTC', new Date()), newest(DASHBOARD_RECENT_RIDES)]);
    },
    averages: () => rides.averages(userId),
    lifetime: async () => {
      await profile();
      const at = new Date();
      await Promise.all([
        analytics.lifetimeTotals(
          userId,
          new Date(at.getTime() - 2 * STAT_TREND_DAYS * DAY_MS),
          new Date(at.getTime() - STAT_TREND_DAYS * DAY_MS),
          at,
        ),
        analytics.weeklyTotals(userId, weekWindows(at, 'UTC', PROGRESS_WEEKS)),
        analytics.zoneSeconds(userId),
      ]);
    },
    trends: async () => {
      await profile();
      await analytics.weeklyTrendSums(userId, weekWindows(new Date(), 'UTC', TREND_WEEKS));
    },
  };
};

/** The first index line of EXPLAIN ANALYZE for a 12-week window of the rider's rides. */
export const windowPlan = async (pool, userId) => {
  const { rows } = await pool.query(
    `EXPLAIN (ANALYZE, FORMAT TEXT) SELECT count(*), sum(distance_m) FROM ${TABLE} WHERE user_id = $1 AND start_date >= now() - interval '84 days'`,
    [userId],
  );
  return (
    rows
      .map((r) => r['QUERY PLAN'])
      .find((l) => /Index/.test(l))
      ?.trim() ?? 'no index scan'
  );
};

const main = async () => {
  const RIDES = numberArg('rides', 10_000);
  const SAMPLES = numberArg('samples', 200);
  const PASSWORD = 'bench-rider-1';
  const ms = (value) => `${value.toFixed(1)} ms`.padStart(9);

  console.log('Starting the stack...');
  let run;
  let pool;
  try {
    run = await startScratchStack();
    pool = new pg.Pool({ connectionString: run.databaseUrl, max: 4 });
    const gateway = run.gatewayUrl;
    const post = (path, body) =>
      fetch(`${gateway}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: gateway },
        body: JSON.stringify(body),
      });
    const email = `bench-${run.env.REDIS_PREFIX}@example.com`.toLowerCase();
    const registered = await post('/api/auth/register', {
      email,
      password: PASSWORD,
      firstName: 'Bench',
      lastName: 'Rider',
    });
    if (registered.status !== 201)
      throw new Error(`register: ${registered.status} ${await registered.text()}`);
    const { id: userId } = await registered.json();

    // RIDES rides, one every 12 hours, the newest in the last hours; power, heart rate, cadence and zones.
    const started = performance.now();
    await pool.query(
      `INSERT INTO ${TABLE} (user_id, source, external_id, name, sport_type, start_date, distance_m, moving_time_s,
         elapsed_time_s, total_elevation_gain_m, average_speed_mps, average_watts, device_watts, average_heartrate,
         average_cadence, metrics)
       SELECT $1, 'demo', 'bench-' || i, 'Bench ride ' || i, 'Ride', now() - (i * interval '12 hours') - interval '1 hour',
         20000 + (i % 50) * 1000, 3600 + (i % 30) * 120, 3900 + (i % 30) * 120, 100 + (i % 40) * 15,
         (20000 + (i % 50) * 1000)::float8 / (3600 + (i % 30) * 120), 180 + (i % 60), true, 130 + (i % 35), 80 + (i % 20),
         jsonb_build_object('source', 'summary',
           'powerZones', (SELECT jsonb_agg(jsonb_build_object('zone', z, 'seconds', 300 + ((i + z) % 7) * 60)) FROM generate_series(1, 7) z),
           'heartRateZones', (SELECT jsonb_agg(jsonb_build_object('zone', z, 'seconds', 400 + ((i + z) % 5) * 60)) FROM generate_series(1, 5) z))
       FROM generate_series(1, $2::int) i`,
      [userId, RIDES],
    );
    await pool.query(`ANALYZE ${TABLE}`);
    console.log(`Wrote ${RIDES} rides in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    // Trends are Pro: the rider becomes pro and signs in again, so the session carries the tier.
    await pool.query(`UPDATE auth.users SET subscription_tier = 'pro' WHERE id = $1`, [userId]);
    const login = await post('/api/auth/login', { email, password: PASSWORD });
    if (!login.ok) throw new Error(`login: ${login.status} ${await login.text()}`);
    const cookie = login.headers.get('set-cookie').split(';')[0];
    const get = async (path) => {
      const answer = await fetch(`${gateway}${path}`, { headers: { cookie } });
      const body = await answer.arrayBuffer();
      if (!answer.ok) throw new Error(`${path}: ${answer.status} ${Buffer.from(body).toString()}`);
      return body.byteLength;
    };

    const raw = rawReads(pool, userId);
    console.log(`
Reads of one rider with ${RIDES} rides (${SAMPLES} sequential calls each; the full list ${Math.ceil(SAMPLES / 10)})
                                    gateway p50  gateway p99   raw SQL p50  raw SQL p99   p50 ratio`);
    for (const [name, path] of Object.entries(RIDER_READS)) {
      const samples = name === 'rides' ? Math.ceil(SAMPLES / 10) : SAMPLES;
      const bytes = await get(path);
      const gatewayTimes = await measure(() => get(path), samples);
      const rawTimes = await measure(raw[name], samples);
      console.log(
        `  ${`GET ${path}`.padEnd(31)} ${ms(gatewayTimes.p50)}    ${ms(gatewayTimes.p99)}    ${ms(rawTimes.p50)}    ${ms(rawTimes.p99)}    ${(gatewayTimes.p50 / rawTimes.p50).toFixed(2)}x  (${bytes} B)`,
      );
    }
    console.log(`\nIndex use for a 12-week window: ${await windowPlan(pool, userId)}`);
  } finally {
    await pool?.end().catch(() => undefined);
    await run?.stop();
  }
};

if (isEntry(import.meta.url)) await main();
