#!/usr/bin/env node
// Benchmark (not a test): imports a Strava athlete with 2,000 activities through the real system and
// prints the Strava calls it took, the wall time, and the read latencies through the gateway.
//
//   npx nx run-many -t build -p @domestique/simulators @domestique/rides @domestique/gateway  (and the rest)
//   node services/rides/bench/import-bench.mjs [--activities=2000] [--storm=0] [--samples=200]
//
// It starts its own Strava simulator (rate limits raised so the run is not a day long: with Strava's
// default 100 reads per 15 minutes, 2,000 stream fetches take 5 hours of windows), a fresh database
// and Redis prefix, and every service and the gateway from their built output.
import pg from 'pg';
import { startScratchStack } from '../../../infra/dev/scratch-stack.mjs';
import { SIMULATORS, stackProcesses } from '../../../infra/dev/stack.mjs';
import { startStravaSimulator } from '../../../infra/simulators/dist/strava/index.js';

const arg = (name, fallback) => {
  const found = process.argv.find((a) => a.startsWith(`--${name}=`));
  return found ? Number(found.split('=')[1]) : fallback;
};
const ACTIVITIES = arg('activities', 2000);
const STORM = arg('storm', 0);
const SAMPLES = arg('samples', 200);

const strava = await startStravaSimulator({
  seed: 42,
  athletes: [{ activities: ACTIVITIES, profile: 'racer' }],
  rateLimits: { overall15m: 1_000_000, overallDaily: 10_000_000, read15m: 1_000_000, readDaily: 10_000_000 },
});
const [athlete] = strava.control.athletes();

const stravaSimulators = new Set(SIMULATORS.filter((s) => /strava/i.test(s.name)).map((s) => s.name));
console.log('Starting the stack without its Strava simulator (this one runs in-process)...');
let run;
let env;
let prefix;
try {
  run = await startScratchStack({
    env: {
      STRAVA_API_URL: strava.apiUrl,
      STRAVA_OAUTH_URL: strava.oauthUrl,
      STRAVA_RATE_LIMIT: '1000000,10000000',
      STRAVA_READ_RATE_LIMIT: '1000000,10000000',
    },
    processes: (stackEnv) => stackProcesses(stackEnv).filter((p) => !stravaSimulators.has(p.name)),
  });
  env = run.env;
  prefix = env.REDIS_PREFIX;
  const gateway = run.gatewayUrl;
  // A rider with a session, connected to the athlete through the OAuth flow.
  const register = await fetch(`${gateway}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: gateway },
    body: JSON.stringify({
      email: `bench-${prefix}@example.com`,
      password: 'bench-rider-1',
      firstName: 'Bench',
      lastName: 'Rider',
    }),
  });
  if (register.status !== 201) throw new Error(`register: ${register.status} ${await register.text()}`);
  const cookie = register.headers.get('set-cookie').split(';')[0];
  const get = (path) => fetch(`${gateway}${path}`, { headers: { cookie }, redirect: 'manual' });

  const connect = await get('/api/strava/connect');
  const authorize = new URL(connect.headers.get('location'));
  const form = new URLSearchParams({
    client_id: authorize.searchParams.get('client_id'),
    redirect_uri: authorize.searchParams.get('redirect_uri'),
    response_type: 'code',
    approval_prompt: 'force',
    state: authorize.searchParams.get('state'),
    requested_scope: authorize.searchParams.get('scope'),
    athlete: String(athlete.id),
    decision: 'authorize',
    scope: 'read',
  });
  form.append('scope', 'activity:read_all');
  strava.control.resetCounters();
  if (STORM > 0) strava.control.rateLimitStorm(STORM);
  const decided = await fetch(`${authorize.origin}/oauth/authorize`, {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
  const back = new URL(decided.headers.get('location'));
  const started = performance.now();
  const callback = await get(`${back.pathname}${back.search}`);
  if (callback.headers.get('location') !== '/dashboard?strava=connected')
    throw new Error(`callback: ${callback.status} ${callback.headers.get('location')}`);

  let listed = 0;
  for (;;) {
    const status = await (await get('/api/strava/sync')).json();
    if (status.state === 'failed') throw new Error(`sync failed: ${status.message}`);
    if (status.state === 'completed') {
      listed = performance.now() - started;
      break;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const db = new pg.Client({ connectionString: env.DATABASE_URL });
  await db.connect();
  for (;;) {
    const { rows } = await db.query(
      'SELECT count(*)::int AS rides, count(*) FILTER (WHERE streams_fetched_at IS NULL)::int AS pending FROM rides.rides',
    );
    if (rows[0].rides > 0 && rows[0].pending === 0) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  const wall = performance.now() - started;
  const { rows } = await db.query(
    `SELECT count(*)::int AS rides, count(DISTINCT external_id)::int AS distinct_rides,
            pg_size_pretty(sum(length(s.data))) AS streams_size
     FROM rides.rides r LEFT JOIN rides.ride_streams s ON s.ride_id = r.id`,
  );
  await db.end();
  const counters = strava.control.counters();
  const expected = athlete.cyclingActivityCount;

  const latency = async (path, samples) => {
    for (let i = 0; i < 5; i += 1) await (await get(path)).arrayBuffer();
    const times = [];
    let bytes = 0;
    for (let i = 0; i < samples; i += 1) {
      const t = performance.now();
      const answer = await get(path);
      bytes = (await answer.arrayBuffer()).byteLength;
      if (!answer.ok) throw new Error(`${path}: ${answer.status}`);
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(1);
    return `p50 ${at(0.5)} ms  p99 ${at(0.99)} ms  (${samples} calls, ${(bytes / 1024).toFixed(0)} kB each)`;
  };

  console.log(`
Strava import of one athlete: ${athlete.activityCount} activities, ${expected} of them rides
  list calls         ${counters.listCalls}   (lower bound ceil(${athlete.activityCount}/200)+1 = ${Math.ceil(athlete.activityCount / 200) + 1})
  stream calls       ${counters.streamCalls}
  other calls        athlete ${counters.athleteCalls}, token ${counters.tokenCalls}, refresh ${counters.refreshCalls}
  429s seen          ${counters.rateLimited}   5xx seen ${counters.serverErrors}
  rides stored       ${rows[0].rides} (${rows[0].distinct_rides} distinct; expected ${expected})  streams ${rows[0].streams_size}
  list import        ${(listed / 1000).toFixed(1)} s   (${((expected / listed) * 1000).toFixed(0)} rides/s)
  with every stream  ${(wall / 1000).toFixed(1)} s   (${((expected / wall) * 1000).toFixed(1)} rides/s)

Reads through the gateway for that rider (${expected} rides):
  GET /api/rides                 ${await latency('/api/rides', Math.max(20, Math.floor(SAMPLES / 5)))}
  GET /api/rides?limit=10        ${await latency('/api/rides?limit=10', SAMPLES)}
  GET /api/dashboard/stats       ${await latency('/api/dashboard/stats', SAMPLES)}
  GET /api/user/averages         ${await latency('/api/user/averages', SAMPLES)}
`);
} finally {
  await run?.stop();
  await strava.close();
}
