#!/usr/bin/env node
// npm run test:resilience: fault injection against the real system. It starts a private PostgreSQL
// cluster and Redis server (so it can stop and restart them without touching anyone else's), every
// service, worker and simulator and the gateway from their built output, then runs each scenario,
// printing what it did and what it checked. Exits non-zero when a check fails.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { localEnv, ROOT } from '../env.mjs';
import { Queue } from 'bullmq';
import {
  freePort,
  replicaNames,
  replicaPorts,
  replicatedProcesses,
  SIMULATORS,
  stackProcesses,
  startStack,
  withFreePorts,
} from '../stack.mjs';
import { badRequests, graphqlProblemWith, problemWith } from './bad-input.mjs';
import {
  MUTATIONS_QUERY,
  mutationsOf,
  runSchemaCampaign,
  schemaRows,
  uncovered,
} from './schema-campaign.mjs';
import { httpSession, simControl } from './http-session.mjs';
import { loadMix } from './load.mjs';
import { startPrivatePostgres, startPrivateRedis } from './private-infra.mjs';
import { balancerProcess, replicaEnv, replicaScenarios } from './replicas.mjs';

const requestCount = Number(process.argv.find((arg) => arg.startsWith('--requests='))?.slice(11) ?? 10_000);
/** The bad-input campaign's seed: printed, and `--seed=` replays a run. */
const seed = Number(process.argv.find((arg) => arg.startsWith('--seed='))?.slice(7) ?? Date.now() % 2 ** 31);
/** How many valid inputs each schema row sends (after the broken ones). */
const validRuns = Number(process.argv.find((arg) => arg.startsWith('--valid-runs='))?.slice(13) ?? 20);
const only = process.argv
  .find((arg) => arg.startsWith('--only='))
  ?.slice(7)
  .split(',');
/**
 * `--replicas=2`: two gateways and two of every service API and worker behind local balancers, and
 * the scenarios of more than one machine (replicas.mjs) plus the Redis restart, instead of the rest.
 */
const replicas = Number(process.argv.find((arg) => arg.startsWith('--replicas='))?.slice(11) ?? 1);
const runStarted = Date.now();
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const say = (line) => console.log(`    ${line}`);

/** Polls `check` until it answers something truthy; throws `what` after `timeoutMs`. */
const eventually = async (check, timeoutMs, what, everyMs = 250) => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms: ${what}`);
    await sleep(everyMs);
  }
};

const postgres = await startPrivatePostgres({ maxConnections: replicas > 1 ? 100 + 60 * replicas : 100 });
const redis = await startPrivateRedis();
let stack;
const cleanUp = async () => {
  await stack?.stop();
  postgres.remove();
  await redis.remove();
};
process.once('SIGINT', () => void cleanUp().then(() => process.exit(130)));
const admin = new pg.Client({ connectionString: postgres.url });
await admin.connect();
await admin.query('CREATE DATABASE domestique');
await admin.end();

const openAiFakePort = String(await freePort());
/** Prometheus' bearer on every process's /metrics in this run (the metrics scenario scrapes them). */
const METRICS_TOKEN = 'resilience-metrics-token';
const baseEnv = await withFreePorts({
  METRICS_TOKEN,
  ...localEnv(),
  NODE_ENV: 'test',
  LOG_LEVEL: 'info',
  DATABASE_URL: postgres.databaseUrl('domestique'),
  REDIS_URL: redis.url,
  REDIS_PREFIX: 'resilience',
  WEB_DIST: '',
  ARGON2_MEMORY_KIB: '8192',
  ARGON2_ITERATIONS: '1',
  THROTTLE_REGISTER_PER_IP: '100000',
  THROTTLE_LOGIN_PER_IP: '100000',
  STRAVA_PUSH_SUBSCRIPTION: 'false',
  STRAVA_SIM_ATHLETES: '6',
  // small histories keep each import to seconds; the kill-mid-sync athlete is the largest
  STRAVA_SIM_ACTIVITIES: '20,24,28,32,36,60',
  // Strava's real read budget (100 per 15 minutes) would make the later imports wait for the next
  // window (the rides worker honours it); the 429 scenario injects its own storm instead
  STRAVA_SIM_RATE_LIMIT: '100000,1000000',
  STRAVA_SIM_READ_RATE_LIMIT: '100000,1000000',
  // ride analyses go through the OpenAI fake (so they can be made slow and interrupted); a worker
  // killed mid-analysis leaves its jobs locked for the analysis lock (60 s at these settings)
  OPENAI_FAKE_PORT: openAiFakePort,
  OPENAI_API_KEY: 'sk-fake-domestique',
  OPENAI_FAKE_API_KEY: 'sk-fake-domestique',
  OPENAI_BASE_URL: `http://127.0.0.1:${openAiFakePort}/v1`,
  OPENAI_TIMEOUT_MS: '10000',
  OPENAI_MAX_RETRIES: '0',
  OPENAI_FAKE_SLOW_MS: '3000',
  // how long a request for a ride's first analysis waits for its job before answering 503
  ANALYSIS_WAIT_MS: '60000',
  LLM_EXCLUDE_STRAVA_DATA: 'false',
});
/** each replica's port, by port variable (the variable's own port is then its balancer's) */
const ports = replicas > 1 ? await replicaPorts(replicas) : undefined;
const env = ports ? { ...baseEnv, ...replicaEnv(baseEnv, ports) } : baseEnv;
const logDir = join(ROOT, 'test-results/resilience-logs');
console.log(`Private PostgreSQL on ${postgres.port}, Redis on ${redis.port}; process logs in ${logDir}`);
try {
  const processes = ports ? replicatedProcesses(stackProcesses(env), ports) : stackProcesses(env);
  processes.splice(SIMULATORS.length, 0, {
    name: 'openai-fake',
    entry: 'infra/simulators/dist/openai/main.js',
    health: `http://127.0.0.1:${openAiFakePort}/health`,
  });
  if (ports) processes.unshift(balancerProcess(env, ports));
  if (ports)
    console.log(
      `${replicas} replicas of the gateway and of every service API and worker (${processes.length} processes)`,
    );
  stack = await startStack({ env, logs: 'files', logDir, timeoutMs: 120_000, processes });
} catch (error) {
  await cleanUp();
  throw error;
}
const gateway = stack.gatewayUrl;
const strava = simControl(`http://127.0.0.1:${env.STRAVA_SIM_PORT}`);
const stripe = simControl(`http://127.0.0.1:${env.STRIPE_SIM_PORT}`);
const openAi = simControl(`http://127.0.0.1:${openAiFakePort}`);
const analysisQueue = new Queue('ride-analysis', {
  connection: { host: '127.0.0.1', port: redis.port, maxRetriesPerRequest: null },
  prefix: env.REDIS_PREFIX,
  skipVersionCheck: true,
});
analysisQueue.on('error', () => undefined);
const db = new pg.Pool({ connectionString: env.DATABASE_URL, max: 2 });
// the pool must survive the PostgreSQL restart scenario
db.on('error', () => undefined);
const one = async (sql, params) => (await db.query(sql, params)).rows[0];

