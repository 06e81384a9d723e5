#!/usr/bin/env node
// `npm run bench`: the performance budgets of the whole system, measured side by side in one run on
// one fresh database, printed as one table (Markdown, so it can go into docs/benchmarks.md as is).
//
//   npm run bench [-- --quick] [-- --build] [-- --only=gateway,federation,reads,session,graphql-limits,admin,patterns,engine,web,import,import-order,ride-page,activity-file,training]
//
// It builds what is missing, starts an in-process Strava simulator and the whole stack on free ports
// (scratch database and Redis prefix, dropped at the end), seeds 1,000 riders and 200,000 rides (one
// rider with 10,000, streams-derived metrics), then measures. Logs: test-results/bench-logs/.
// Not part of `npm test`: the figures depend on the machine.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { describeEngine, measureEngine } from '@domestique/analysis/bench/coach-engine';
import { RIDER_READS, rawReads, windowPlan } from '@domestique/rides/bench/analytics';
import { ACTIVITY_FILE_BUDGET_MS, measureActivityFile } from '@domestique/rides/bench/activity-file';
import { importAthlete, importStackOptions, startImportSimulator } from '@domestique/rides/bench/import';
import { runTrainingBench } from '@domestique/rides/bench/training';
import { ARCHIVE_RSS_BUDGET_MB, runUploadBench, UPLOAD_BUDGET_MS } from '@domestique/rides/bench/upload';
import { ROOT } from '../env.mjs';
import { measure, startScratchStack } from '../scratch-stack.mjs';
import { stackProcesses } from '../stack.mjs';
import { fixedRate, measureSideBySide, register, riderClients, signIn } from './clients.mjs';
import { measureGraphqlLimits } from './graphql-limits.mjs';
import { importOrderSection } from './import-order.mjs';
import { measureRideMetrics } from './ride-samples.mjs';
import { measureRidePage, RIDE_PAGE_BUDGET_BYTES } from './ride-page.mjs';
import { measureRidePageDraw, RIDE_PAGE_DRAW_BUDGET_MS } from './ride-page-web.mjs';
import { patternsSection } from './patterns.mjs';
import { seedScale } from './seed-scale.mjs';
import { formatShares, withCpuShares } from './process-cpu.mjs';
import { WEB_DIST, webSection } from './web.mjs';

