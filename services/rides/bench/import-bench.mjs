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
// `npm run bench` (infra/dev/bench/bench.mjs) imports the functions below.
import pg from 'pg';
import { isEntry, numberArg } from '../../../infra/dev/bench/cli.mjs';
import { percentiles, startScratchStack } from '../../../infra/dev/scratch-stack.mjs';
import { SIMULATORS, stackProcesses } from '../../../infra/dev/stack.mjs';
import { startStravaSimulator } from '../../../infra/simulators/dist/strava/index.js';

const UNLIMITED = '1000000,10000000';

/** An in-process Strava simulator with one athlete of `activities` activities and raised limits. */
export const startImportSimulator = (activities) =>
  startStravaSimulator({
    seed: 42,
    athletes: [{ activities, profile: 'racer' }],
    rateLimits: {
      overall15m: 1_000_000,
      overallDaily: 10_000_000,
      read15m: 1_000_000,
      readDaily: 10_000_000,
    },
  });

/** What startScratchStack needs to run against that simulator instead of its own. */
export const importStackOptions = (strava) => {
  const own = new Set(SIMULATORS.filter((s) => /strava/i.test(s.name)).map((s) => s.name));
  return {
    env: {
      STRAVA_API_URL: strava.apiUrl,
      STRAVA_OAUTH_URL: strava.oauthUrl,
      STRAVA_RATE_LIMIT: UNLIMITED,
      STRAVA_READ_RATE_LIMIT: UNLIMITED,
    },
    processes: (stackEnv) => stackProcesses(stackEnv).filter((p) => !own.has(p.name)),
  };
};

/**
 * Registers a rider and connects them to one of the simulator's athletes through the gateway (the
 * OAuth flow a browser goes through). Answers the rider's id, a signed-in GET and when the callback
 * (which queues the first sync) was reached.
 */
export const connectAthlete = async ({ gatewayUrl, athleteId, email }) => {
  const register = await fetch(`${gatewayUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: gatewayUrl },
    body: JSON.stringify({ email, password: 'bench-rider-1', firstName: 'Bench', lastName: 'Importer' }),
  });
  if (register.status !== 201) throw new Error(`register: ${register.status} ${await register.text()}`);
  const { id: userId } = await register.json();
  const cookie = register.headers.get('set-cookie').split(';')[0];
  const get = (path) => fetch(`${gatewayUrl}${path}`, { headers: { cookie }, redirect: 'manual' });

  const connect = await get('/api/strava/connect');
  const authorize = new URL(connect.headers.get('location'));
  const form = new URLSearchParams({
    client_id: authorize.searchParams.get('client_id'),
    redirect_uri: authorize.searchParams.get('redirect_uri'),
    response_type: 'code',
    approval_prompt: 'force',
    state: authorize.searchParams.get('state'),
    requested_scope: authorize.searchParams.get('scope'),
    athlete: String(athleteId),
    decision: 'authorize',
    scope: 'read',
  });
  form.append('scope', 'activity:read_all');
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
  return { userId, get, started };
};

/**
 * Connects a new rider to the simulator's first athlete through the gateway (OAuth flow), waits
 * until every ride is listed and every stream fetched, and answers the counters and times.
 */
export const importAthlete = async ({ gatewayUrl, databaseUrl, strava, storm = 0, email }) => {
  const [athlete] = strava.control.athletes();
  strava.control.resetCounters();
  if (storm > 0) strava.control.rateLimitStorm(storm);
  const { userId, get, started } = await connectAthlete({ gatewayUrl, athleteId: athlete.id, email });

  let listedMs;
  while (listedMs === undefined) {
    const status = await (await get('/api/strava/sync')).json();
    if (status.state === 'failed') throw new Error(`sync failed: ${status.message}`);
    if (status.state === 'completed') listedMs = performance.now() - started;
    else await new Promise((r) => setTimeout(r, 100));
  }
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    for (;;) {
      const { rows } = await db.query(
        `SELECT count(*)::int AS rides, count(*) FILTER (WHERE streams_fetched_at IS NULL)::int AS pending
         FROM rides.rides WHERE user_id = $1`,
        [userId],
      );
      if (rows[0].rides > 0 && rows[0].pending === 0) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    const wallMs = performance.now() - started;
    const { rows } = await db.query(
      `SELECT count(*)::int AS rides, count(DISTINCT external_id)::int AS distinct_rides,
              pg_size_pretty(sum(length(s.data))) AS streams_size
       FROM rides.rides r LEFT JOIN rides.ride_streams s ON s.ride_id = r.id WHERE r.user_id = $1`,
      [userId],
    );
    return {
      athlete,
      counters: strava.control.counters(),
      listLowerBound: Math.ceil(athlete.activityCount / 200) + 1,
      stored: rows[0],
      listedMs,
      wallMs,
      get,
    };
  } finally {
    await db.end();
  }
};

const main = async () => {
  const ACTIVITIES = numberArg('activities', 2000);
  const STORM = numberArg('storm', 0);
  const SAMPLES = numberArg('samples', 200);
  const strava = await startImportSimulator(ACTIVITIES);
  console.log('Starting the stack without its Strava simulator (this one runs in-process)...');
  let run;
  try {
    run = await startScratchStack(importStackOptions(strava));
    const result = await importAthlete({
      gatewayUrl: run.gatewayUrl,
      databaseUrl: run.databaseUrl,
      strava,
      storm: STORM,
      email: `bench-${run.env.REDIS_PREFIX}@example.com`,
    });
    const { athlete, counters, stored, listedMs, wallMs, get } = result;
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
      const { p50, p99 } = percentiles(times);
      return `p50 ${p50.toFixed(1)} ms  p99 ${p99.toFixed(1)} ms  (${samples} calls, ${(bytes / 1024).toFixed(0)} kB each)`;
    };

    console.log(`
Strava import of one athlete: ${athlete.activityCount} activities, ${expected} of them rides
  list calls         ${counters.listCalls}   (lower bound ceil(${athlete.activityCount}/200)+1 = ${result.listLowerBound})
  stream calls       ${counters.streamCalls}
  other calls        athlete ${counters.athleteCalls}, token ${counters.tokenCalls}, refresh ${counters.refreshCalls}
  429s seen          ${counters.rateLimited}   5xx seen ${counters.serverErrors}
  rides stored       ${stored.rides} (${stored.distinct_rides} distinct; expected ${expected})  streams ${stored.streams_size}
  list import        ${(listedMs / 1000).toFixed(1)} s   (${((expected / listedMs) * 1000).toFixed(0)} rides/s)
  with every stream  ${(wallMs / 1000).toFixed(1)} s   (${((expected / wallMs) * 1000).toFixed(1)} rides/s)

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
};

if (isEntry(import.meta.url)) await main();