let riders = 0;
const registerRider = async () => {
  const rider = httpSession(gateway);
  riders += 1;
  const email = `resilience-${riders}-${Date.now().toString(36)}@example.com`;
  const password = 'resilience-1';
  const answer = await rider.post('/api/auth/register', {
    email,
    password,
    firstName: 'Res',
    lastName: `Ilient${riders}`,
  });
  assert.equal(answer.status, 201, `register: ${answer.status} ${JSON.stringify(answer.json)}`);
  return { rider, userId: answer.json.id, email, password };
};

const healthOf = async (url) => {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(1500) })).status;
  } catch {
    return 0;
  }
};
const serviceHealthUrls = stack.children
  .filter(({ proc }) => /^(auth|rides|analysis|billing|admin)(-worker)?(-\d+)?$/.test(proc.name))
  .map(({ proc }) => ({ name: proc.name, url: proc.health }));

/** Connects the rider's Strava (the simulator's athlete) through the real OAuth callback. */
const connectStrava = async (rider, athleteId) => {
  const connect = await rider.get('/api/strava/connect');
  assert.equal(connect.status, 302, `connect: ${connect.status}`);
  const state = new URL(connect.location).searchParams.get('state');
  const { code } = await strava(`/athletes/${athleteId}/authorization-code`, {
    scope: 'read,activity:read_all',
  });
  const callback = await rider.get(
    `/api/strava/callback?state=${encodeURIComponent(state)}&code=${code}&scope=read,activity:read_all`,
  );
  assert.match(
    callback.location ?? '',
    /strava=connected/,
    `callback: ${callback.status} ${callback.location}`,
  );
};

const expectedRides = async (athleteId) => {
  const activities = await strava(`/athletes/${athleteId}/activities`, undefined, 'GET');
  return activities.filter((a) => /Ride$/.test(a.sport_type)).length;
};

const rideState = (userId) =>
  one(
    `SELECT count(*)::int AS rides, count(DISTINCT external_id)::int AS distinct_ids,
            count(*) FILTER (WHERE streams_fetched_at IS NULL)::int AS streams_pending
     FROM rides.rides WHERE user_id = $1`,
    [userId],
  );

/** Waits until the rider has every expected ride with its streams fetched; answers the final state. */
const importSettled = (userId, expected, timeoutMs) =>
  eventually(
    async () => {
      const state = await rideState(userId);
      return state.rides >= expected && state.streams_pending === 0 ? state : undefined;
    },
    timeoutMs,
    `the import of ${expected} rides`,
  );

/** A Pro checkout session for a new rider (billing opens the account from the sign-up event: until then 503). */
const proCheckout = async (rider) => {
  let last;
  const checkout = await eventually(
    async () => {
      last = await rider.post('/api/stripe/create-checkout-session', { priceId: env.STRIPE_PRICE_PRO });
      return last.status === 503 && last.json?.code === 'BILLING_ACCOUNT_NOT_READY' ? undefined : last;
    },
    15_000,
    'the billing account of a new rider',
  );
  assert.equal(checkout.status, 200, `checkout: ${checkout.status} ${JSON.stringify(checkout.json)}`);
  return checkout;
};

