#!/usr/bin/env node
// Benchmark (not a test): lifetime analytics and performance trends for a rider with 10,000 rides,
// through the gateway (session, proxy, identity token, service, SQL) against the same aggregates run
// straight on PostgreSQL with the service's own repository. Prints p50/p99 and their ratio.
//
//   npx nx run-many -t build   (every service, the gateway and the simulators)
//   node services/rides/bench/analytics-bench.mjs [--rides=10000] [--samples=200]
//
// It starts the whole stack from the built output on a fresh database and Redis prefix; the rides
// are written by one SQL statement (the import path has its own benchmark, import-bench.mjs).
import pg from 'pg';
import { measure, startScratchStack } from '../../../infra/dev/scratch-stack.mjs';
import { AnalyticsRepository } from '../dist/analytics/analytics.repository.js';
import { weekWindows } from '../dist/analytics/calendar.js';

const arg = (name, fallback) => {
  const found = process.argv.find((a) => a.startsWith(`--${name}=`));
  return found ? Number(found.split('=')[1]) : fallback;
};
const RIDES = arg('rides', 10_000);
const SAMPLES = arg('samples', 200);
const PASSWORD = 'bench-rider-1';

console.log('Starting the stack...');
let run;
let db;

const ms = (value) => `${value.toFixed(1)} ms`.padStart(9);

try {
  run = await startScratchStack();
  db = new pg.Client({ connectionString: run.databaseUrl });
  const gateway = run.gatewayUrl;
  const post = (path, body, cookie) =>
    fetch(`${gateway}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: gateway, ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
  const email = `bench-${run.env.REDIS_PREFIX}@example.com`.toLowerCase();
  const register = await post('/api/auth/register', {
    email,
    password: PASSWORD,
    firstName: 'Bench',
    lastName: 'Rider',
  });
  if (register.status !== 201) throw new Error(`register: ${register.status} ${await register.text()}`);
  const { id: userId } = await register.json();

  // 10,000 rides over ~14 years, the newest in the last days; power, heart rate, cadence and zones.
  await db.connect();
  const started = performance.now();
  await db.query(
    `INSERT INTO rides.rides (user_id, source, external_id, name, sport_type, start_date, distance_m, moving_time_s,
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
  await db.query('ANALYZE rides.rides');
  console.log(`Wrote ${RIDES} rides in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  // Trends are Pro: the rider becomes pro and signs in again, so the session carries the tier.
  await db.query(`UPDATE auth.users SET subscription_tier = 'pro' WHERE id = $1`, [userId]);
  const login = await post('/api/auth/login', { email, password: PASSWORD });
  if (!login.ok) throw new Error(`login: ${login.status} ${await login.text()}`);
  const cookie = login.headers.get('set-cookie').split(';')[0];
  const get = async (path) => {
    const answer = await fetch(`${gateway}${path}`, { headers: { cookie } });
    const body = await answer.arrayBuffer();
    if (!answer.ok) throw new Error(`${path}: ${answer.status} ${Buffer.from(body).toString()}`);
    return body.byteLength;
  };

  // The same aggregates, straight on PostgreSQL, through the service's own repository.
  const repository = new AnalyticsRepository({
    metadata: { tablePath: 'rides.rides' },
    query: async (sql, params) => (await db.query(sql, params)).rows,
  });
  const now = () => new Date();
  const rawLifetime = async () => {
    const at = now();
    await Promise.all([
      repository.lifetimeTotals(userId, new Date(at - 60 * 86_400_000), new Date(at - 30 * 86_400_000), at),
      repository.weeklyTotals(userId, weekWindows(at, 'UTC', 12)),
      repository.zoneSeconds(userId),
    ]);
  };
  const rawTrends = () => repository.weeklyTrendSums(userId, weekWindows(now(), 'UTC', 12));

  const lifetimeBytes = await get('/api/analytics/lifetime?tz=UTC');
  const trendsBytes = await get('/api/performance/trends?tz=UTC');
  const rows = [
    [
      'GET /api/analytics/lifetime',
      await measure(() => get('/api/analytics/lifetime?tz=UTC'), SAMPLES),
      await measure(rawLifetime, SAMPLES),
      lifetimeBytes,
    ],
    [
      'GET /api/performance/trends',
      await measure(() => get('/api/performance/trends?tz=UTC'), SAMPLES),
      await measure(rawTrends, SAMPLES),
      trendsBytes,
    ],
  ];
  console.log(`
Lifetime analytics and trends for one rider with ${RIDES} rides (${SAMPLES} sequential calls each)
                                   gateway p50  gateway p99   raw SQL p50  raw SQL p99   p50 ratio`);
  for (const [name, gatewayTimes, rawTimes, bytes] of rows) {
    console.log(
      `  ${name.padEnd(30)} ${ms(gatewayTimes.p50)}    ${ms(gatewayTimes.p99)}    ${ms(rawTimes.p50)}    ${ms(rawTimes.p99)}    ${(gatewayTimes.p50 / rawTimes.p50).toFixed(2)}x  (${bytes} B)`,
    );
  }
  const { rows: plan } = await db.query(
    `EXPLAIN (ANALYZE, FORMAT TEXT) SELECT count(*), sum(distance_m) FROM rides.rides WHERE user_id = $1 AND start_date >= now() - interval '84 days'`,
    [userId],
  );
  console.log(
    `\nIndex use for a 12-week window: ${
      plan
        .map((r) => r['QUERY PLAN'])
        .find((l) => /Index/.test(l))
        ?.trim() ?? 'no index scan'
    }`,
  );
} finally {
  await db?.end().catch(() => undefined);
  await run?.stop();
}