const QUICK = process.argv.includes('--quick');
/** `--only=gateway,web` runs those sections (gateway, federation, reads, session, graphql-limits, admin, patterns, engine, web, import, import-order, ride-page, activity-file, training). */
const ONLY = process.argv
  .find((a) => a.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');
const section = async (name, title, fn) => {
  if (ONLY && !ONLY.includes(name)) return;
  log(title);
  await fn();
};
const SAMPLES = QUICK ? 60 : 200;
const PASSWORD = 'bench-rider-1';
/** The admin account of the bench's stack (auth creates it at boot). */
const ADMIN = { username: 'bench-admin', password: 'bench-admin-password-1' };

const log = (message) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}`);
const ms = (value) => `${value.toFixed(1)} ms`;
const ratio = (a, b) => a / b;
const x = (value) => `${value.toFixed(2)}x`;

/** One row of the result table: what, the figures, the budget, and whether it is met. */
const rows = [];
const row = (area, what, figures, budget, met) => {
  rows.push({ area, what, figures, budget, verdict: met ? 'met' : '**missed**' });
  log(`${what}: ${figures} [${met ? 'met' : 'MISSED'}]`);
};

/** Builds the projects whose output is missing (a fresh clone); a built tree is used as it is. */
const ensureBuilt = () => {
  const entries = [
    ...stackProcesses({})
      .map((p) => p.entry)
      .filter((entry) => !entry.startsWith('node_modules')),
    'infra/simulators/dist/strava/index.js',
    'web/dist/index.html',
  ];
  const missing = entries.filter((entry) => !existsSync(join(ROOT, entry)));
  if (process.argv.includes('--no-build') && missing.length === 0) return;
  if (missing.length === 0 && !process.argv.includes('--build')) return;
  log(`building (${missing.length ? `missing: ${missing.join(', ')}` : 'asked for'})`);
  execSync('npx nx run-many -t build --parallel=2 --output-style=static', { cwd: ROOT, stdio: 'inherit' });
};

/** The same REST call through the gateway and straight to its service. */
const gatewayVersusDirect = async (clients) => {
  const paths = [
    ['/api/auth/user', SAMPLES],
    ['/api/rides', Math.ceil(SAMPLES / 10)],
    ['/api/rides?limit=10', SAMPLES],
    ['/api/dashboard/stats?tz=UTC', SAMPLES],
    ['/api/analytics/lifetime?tz=UTC', SAMPLES],
    ['/api/performance/trends?tz=UTC', SAMPLES],
  ];
  for (const [path, samples] of paths) {
    const bytes = await clients.viaGateway(path);
    const [gateway, direct] = await measureSideBySide(
      [() => clients.viaGateway(path), () => clients.direct(path)],
      samples,
    );
    const r = ratio(gateway.p50, direct.p50);
    row(
      'gateway vs direct',
      `GET ${path} (${(bytes / 1024).toFixed(1)} kB)`,
      `gateway p50 ${ms(gateway.p50)} p99 ${ms(gateway.p99)}; direct p50 ${ms(direct.p50)} p99 ${ms(direct.p99)}; ${x(r)}`,
      '<= 1.3x',
      r <= 1.3,
    );
  }
};

const FEDERATED_QUERY = `query BenchFederated {
  me { id email firstName lastName subscriptionTier }
  ridesPage(limit: 10) { totalCount nextCursor rides { id name startDate distance movingTime aiFeedback { summary } } }
  monthlyAnalysisLimit { hasLimit used limit remaining limitReached }
}`;

/**
 * The federated query against the same data fetched straight from the three subgraphs in the
 * query plan's shape: auth, rides and analysis at once, then analysis for the listed rides' feedback.
 */
const federatedVersusDirect = async (clients) => {
  const direct = async () => {
    const [, rides] = await Promise.all([
      clients.subgraph('auth', '{ me { id email firstName lastName subscriptionTier } }'),
      clients.subgraph(
        'rides',
        '{ ridesPage(limit: 10) { totalCount nextCursor rides { id name startDate distance movingTime } } }',
      ),
      clients.subgraph('analysis', '{ monthlyAnalysisLimit { hasLimit used limit remaining limitReached } }'),
    ]);
    await clients.subgraph(
      'analysis',
      'query ($r: [_Any!]!) { _entities(representations: $r) { ... on Ride { aiFeedback { summary } } } }',
      { r: rides.ridesPage.rides.map((ride) => ({ __typename: 'Ride', id: ride.id })) },
    );
  };
  const [gateway, straight] = await measureSideBySide(
    [() => clients.graphql(FEDERATED_QUERY), direct],
    SAMPLES,
  );
  const r = ratio(gateway.p50, straight.p50);
  row(
    'GraphQL federation',
    'me + ridesPage(10) with Ride.aiFeedback + monthlyAnalysisLimit (auth, rides, analysis)',
    `gateway p50 ${ms(gateway.p50)} p99 ${ms(gateway.p99)}; subgraphs direct p50 ${ms(straight.p50)} p99 ${ms(straight.p99)}; ${x(r)}`,
    '<= 1.5x',
    r <= 1.5,
  );
};

/**
 * Each read endpoint of the 10,000-ride rider against its raw SQL (and, to show where the rest goes,
 * straight at the service), then under open-loop load at 200 requests/s. The unpaginated list is
 * not loaded at 200/s: one answer is ~11 MB (every ride with its metrics), 2 GB/s at that rate.
 */
const readsVersusSql = async (clients, pool, userId) => {
  const raw = rawReads(pool, userId);
  for (const [name, path] of Object.entries(RIDER_READS)) {
    const full = name === 'rides';
    const samples = full ? Math.ceil(SAMPLES / 10) : SAMPLES;
    const [endpoint, service, sql] = await measureSideBySide(
      [() => clients.viaGateway(path), () => clients.direct(path), raw[name]],
      samples,
    );
    const r = ratio(endpoint.p50, sql.p50);
    const load = full
      ? null
      : await fixedRate(() => clients.viaGateway(path), { rate: 200, seconds: QUICK ? 3 : 5 });
    row(
      'rider with 10,000 rides',
      `GET ${path}`,
      `gateway p50 ${ms(endpoint.p50)} (service direct ${ms(service.p50)}); SQL p50 ${ms(sql.p50)}; ${x(r)}; ` +
        (load
          ? `at ${load.rate.toFixed(0)} req/s p50 ${ms(load.p50)} p99 ${ms(load.p99)}${load.errors ? `, ${load.errors} errors` : ''}`
          : `one at a time p99 ${ms(endpoint.p99)} (not loaded at 200/s: ~11 MB per answer)`),
      '<= 2x; p99 <= 25 ms at 200/s',
      r <= 2 && load !== null && load.p99 <= 25 && load.errors === 0,
    );
  }
  log(`12-week window plan: ${await windowPlan(pool, userId)}`);
};

/** Session checks per second through the gateway (GET /api/auth/user with a session cookie). */
/** The abusive GraphQL of issue 18 must be refused fast (before any subgraph is called). */
const graphqlLimits = async (gatewayUrl, cookie) => {
  const r = await measureGraphqlLimits(gatewayUrl, { cookie, samples: SAMPLES });
  const f = ({ p50, p99 }) => `p50 ${ms(p50)} p99 ${ms(p99)}`;
  row(
    'gateway',
    'abusive GraphQL refused (60 aliases; 20 aliases; 60 at 200/s)',
    `${f(r.abusive)}; ${f(r.aliasLimit)}; ${f(r.loaded)}; accepted 124 x rides { id }: ${f(r.repeated)}`,
    'refusals p99 < 50 ms',
    [r.abusive, r.aliasLimit, r.loaded].every(({ p99 }) => p99 < 50),
  );
};

const sessionThroughput = async (gatewayUrl, cookie) => {
  const load = (duration) =>
    autocannon({ url: `${gatewayUrl}/api/auth/user`, headers: { cookie }, connections: 32, duration });
  // steady state: the first seconds of load are spent compiling the hot path, so they are not counted
  await load(3);
  const { result, shares } = await withCpuShares(() => load(QUICK ? 5 : 10));
  const perSecond = result.requests.average;
  row(
    'session check',
    'GET /api/auth/user through the gateway, 32 connections',
    `${Math.round(perSecond)} req/s (p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${result.non2xx} non-2xx); cores used: ${formatShares(shares)}`,
    '>= 2,000/s',
    perSecond >= 2000 && result.non2xx === 0,
  );
};

const stravaImport = async (run, strava) => {
  const result = await importAthlete({
    gatewayUrl: run.gatewayUrl,
    databaseUrl: run.databaseUrl,
    strava,
    email: `bench-import-${run.env.REDIS_PREFIX}@example.com`,
  });
  const { counters, athlete, stored } = result;
  row(
    'Strava import',
    `${athlete.activityCount} activities (${athlete.cyclingActivityCount} rides) from the simulator`,
    `${counters.listCalls} list calls (lower bound ${result.listLowerBound}), ${counters.streamCalls} stream calls, ` +
      `${counters.rateLimited} 429s, ${stored.rides} rides stored; listed in ${(result.listedMs / 1000).toFixed(1)} s, ` +
      `every stream in ${(result.wallMs / 1000).toFixed(1)} s`,
    'list calls = lower bound',
    counters.listCalls <= result.listLowerBound && stored.rides === athlete.cyclingActivityCount,
  );
};

const engine = () => {
  const analyses = measureEngine(QUICK ? 2 : 5);
  log(describeEngine(analyses));
  row(
    'analysis engine',
    'built-in coach engine, one core',
    `${Math.round(analyses.perSecond)} analyses/s (${analyses.msEach.toFixed(3)} ms each)`,
    '>= 500/s per core',
    analyses.perSecond >= 500,
  );
  const metrics = measureRideMetrics();
  row(
    'analysis engine',
    `metrics of a 4-hour 1 Hz ride (${metrics.samples} samples: resampling, NP, IF, TSS, zones, decoupling, best efforts)`,
    `p50 ${ms(metrics.p50)}, p99 ${ms(metrics.p99)}`,
    '<= 2 ms',
    metrics.p50 <= 2,
  );
};

/** The first screen's JS and Lighthouse (web.mjs); Lighthouse runs 3 times per page, 5 without --quick. */
const web = (gatewayUrl) => webSection({ gatewayUrl, row, runs: QUICK ? 3 : 5 });

/**
 * The admin's user list (GET /api/admin/users): every seeded rider with their ride and feedback
 * counts, which the admin service composes in batches of users and counts. Budget: 5 s per 10,000 users.
 */
const adminUserList = async (gatewayUrl, riders) => {
  const login = await fetch(`${gatewayUrl}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: gatewayUrl },
    body: JSON.stringify(ADMIN),
  });
  if (!login.ok) throw new Error(`admin login: ${login.status} ${await login.text()}`);
  const cookie = login.headers.get('set-cookie').split(';')[0];
  let listed = 0;
  const list = async () => {
    const answer = await fetch(`${gatewayUrl}/api/admin/users`, { headers: { cookie, origin: gatewayUrl } });
    if (!answer.ok) throw new Error(`admin users: ${answer.status} ${await answer.text()}`);
    listed = (await answer.json()).length;
  };
  const { p50, p99 } = await measure(list, QUICK ? 5 : 20);
  const budget = Math.max(riders, listed) * 0.5;
  row(
    'admin',
    `GET /api/admin/users (${listed} users with counts)`,
    `p50 ${ms(p50)} p99 ${ms(p99)}`,
    `<= ${ms(budget)} (5 s per 10,000 users)`,
    listed >= riders && p99 <= budget,
  );
};

