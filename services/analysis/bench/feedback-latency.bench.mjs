// End-to-end latency of a ride analysis: POST /api/rides/{id}/ai-feedback through the gateway, the
// analysis API, the ride-analysis queue and worker (built-in engine), the rides service's internal
// context endpoint and back; plus the engine's analyses per second on one core.
// Build first:  npx nx run-many -t build
// Run:          node services/analysis/bench/feedback-latency.bench.mjs [rides=200] [concurrency=8]
// It starts the whole system on free ports against a scratch database (like the e2e tests).
import pg from 'pg';
import { startScratchStack } from '../../../infra/dev/scratch-stack.mjs';
import { describeEngine, measureEngine } from './coach-engine.bench.mjs';

const rides = Number(process.argv[2] ?? 200);
const concurrency = Number(process.argv[3] ?? 8);

// 1. The engine alone, on one core.
console.log(describeEngine(measureEngine(3)));

// 2. Through the gateway.
const run = await startScratchStack();
const { env, gatewayUrl } = run;
const db = new pg.Client({ connectionString: run.databaseUrl });
await db.connect();

const origin = new URL(env.PUBLIC_URL).origin;
let cookie = '';
const call = async (method, path, body) => {
  const answer = await fetch(`${gatewayUrl}${path}`, {
    method,
    headers: { origin, cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const set = answer.headers.getSetCookie?.() ?? [];
  if (set.length) cookie = set.map((c) => c.split(';')[0]).join('; ');
  return answer;
};

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const summary = (label, latencies, wallMs) => {
  const sorted = [...latencies].sort((a, b) => a - b);
  console.log(
    `${label}: ${sorted.length} analyses, p50 ${percentile(sorted, 50).toFixed(1)} ms, ` +
      `p99 ${percentile(sorted, 99).toFixed(1)} ms, max ${sorted.at(-1).toFixed(1)} ms` +
      (wallMs ? `, ${((sorted.length / wallMs) * 1000).toFixed(1)} analyses/s overall` : ''),
  );
};

try {
  const email = `bench-${Date.now()}@example.com`;
  const registered = await call('POST', '/api/auth/register', {
    email,
    password: 'bench-password-1',
    firstName: 'Bench',
    lastName: 'Rider',
  });
  const { id: userId } = await registered.json();
  // a paid rider (no monthly limit), signed in again so the session carries the tier
  await db.query(`UPDATE auth.users SET subscription_tier = 'pro' WHERE id = $1`, [userId]);
  await call('POST', '/api/auth/logout');
  await call('POST', '/api/auth/login', { email, password: 'bench-password-1' });

  const metrics = (i) => ({
    source: 'streams',
    averagePower: 170 + (i % 40),
    normalizedPower: 185 + (i % 45),
    variabilityIndex: 1.05 + (i % 10) / 100,
    intensityFactor: 0.65 + (i % 20) / 100,
    trainingStressScore: 60 + (i % 80),
    efficiencyFactor: 1.3 + (i % 20) / 100,
    aerobicDecoupling: (i % 12) - 2,
    ftp: 260,
    ftpSource: 'rider',
    lthr: 166,
    powerZones: [1, 2, 3, 4, 5, 6, 7].map((zone) => ({ zone, seconds: 300 + ((i * zone * 37) % 1500) })),
    heartRateZones: [1, 2, 3, 4, 5].map((zone) => ({ zone, seconds: 400 + ((i * zone * 53) % 1800) })),
    bestEfforts: [5, 60, 300, 1200, 3600].map((durationSeconds) => ({
      durationSeconds,
      watts: 250 + 400 / Math.sqrt(durationSeconds),
    })),
    maxPower: 700,
    maxHeartrate: 178,
  });
  const { rows } = await db.query(
    `INSERT INTO rides.rides (user_id, source, external_id, name, sport_type, start_date, time_zone, distance_m,
       moving_time_s, elapsed_time_s, total_elevation_gain_m, average_speed_mps, average_watts, device_watts,
       average_heartrate, average_cadence, metrics)
     SELECT $1, 'demo', 'bench-' || g, 'Bench ride ' || g, 'Ride', now() - g * interval '1 day', 'UTC',
       30000 + g * 97 % 50000, 3600 + g * 31 % 7200, 4000 + g * 31 % 7200, 200 + g * 13 % 900, 8 + g % 4, 180, true,
       135 + g % 20, 82 + g % 10, ($2::jsonb)
     FROM generate_series(1, $3) AS g RETURNING id`,
    [userId, JSON.stringify(metrics(7)), rides],
  );
  const ids = rows.map((r) => r.id);

  const analyse = async (rideId) => {
    const started = performance.now();
    const answer = await call('POST', `/api/rides/${rideId}/ai-feedback`);
    const body = await answer.json();
    if (answer.status !== 200 || !body.summary) throw new Error(`${answer.status} ${JSON.stringify(body)}`);
    return performance.now() - started;
  };

  // warm up (JIT, connection pools), then one at a time, then `concurrency` at a time
  for (const rideId of ids.slice(0, 10)) await analyse(rideId);
  const half = Math.floor((ids.length - 10) / 2);
  const sequential = [];
  for (const rideId of ids.slice(10, 10 + half)) sequential.push(await analyse(rideId));
  summary('request -> feedback through the gateway, one at a time', sequential);

  const queue = ids.slice(10 + half);
  const parallel = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let rideId = queue.shift(); rideId; rideId = queue.shift()) parallel.push(await analyse(rideId));
    }),
  );
  summary(
    `request -> feedback through the gateway, ${concurrency} at a time`,
    parallel,
    performance.now() - started,
  );
} finally {
  await db.end();
  await run.stop();
}