/** A Pro rider: pays the Pro checkout on the Stripe simulator. */
const proRider = async () => {
  const { rider, userId } = await registerRider();
  const checkout = await proCheckout(rider);
  await stripe(`/checkout/${checkout.json.sessionId}/pay`);
  await eventually(
    async () => (await rider.get('/api/auth/user')).json?.subscriptionTier === 'pro',
    30_000,
    'the rider to be Pro',
  );
  return { rider, userId };
};

/** A rider an admin made Elite (Elite is not sold unless ELITE_ON_SALE is on). */
const eliteRider = async (admin) => {
  const { rider, userId } = await registerRider();
  // billing learns of a new rider from its registration event: until then the change answers 404
  let changed;
  await eventually(
    async () => {
      changed = await admin.patch(`/api/admin/users/${userId}`, { subscriptionTier: 'elite' });
      return changed.status !== 404;
    },
    30_000,
    'billing to know the new rider',
  );
  assert.ok(changed.status < 300, `tier change: ${changed.status} ${JSON.stringify(changed.json)}`);
  await eventually(
    async () => (await rider.get('/api/auth/user')).json?.subscriptionTier === 'elite',
    30_000,
    'the rider to be Elite',
  );
  return { rider, userId };
};

const signInAdmin = async () => {
  const admin = httpSession(gateway);
  const answer = await admin.post('/api/admin/login', {
    username: env.ADMIN_USERNAME,
    password: env.ADMIN_PASSWORD,
  });
  assert.ok(answer.status < 300, `admin login: ${answer.status}`);
  return admin;
};

/** Rows of every table of every service's schema. */
const tableCounts = async () => {
  const { rows: tables } = await db.query(
    `SELECT table_schema, table_name FROM information_schema.tables
     WHERE table_schema IN ('auth', 'rides', 'analysis', 'billing', 'admin') AND table_type = 'BASE TABLE'
     ORDER BY 1, 2`,
  );
  const counts = {};
  for (const { table_schema: schema, table_name: table } of tables)
    counts[`${schema}.${table}`] = (await one(`SELECT count(*)::int AS n FROM "${schema}"."${table}"`)).n;
  return counts;
};

/** Rows that point at a user who does not exist (a partial write or a lost purge). */
const orphans = () =>
  one(`SELECT
     (SELECT count(*)::int FROM rides.rides r WHERE NOT EXISTS (SELECT 1 FROM auth.users u WHERE u.id = r.user_id)) AS rides,
     (SELECT count(*)::int FROM rides.goals g WHERE NOT EXISTS (SELECT 1 FROM auth.users u WHERE u.id = g.user_id)) AS goals,
     (SELECT count(*)::int FROM billing.billing_customers c WHERE NOT EXISTS (SELECT 1 FROM auth.users u WHERE u.id = c.user_id)) AS customers,
     (SELECT count(*)::int FROM analysis.monthly_analysis_usage q WHERE NOT EXISTS (SELECT 1 FROM auth.users u WHERE u.id = q.user_id)) AS quotas,
     (SELECT count(*)::int FROM auth.users u WHERE NOT EXISTS (SELECT 1 FROM billing.billing_customers c WHERE c.user_id = u.id)) AS users_without_billing`);

/** Sends `requests` with `concurrency` at a time; `send` answers {status, text}. */
const sendAll = async (requests, concurrency, send) => {
  const results = new Array(requests.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < requests.length) {
        const index = next++;
        results[index] = await send(requests[index]);
      }
    }),
  );
  return results;
};

/** Copies every ride of `fromUserId` to each of `userIds` (riders with a full history, no import each). */
const copyRides = async (fromUserId, userIds) => {
  const { rows: columns } = await db.query(
    `SELECT column_name FROM information_schema.columns
     WHERE table_schema = 'rides' AND table_name = 'rides' AND column_name NOT IN ('id', 'user_id')`,
  );
  const list = columns.map((c) => `"${c.column_name}"`).join(', ');
  await db.query(
    `INSERT INTO rides.rides (user_id, ${list})
     SELECT u.id, ${columns.map((c) => `r."${c.column_name}"`).join(', ')}
     FROM rides.rides r CROSS JOIN unnest($1::uuid[]) AS u(id) WHERE r.user_id = $2`,
    [userIds, fromUserId],
  );
  const { rows } = await db.query(
    `SELECT user_id, array_agg(id ORDER BY start_date DESC) AS ids FROM rides.rides WHERE user_id = ANY($1) GROUP BY user_id`,
    [userIds],
  );
  return new Map(rows.map((row) => [row.user_id, row.ids]));
};

const athletes = (await strava('/athletes', undefined, 'GET')).sort(
  (a, b) => a.cyclingActivityCount - b.cyclingActivityCount,
);
const takeAthlete = (() => {
  let next = 0;
  return () => athletes[next++ % athletes.length];
})();