/** The ride page of issue 20: a 4-hour 1 Hz ride's detail and streams, size (gzip) and latency. */
const ridePage = async (pool, userId, gatewayUrl, cookie, clients) => {
  const page = await measureRidePage({
    pool,
    userId,
    gatewayUrl,
    cookie,
    viaGateway: clients.viaGateway,
    samples: SAMPLES,
  });
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;
  row(
    'ride page',
    `GET /api/rides/{id} + /streams of a 4-hour 1 Hz ride (${page.samples} samples: ${page.channels.join(', ')})`,
    `${kb(page.gzipTotal)} gzip (detail ${kb(page.sizes.detail.gzip)}, streams ${kb(page.sizes.streams.gzip)}; ` +
      `${kb(page.sizes.detail.identity + page.sizes.streams.identity)} uncompressed); ` +
      `detail p50 ${ms(page.detail.p50)} p99 ${ms(page.detail.p99)}; streams p50 ${ms(page.streams.p50)} p99 ${ms(page.streams.p99)}`,
    '<= 150 KB gzip',
    page.gzipTotal <= RIDE_PAGE_BUDGET_BYTES,
  );
  const draw = await measureRidePageDraw({ pool, userId, gatewayUrl, cookie, runs: QUICK ? 3 : 5 });
  for (const [name, r] of Object.entries(draw))
    row(
      'ride page',
      `browser draw of a 4-hour 1 Hz ride (${name})`,
      `streams to charts p50 ${ms(r.drawMedian)} max ${ms(r.drawMax)}; navigation to charts p50 ${ms(r.totalMedian)} ` +
        `(code ${ms(r.pageCodeMedian)}, data ${ms(r.dataMedian)})`,
      '<= 1 s',
      r.drawMax <= RIDE_PAGE_DRAW_BUDGET_MS,
    );
};

const printTable = (seeded) => {
  const lines = [
    `Measured ${new Date().toISOString().slice(0, 16)}Z on ${execSync('nproc').toString().trim()} cores; ` +
      (seeded
        ? `data: ${seeded.riders} riders, ${seeded.rides} rides (${seeded.heavy} for the heavy rider), seeded in ${seeded.seconds.toFixed(1)} s.`
        : 'seeding did not finish.'),
    '',
    '| area | measurement | figures | budget | verdict |',
    '| --- | --- | --- | --- | --- |',
    ...rows.map((r) => `| ${r.area} | ${r.what} | ${r.figures} | ${r.budget} | ${r.verdict} |`),
  ];
  console.log(`\n${lines.join('\n')}\n`);
};

ensureBuilt();
const started = performance.now();
const strava = await startImportSimulator(2000);
const importOptions = importStackOptions(strava);
let run;
let pool;
let seeded;
/** Issue 21: a 4-hour 1 Hz FIT parsed, stored and measured; a 1,000-activity archive in the worker. */
const uploads = async () => {
  const file = measureActivityFile({ runs: QUICK ? 5 : 15 });
  row(
    'upload',
    `4 h 1 Hz FIT (${file.records} records): parse + encode streams + metrics`,
    `${ms(file.warm.total)} warm median (parse ${ms(file.warm.parse)}; cold ${ms(file.cold.total)})`,
    `<= ${ACTIVITY_FILE_BUDGET_MS} ms`,
    file.warm.total <= ACTIVITY_FILE_BUDGET_MS,
  );
  const { single, archive, activities } = await runUploadBench({
    runs: QUICK ? 3 : 10,
    activities: QUICK ? 200 : 1000,
  });
  row(
    'upload',
    "4 h 1 Hz FIT through POST /api/rides/upload's service: parsed, stored, metrics",
    `${ms(single.warm)} warm median (cold ${ms(single.cold)})`,
    `<= ${UPLOAD_BUDGET_MS} ms`,
    single.warm <= UPLOAD_BUDGET_MS,
  );
  row(
    'upload',
    `${activities}-activity archive imported by the worker`,
    `peak RSS ${archive.peak.toFixed(0)} MB; ${(archive.state.imported / archive.seconds).toFixed(1)} rides/s (${archive.state.imported} imported)`,
    `<= ${ARCHIVE_RSS_BUDGET_MB} MB`,
    archive.peak <= ARCHIVE_RSS_BUDGET_MB,
  );
};