/** A rider whose Strava history was imported (once, shared by the scenarios that copy it). */
let seeded;
const seededRider = () => {
  seeded ??= (async () => {
    const athlete = takeAthlete();
    const expected = await expectedRides(athlete.id);
    const seed = await registerRider();
    await connectStrava(seed.rider, athlete.id);
    await importSettled(seed.userId, expected, 180_000);
    return { userId: seed.userId, rides: expected };
  })();
  return seeded;
};

const scenarios = [
  {
    name: 'bad-input',
    title: `Bad-input campaign: ${requestCount.toLocaleString('en-US')} malformed requests over every endpoint`,
    run: async () => {
      const admin = await signInAdmin();
      const sessions = {
        free: (await registerRider()).rider,
        pro: (await proRider()).rider,
        elite: (await eliteRider(admin)).rider,
        admin,
      };
      await sleep(2000); // let the sign-up events settle before counting rows
      const ctx = { elitePriceId: env.STRIPE_PRICE_ELITE, proPriceId: env.STRIPE_PRICE_PRO };
      const send = (request) => {
        const session = request.cookie
          ? httpSession(gateway, request.cookie)
          : (sessions[request.session] ?? httpSession(gateway));
        const headers = request.realm ? { 'x-domestique-realm': request.realm } : undefined;
        return request.body === undefined && request.method === 'GET' && !headers
          ? session.get(request.path)
          : session.raw(request.method, request.path, request.contentType, request.body, headers);
      };
      // every endpoint that reads input, and every mutation with arguments, has a row
      const introspection = await httpSession(gateway).post('/graphql', { query: MUTATIONS_QUERY });
      const missingRows = await uncovered(ROOT, ctx, mutationsOf(introspection.json));
      say(`seed ${seed} (replay: npm run test:resilience -- --only=bad-input --seed=${seed})`);
      say(`checked: endpoints and mutations that take input without a schema row: ${missingRows.length}`);
      for (const missing of missingRows) say(`  ✖ ${missing}`);
      const before = await tableCounts();
      // half the requests break one rule of a proto schema; the other half are the hand-written
      // defects schemas cannot express (bodies that are not JSON, content types, sizes, sessions, ids)
      const schemaRuns = Math.max(1, Math.floor(requestCount / 2 / schemaRows(ctx).length));
      const started = Date.now();
      const broken = await runSchemaCampaign({
        ctx,
        seed,
        runs: schemaRuns,
        phase: 'broken',
        send,
        checks: { problemWith, graphqlProblemWith },
      });
      const schemaSeconds = (Date.now() - started) / 1000;
      const requests = badRequests(ctx, requestCount - broken.sent, seed);
      const answers = await sendAll(requests, 8, send);
      const seconds = (Date.now() - started) / 1000;
      const byEndpoint = new Map();
      const byStatus = new Map();
      const problems = [];
      requests.forEach((request, index) => {
        const { status, text } = answers[index];
        byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
        const row = byEndpoint.get(request.endpoint) ?? { sent: 0, statuses: new Map() };
        row.sent += 1;
        row.statuses.set(status, (row.statuses.get(status) ?? 0) + 1);
        byEndpoint.set(request.endpoint, row);
        const problem = request.path.startsWith('/graphql')
          ? graphqlProblemWith(status, text, request.graphqlField)
          : problemWith(status, text);
        if (problem)
          problems.push(`${request.endpoint} [${request.defect}] -> ${problem}: ${text.slice(0, 160)}`);
      });
      say(
        `did: sent ${broken.sent + requests.length} malformed requests in ${seconds.toFixed(1)} s (${Math.round((broken.sent + requests.length) / seconds)}/s), 8 at a time`,
      );
      say(
        `  ${broken.sent} generated from ${broken.schemas} proto schemas over ${broken.rows} endpoints and operations in ${schemaSeconds.toFixed(1)} s (${schemaRuns} each, one rule broken; answers ${[
          ...broken.statuses,
        ]
          .sort()
          .map(([status, n]) => `${status}×${n}`)
          .join(' ')}), ${requests.length} hand-written`,
      );
      say(
        `  hand-written over ${byEndpoint.size} endpoints and operations; answers by status: ${[...byStatus]
          .sort()
          .map(([status, n]) => `${status}×${n}`)
          .join(' ')}`,
      );
      for (const [endpoint, row] of [...byEndpoint].sort()) {
        const statuses = [...row.statuses]
          .sort()
          .map(([status, n]) => `${status}×${n}`)
          .join(' ');
        say(`  ${endpoint.padEnd(48)} ${String(row.sent).padStart(5)}  ${statuses}`);
      }
      await sleep(2000); // anything accepted by mistake has had time to be written
      const after = await tableCounts();
      const changed = Object.keys({ ...before, ...after }).filter((table) => before[table] !== after[table]);
      const orphanRows = await orphans();
      say(`checked: ${problems.length} answers that were not a 4xx with {message}`);
      for (const problem of problems.slice(0, 15)) say(`  ✖ ${problem}`);
      if (problems.length) {
        writeFileSync(join(logDir, 'bad-input-problems.txt'), `${problems.join('\n')}\n`);
        say(`  (all ${problems.length} in ${join(logDir, 'bad-input-problems.txt')})`);
      }
      say(
        `checked: ${Object.keys(after).length} tables, ${changed.length} with a different row count${changed.length ? `: ${changed.map((t) => `${t} ${before[t]} -> ${after[t]}`).join(', ')}` : ''}`,
      );
      say(
        `checked: rows pointing at missing users or users missing their records: ${JSON.stringify(orphanRows)}`,
      );
      say(
        `checked: ${broken.failures.length} schema rows whose broken input was not refused as it should be`,
      );
      for (const failure of broken.failures)
        say(
          `  ✖ ${failure.endpoint}: ${failure.problem}\n      smallest input: ${failure.input}\n      ${failure.replay}`,
        );
      // then input every schema accepts: answered, never refused as invalid (this phase writes)
      const validStarted = Date.now();
      const valid = await runSchemaCampaign({ ctx, seed, runs: validRuns, phase: 'valid', send });
      say(
        `did: sent ${valid.sent} valid inputs (${validRuns} per row) in ${((Date.now() - validStarted) / 1000).toFixed(1)} s; answers ${[
          ...valid.statuses,
        ]
          .sort()
          .map(([status, n]) => `${status}×${n}`)
          .join(' ')}`,
      );
      say(`checked: ${valid.failures.length} schema rows whose valid input was refused or failed`);
      for (const failure of valid.failures)
        say(
          `  ✖ ${failure.endpoint}: ${failure.problem}\n      smallest input: ${failure.input}\n      ${failure.replay}`,
        );
      assert.deepEqual(missingRows, [], 'endpoints or mutations without a schema row');
      assert.equal(broken.sent + requests.length, requestCount);
      assert.deepEqual(broken.failures, [], 'broken schema input not refused');
      assert.deepEqual(valid.failures, [], 'valid schema input refused');
      assert.equal(problems.length, 0, `${problems.length} bad answers`);
      assert.deepEqual(changed, [], 'row counts changed');
      assert.ok(
        Object.values(orphanRows).every((n) => n === 0),
        'orphan rows',
      );
    },
  },
  {
    name: 'load',
    title: '500 signed-in riders for 60 s: dashboard, rides, analytics and analysis, no errors',
    run: async () => {
      const seed = await seededRider();
      const riders = [];
      for (let batch = 0; batch < 25; batch += 1) {
        const registered = await Promise.all(Array.from({ length: 20 }, () => registerRider()));
        riders.push(...registered);
      }
      const ridesOf = await copyRides(
        seed.userId,
        riders.map((r) => r.userId),
      );
      const rideOf = new Map([...ridesOf].map(([userId, ids]) => [userId, ids[0]]));
      say(`did: signed in 500 riders, each with the ${seed.rides} rides of a synced Strava athlete`);
      const rows = await loadMix({
        gateway,
        seconds: 60,
        timeoutSeconds: Number(env.ANALYSIS_WAIT_MS) / 1000 + 15,
        say,
        riders: riders.map((r) => ({ cookie: r.rider.cookie(), rideId: rideOf.get(r.userId) })),
      });
      const errors = rows.reduce((sum, row) => sum + row.errors, 0);
      say(`checked: ${rows.reduce((sum, row) => sum + row.requests, 0)} requests, ${errors} errors`);
      assert.equal(errors, 0, `${errors} errors under load`);
    },
  },
  {
    name: 'postgres-restart',
    title: 'PostgreSQL stops and comes back: services report unhealthy, then recover on their own',
    run: async () => {
      const pids = () =>
        stack.children.map(({ proc, child }) => `${proc.name}:${child.pid}:${child.exitCode}`);
      const pidsBefore = pids();
      postgres.stop();
      say('did: stopped PostgreSQL (fast shutdown)');
      const down = await eventually(
        async () => {
          const statuses = await Promise.all(serviceHealthUrls.map(({ url }) => healthOf(url)));
          return statuses.every((status) => status === 503) ? statuses : undefined;
        },
        20_000,
        'every service and worker to answer 503',
      );
      say(`checked: all ${down.length} service and worker health checks answer 503`);
      const restarted = Date.now();
      postgres.start();
      say('did: started PostgreSQL again');
      await eventually(
        async () => {
          const statuses = await Promise.all(serviceHealthUrls.map(({ url }) => healthOf(url)));
          return statuses.every((status) => status === 200);
        },
        10_000,
        'every service and worker healthy within 10 s',
        100,
      );
      say(
        `checked: every process healthy again ${Date.now() - restarted} ms after the restart (budget 10,000 ms)`,
      );
      assert.deepEqual(pids(), pidsBefore, 'a process was restarted or exited');
      say(`checked: the same ${pidsBefore.length} processes (same pids), none restarted or exited`);
      const { rider, userId } = await registerRider();
      const limit = await eventually(
        async () => {
          const answer = await rider.get('/api/user/monthly-analysis-limit');
          return answer.status === 200 ? answer.json : undefined;
        },
        15_000,
        'the new rider quota record',
      );
      assert.equal(limit.limit, 5);
      say(
        `checked: a new rider registers (${userId.slice(0, 8)}) and the analysis service answers their quota`,
      );
    },
  },
  {
    name: 'redis-restart',
    title: 'Redis restarts while events are in flight: no event is lost',
    run: async () => {
      // the consumers are down, so the riders' events wait in Redis when it stops
      const consumers = ['billing-worker', 'analysis-worker'].flatMap((name) => replicaNames(name, replicas));
      await Promise.all(consumers.map((name) => stack.kill(name)));
      const registered = await Promise.all(Array.from({ length: 12 }, () => registerRider()));
      const ids = registered.map((r) => r.userId);
      const consumed = () =>
        one(
          `SELECT (SELECT count(*)::int FROM billing.billing_customers WHERE user_id = ANY($1)) AS billing,
                  (SELECT count(*)::int FROM analysis.monthly_analysis_usage WHERE user_id = ANY($1)) AS analysis,
                  (SELECT count(*)::int FROM auth.outbox_events WHERE published_at IS NULL) AS unpublished`,
          [ids],
        );
      // the auth worker relays the sign-up events from its outbox into Redis
      const atStop = await eventually(
        async () => {
          const row = await consumed();
          return row.unpublished === 0 ? row : undefined;
        },
        30_000,
        'the sign-up events to be relayed to Redis',
      );
      await redis.stop();
      say(
        `did: stopped ${consumers.join(', ')}, registered 12 riders, stopped Redis once their events were in it: ${24 - atStop.billing - atStop.analysis} of the 24 consumptions (billing, analysis) pending`,
      );
      assert.equal(atStop.billing + atStop.analysis, 0, 'events consumed with the consumers down');
      await sleep(3000);
      await redis.start();
      await Promise.all(consumers.map((name) => stack.relaunch(name)));
      say(
        `did: started Redis again after 3 s (append-only file kept, as in production), then the ${consumers.length} workers`,
      );
      const counts = await eventually(
        async () => {
          const row = await consumed();
          return row.billing === 12 && row.analysis === 12 && row.unpublished === 0 ? row : undefined;
        },
        60_000,
        'every user.registered event consumed by billing and analysis',
      );
      say(
        `checked: billing has ${counts.billing}/12 customers and analysis ${counts.analysis}/12 quota records; the outbox is empty`,
      );
      const health = await Promise.all(serviceHealthUrls.map(({ url }) => healthOf(url)));
      assert.ok(
        health.every((s) => s === 200),
        `health after the Redis restart: ${health}`,
      );
      say('checked: every process healthy after the Redis restart');
    },
  },
  {
    name: 'worker-killed-mid-sync',
    title: 'The rides worker is killed in the middle of an import: every ride exactly once after restart',
    run: async () => {
      const athlete = athletes.at(-1);
      const expected = await expectedRides(athlete.id);
      const { rider, userId } = await registerRider();
      await strava('/faults/latency', { ms: 700 });
      await connectStrava(rider, athlete.id);
      const atKill = await eventually(
        async () => {
          const state = await rideState(userId);
          return state.rides > 0 && state.streams_pending > 0 ? state : undefined;
        },
        60_000,
        'the import to be under way',
        100,
      );
      await stack.kill('rides-worker');
      say(
        `did: connected an athlete with ${expected} rides, killed rides-worker (SIGKILL) with ${atKill.rides} imported and ${atKill.streams_pending} stream fetches pending`,
      );
      await strava('/faults/latency', { ms: 0 });
      await stack.relaunch('rides-worker');
      say('did: started rides-worker again');
      const final = await importSettled(userId, expected, 180_000);
      assert.equal(final.rides, expected, 'ride count');
      assert.equal(final.distinct_ids, final.rides, 'duplicate rides');
      say(
        `checked: ${final.rides}/${expected} rides, ${final.distinct_ids} distinct Strava ids, every stream fetched`,
      );
    },
  },
  {
    name: 'worker-killed-mid-analysis',
    title:
      'The analysis worker is killed with analyses running: each ride analysed once, each analysis paid once',
    run: async () => {
      const seed = await seededRider();
      const free = await Promise.all(Array.from({ length: 4 }, () => registerRider()));
      const pro = await proRider();
      const riders = [
        ...free.map((r) => ({ ...r, tier: 'free', asks: 7 })),
        { ...pro, tier: 'pro', asks: 12 },
      ];
      const ridesOf = await copyRides(
        seed.userId,
        riders.map((r) => r.userId),
      );
      await openAi('/mode', { mode: 'slow' });
      // every ride asked twice at once (a double click), free riders beyond their 5 analyses
      const calls = riders.flatMap((r) =>
        ridesOf
          .get(r.userId)
          .slice(0, r.asks)
          .flatMap((rideId) => [0, 1].map(() => ({ rider: r.rider, rideId }))),
      );
      const inFlight = Promise.all(
        calls.map(({ rider, rideId }) =>
          rider.post(`/api/rides/${rideId}/ai-feedback`).then((a) => a.status),
        ),
      );
      const active = await eventually(
        async () => {
          const counts = await analysisQueue.getJobCounts('active');
          return counts.active >= 2 ? counts.active : undefined;
        },
        30_000,
        'analyses to be running',
        50,
      );
      await stack.kill('analysis-worker');
      const afterKill = await analysisQueue.getJobCounts('active', 'waiting', 'completed');
      const storedAtKill = await one(
        `SELECT count(*)::int AS n FROM analysis.ride_feedback WHERE user_id = ANY($1)`,
        [riders.map((r) => r.userId)],
      );
      say(
        `did: ${calls.length} analysis requests (${riders.length} riders, each ride twice at once) against a slow AI provider; killed analysis-worker (SIGKILL) with ${active} analyses running, ${afterKill.waiting} waiting, ${storedAtKill.n} feedbacks stored`,
      );
      assert.ok(afterKill.active > 0, 'no analysis was interrupted by the kill');
      await openAi('/mode', { mode: 'success' });
      await stack.relaunch('analysis-worker');
      say(
        `did: started analysis-worker again; ${afterKill.active} interrupted jobs wait for their lock to expire`,
      );
      const statuses = await inFlight;
      const tally = statuses.reduce((m, st) => m.set(st, (m.get(st) ?? 0) + 1), new Map());
      say(
        `checked: the requests made during the crash answered ${[...tally].map(([st, n]) => `${st}×${n}`).join(' ')}`,
      );
      assert.ok(
        statuses.every((st) => st === 200 || st === 429 || st === 503),
        `answers other than 200, 429 (limit) or 503 (timed out): ${[...tally]}`,
      );
      await eventually(
        async () => {
          const counts = await analysisQueue.getJobCounts('active', 'waiting', 'delayed', 'prioritized');
          return Object.values(counts).every((n) => n === 0);
        },
        150_000,
        'every analysis job to finish after the restart',
        500,
      );
      // asking again answers the stored feedback (or the limit) and spends nothing
      const again = await Promise.all(
        calls.map(({ rider, rideId }) =>
          rider.post(`/api/rides/${rideId}/ai-feedback`).then((a) => a.status),
        ),
      );
      const problems = [];
      for (const r of riders) {
        const state = await one(
          `SELECT (SELECT count(*)::int FROM analysis.ride_feedback WHERE user_id = $1) AS feedbacks,
                  (SELECT count(DISTINCT ride_id)::int FROM analysis.ride_feedback WHERE user_id = $1) AS rides,
                  (SELECT coalesce(sum(used), 0)::int FROM analysis.monthly_analysis_usage WHERE user_id = $1) AS used`,
          [r.userId],
        );
        const expected = r.tier === 'free' ? 5 : r.asks;
        say(
          `checked: ${r.tier} rider ${r.userId.slice(0, 8)}: asked ${r.asks} rides, ${state.feedbacks} feedbacks on ${state.rides} rides, quota used ${state.used}`,
        );
        if (state.feedbacks !== expected)
          problems.push(`${r.userId}: ${state.feedbacks} feedbacks, expected ${expected}`);
        if (state.rides !== state.feedbacks) problems.push(`${r.userId}: a ride has two feedbacks`);
        if (state.used !== state.feedbacks)
          problems.push(`${r.userId}: quota used ${state.used} for ${state.feedbacks}`);
      }
      const retally = again.reduce((m, st) => m.set(st, (m.get(st) ?? 0) + 1), new Map());
      say(
        `checked: asking again answers ${[...retally].map(([st, n]) => `${st}×${n}`).join(' ')} and spends nothing`,
      );
      assert.deepEqual(problems, []);
      assert.ok(
        again.every((st) => st === 200 || st === 429),
        `asking again: ${[...retally]}`,
      );
    },
  },
  {
    name: 'strava-429-and-5xx',
    title: 'Strava answers a 429 storm and a 5xx burst: the import still ends complete and exact',
    run: async () => {
      const athlete = takeAthlete();
      const expected = await expectedRides(athlete.id);
      const before = await strava('/counters', undefined, 'GET');
      await strava('/faults/rate-limit-storm', { requests: 4 });
      await strava('/faults/server-errors', { requests: 8, status: 503 });
      const { rider, userId } = await registerRider();
      await connectStrava(rider, athlete.id);
      say(`did: queued 4 answers 429 and 8 answers 503, then connected an athlete with ${expected} rides`);
      const final = await importSettled(userId, expected, 180_000);
      const after = await strava('/counters', undefined, 'GET');
      assert.equal(final.rides, expected);
      assert.equal(final.distinct_ids, expected);
      assert.equal(after.rateLimited - before.rateLimited, 4);
      assert.equal(after.serverErrors - before.serverErrors, 8);
      say(
        `checked: Strava answered ${after.rateLimited - before.rateLimited} × 429 and ${after.serverErrors - before.serverErrors} × 503; ${final.rides}/${expected} rides, no duplicates, every stream fetched`,
      );
      const sync = await rider.post('/api/strava/sync');
      assert.equal(sync.status, 200, `sync again: ${sync.status}`);
      assert.equal((await rideState(userId)).rides, expected);
      say(`checked: a second sync answers "${sync.json?.message}" and adds nothing`);
    },
  },
  {
    name: 'stripe-webhook-chaos',
    title: 'Stripe webhooks arrive reversed and twice: one subscription, the right tier',
    run: async () => {
      const { rider, userId } = await registerRider();
      await stripe('/webhooks/hold');
      const checkout = await proCheckout(rider);
      await stripe(`/checkout/${checkout.json.sessionId}/pay`);
      const { released } = await stripe('/webhooks/release', { order: 'reverse' });
      assert.ok(released.length > 0, 'the checkout raised no webhook event');
      say(
        `did: held the webhooks, paid the Pro checkout, released its ${released.length} events in reverse order`,
      );
      for (const id of released) await stripe(`/events/${id}/redeliver`);
      say(`did: delivered each of those ${released.length} events a second time`);
      const tier = await eventually(
        async () => {
          const me = await rider.get('/api/auth/user');
          return me.json?.subscriptionTier === 'pro' ? me.json.subscriptionTier : undefined;
        },
        30_000,
        'the rider to be Pro',
      );
      const subscriptions = await one(
        `SELECT count(*)::int AS n, count(*) FILTER (WHERE status = 'active')::int AS active
         FROM billing.subscriptions WHERE user_id = $1`,
        [userId],
      );
      assert.equal(subscriptions.n, 1);
      assert.equal(subscriptions.active, 1);
      say(`checked: the rider's session says ${tier}; billing holds ${subscriptions.n} subscription, active`);
    },
  },
];