/** Issue 22: the full-history load series, a year's power curve and an import's update, server time. */
const training = async () => {
  for (const [what, size, { p50, p99 }, budget] of await runTrainingBench({ samples: QUICK ? 30 : 100 })) {
    if (budget === null) continue;
    row(
      'training',
      `${what} (${size})`,
      `p50 ${ms(p50)} p99 ${ms(p99)}`,
      `p50 <= ${budget} ms`,
      p50 <= budget,
    );
  }
};

try {
  log('starting the stack');
  run = await startScratchStack({
    kind: 'bench',
    env: { ...importOptions.env, WEB_DIST, ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password },
    processes: importOptions.processes,
  });
  pool = new pg.Pool({ connectionString: run.databaseUrl, max: 4 });
  const email = `bench-heavy-${run.env.REDIS_PREFIX}@example.com`;
  const heavy = await register(run.gatewayUrl, email, PASSWORD);
  log('seeding');
  seeded = await seedScale(pool, { heavyUserId: heavy.id });
  log(`seeded ${seeded.riders} riders and ${seeded.rides} rides in ${seeded.seconds.toFixed(1)} s`);
  // trends are Pro: the heavy rider becomes pro and signs in again, so the session carries the tier
  await pool.query(`UPDATE auth.users SET subscription_tier = 'pro' WHERE id = $1`, [heavy.id]);
  const cookie = await signIn(run.gatewayUrl, email, PASSWORD);
  const clients = riderClients({
    env: run.env,
    gatewayUrl: run.gatewayUrl,
    cookie,
    identity: { role: 'user', userId: heavy.id, tier: 'pro' },
  });

  await section('gateway', 'gateway vs direct', () => gatewayVersusDirect(clients));
  await section('federation', 'federated GraphQL vs subgraphs', () => federatedVersusDirect(clients));
  await section('reads', 'reads vs raw SQL, and at 200 requests/s', () =>
    readsVersusSql(clients, pool, heavy.id),
  );
  await section('session', 'session check throughput', () => sessionThroughput(run.gatewayUrl, cookie));
  await section('graphql-limits', 'GraphQL limits', () => graphqlLimits(run.gatewayUrl, cookie));
  await section('admin', 'admin user list', () => adminUserList(run.gatewayUrl, seeded.riders));
  await section('patterns', 'questions between services', () =>
    patternsSection({ env: run.env, pool, samples: SAMPLES, row }),
  );
  await section('engine', 'engine and metrics', engine);
  await section('web', 'web', () => web(run.gatewayUrl));
  await section('import', 'Strava import of 2,000 activities', () => stravaImport(run, strava));
  await section('import-order', "Strava import order at Strava's limits", () =>
    importOrderSection({ row, log }),
  );
  await section('ride-page', 'ride page data', () =>
    ridePage(pool, heavy.id, run.gatewayUrl, cookie, clients),
  );
  await section('activity-file', 'activity files and uploads', uploads);
  await section('training', 'training load and power curve, 10,000 rides', training);
  log(`done in ${((performance.now() - started) / 1000).toFixed(0)} s`);
} finally {
  // what was measured is printed even when a later step failed
  if (rows.length) printTable(seeded);
  await pool?.end().catch(() => undefined);
  await run?.stop();
  await strava.close();
}