/**
 * Issue 24: the series operators watch, each with samples this run recorded (declared is not enough),
 * by the pattern of a sample line; failures are counted only when a job fails, so declared suffices.
 */
const WATCHED_SERIES = [
  ['HTTP latency per route and status', /^http_request_duration_seconds_count\{.*route=/],
  ['queue depth', /^bullmq_queue_jobs\{/],
  ['oldest-job age', /^bullmq_queue_oldest_job_age_seconds\{/],
  ['job durations', /^bullmq_job_duration_seconds_count\{/],
  ['job failures (declared)', /^# TYPE bullmq_job_failures_total /],
  ['Strava budget used per window', /^provider_budget_used_ratio\{.*provider="strava"/],
  ['Stripe webhook lag', /^webhook_lag_seconds_count\{.*provider="stripe"/],
  ['LLM latency and errors', /^provider_call_duration_seconds_count\{.*provider="openai"/],
  ['event-loop lag', /^nodejs_eventloop_lag_seconds /],
];

scenarios.push({
  name: 'metrics',
  title: "Every process's /metrics holds the watched series, filled by this run's traffic",
  run: async () => {
    const targets = [
      { name: 'gateway', url: `${gateway}/metrics` },
      ...serviceHealthUrls.map(({ name, url }) => ({ name, url: url.replace(/\/health$/, '/metrics') })),
    ];
    const found = new Map(WATCHED_SERIES.map(([what]) => [what, new Set()]));
    for (const target of targets) {
      const answer = await fetch(target.url, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
      assert.equal(answer.status, 200, `${target.name} /metrics answered ${answer.status}`);
      const lines = (await answer.text()).split('\n');
      for (const [what, pattern] of WATCHED_SERIES)
        if (lines.some((line) => pattern.test(line))) found.get(what).add(target.name);
    }
    say(`did: scraped /metrics of ${targets.length} processes with the run's METRICS_TOKEN`);
    for (const [what, processes] of found) {
      assert.ok(processes.size > 0, `no process reports ${what}`);
      say(`checked: ${what}: ${[...processes].join(', ')}`);
    }
  },
});

const runScenarios = ports
  ? [
      ...replicaScenarios({
        env,
        ports,
        gateway,
        stack,
        redisPort: redis.port,
        strava,
        db,
        one,
        say,
        sleep,
        eventually,
        registerRider,
        proRider,
        connectStrava,
        expectedRides,
        importSettled,
        rideState,
        copyRides,
        seededRider,
        takeAthlete,
      }),
      scenarios.find((s) => s.name === 'redis-restart'),
    ]
  : scenarios;
let failed = 0;
try {
  for (const scenario of runScenarios.filter((s) => !only || only.includes(s.name))) {
    const started = Date.now();
    console.log(`\n▶ ${scenario.title} [${scenario.name}]`);
    try {
      await scenario.run();
      console.log(`  ✔ passed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    } catch (error) {
      failed += 1;
      console.log(`  ✖ FAILED: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
} finally {
  await db.end().catch(() => undefined);
  await analysisQueue.close().catch(() => undefined);
  await cleanUp();
}
console.log(failed ? `\n${failed} scenario(s) failed` : '\nEvery resilience scenario passed');
console.log(
  `Total time ${((Date.now() - runStarted) / 1000).toFixed(0)} s (start to stop, including the stack)`,
);
process.exit(failed ? 1 : 0);
