// `npm run bench -- --only=import-order`: which rides get their detailed data (streams) first when
// the app-wide Strava budget is short (issue 20). Strava's limits (100 reads per window, 1,000 per
// day, overall 200/2,000), three riders backfilling ~300 rides each, then:
//   - a newly connected rider: their 10 newest rides must have streams within 60 s;
//   - a ride that arrives by webhook: streams within 10 s.
// What is simulated: Strava (the in-process simulator), and the 15-minute window, compressed to
// WINDOW_S seconds (the rides service's STRAVA_RATE_WINDOW_S, and the simulator's windows emptied in
// step) so the run reaches the steady state of a backfill (its share of a window spent, the riders'
// newest rides done in an earlier window) without waiting 15 minutes. Everything else runs in real
// time on its own scratch stack.
import pg from 'pg';
import { connectAthlete, importStackOptions } from '@domestique/rides/bench/import';
import { startStravaSimulator } from '../../simulators/dist/strava/index.js';
import { startScratchStack } from '../scratch-stack.mjs';
import { isEntry } from './cli.mjs';

/** The compressed rate-limit window, seconds (Strava: 900). */
export const WINDOW_S = 60;
const NEWEST = 10;
const BACKFILLING = 3;
const LIMITS = { overall15m: 200, overallDaily: 2000, read15m: 100, readDaily: 1000 };

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** Polls `check` every 100 ms until it answers a value; null after `timeoutMs`. */
const until = async (check, timeoutMs) => {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    const value = await check();
    if (value) return value;
    await sleep(100);
  }
  return null;
};

/** Empties the simulator's windows at each compressed window boundary (aligned as the rides service aligns them). */
const windowsInStep = (strava) => {
  let timer;
  const next = () => {
    const windowMs = WINDOW_S * 1000;
    timer = setTimeout(
      () => {
        strava.control.resetRateLimits();
        next();
      },
      windowMs - (Date.now() % windowMs) + 20,
    );
  };
  next();
  return () => clearTimeout(timer);
};

/** Milliseconds left in the current compressed window. */
const windowLeft = () => WINDOW_S * 1000 - (Date.now() % (WINDOW_S * 1000));

export const importOrderSection = async ({ row, log, prefix = 'bench-order' }) => {
  const strava = await startStravaSimulator({
    seed: 20,
    athletes: [
      ...Array.from({ length: BACKFILLING }, () => ({ activities: 330, profile: 'racer' })),
      { activities: 60, profile: 'racer' },
    ],
    rateLimits: LIMITS,
  });
  const stopWindows = windowsInStep(strava);
  const options = importStackOptions(strava);
  let run;
  let db;
  try {
    log(`import order: starting a stack at Strava's limits (window compressed to ${WINDOW_S} s)`);
    run = await startScratchStack({
      kind: prefix,
      env: {
        ...options.env,
        STRAVA_RATE_LIMIT: `${LIMITS.overall15m},${LIMITS.overallDaily}`,
        STRAVA_READ_RATE_LIMIT: `${LIMITS.read15m},${LIMITS.readDaily}`,
        STRAVA_RATE_WINDOW_S: String(WINDOW_S),
        STRAVA_PUSH_SUBSCRIPTION: 'true',
      },
      processes: options.processes,
    });
    db = new pg.Client({ connectionString: run.databaseUrl });
    await db.connect();
    const counts = async (userId) =>
      (
        await db.query(
          `SELECT count(*)::int AS rides, count(streams_fetched_at)::int AS fetched FROM rides.rides WHERE user_id = $1`,
          [userId],
        )
      ).rows[0];
    // one client: one query at a time
    const countsOf = async (riders) => {
      const all = [];
      for (const { userId } of riders) all.push(await counts(userId));
      return all;
    };
    const athletes = strava.control.athletes();
    const email = (k) => `${prefix}-${k}-${run.env.REDIS_PREFIX}@example.com`;
    if (!(await until(async () => strava.control.subscriptions().length > 0, 30_000)))
      throw new Error('the rides service did not subscribe to webhook events');

    const backfilling = [];
    for (let k = 0; k < BACKFILLING; k += 1)
      backfilling.push(
        await connectAthlete({ gatewayUrl: run.gatewayUrl, athleteId: athletes[k].id, email: email(k) }),
      );
    // the steady state of a backfill: the next window, with this window's share of it spent
    await sleep(windowLeft() + 10_000);
    const before = await countsOf(backfilling);
    log(
      `backfilling riders: ${before.map((c) => `${c.fetched} of ${c.rides}`).join(', ')} rides with streams`,
    );

    const fresh = await connectAthlete({
      gatewayUrl: run.gatewayUrl,
      athleteId: athletes[BACKFILLING].id,
      email: email('new'),
    });
    const newest = await until(async () => {
      const { rows } = await db.query(
        `SELECT count(*) FILTER (WHERE streams_fetched_at IS NOT NULL)::int AS fetched, count(*)::int AS listed
         FROM (SELECT streams_fetched_at FROM rides.rides WHERE user_id = $1 ORDER BY start_date DESC LIMIT ${NEWEST}) newest`,
        [fresh.userId],
      );
      return rows[0].listed === NEWEST && rows[0].fetched === NEWEST ? performance.now() : null;
    }, 120_000);
    const newestMs = newest === null ? null : newest - fresh.started;
    row(
      'Strava import order',
      `a newly connected rider's ${NEWEST} newest rides with streams, while ${BACKFILLING} riders backfill ` +
        `${before.map((c) => c.rides).join('/')} rides (100 reads/window, 1,000/day; window compressed to ${WINDOW_S} s)`,
      newestMs === null ? 'not within 120 s' : `${seconds(newestMs)} from the OAuth callback`,
      '<= 60 s',
      newestMs !== null && newestMs <= 60_000,
    );

    const rider = backfilling[0];
    const sent = performance.now();
    const created = await strava.control.createActivity(athletes[0].id, {
      sportType: 'Ride',
      name: 'Just Ridden',
    });
    const arrived = await until(async () => {
      const { rows } = await db.query(
        'SELECT streams_fetched_at FROM rides.rides WHERE user_id = $1 AND external_id = $2',
        [rider.userId, String(created.activity.id)],
      );
      return rows[0]?.streams_fetched_at ? performance.now() : null;
    }, 60_000);
    const webhookMs = arrived === null ? null : arrived - sent;
    const after = await countsOf(backfilling);
    row(
      'Strava import order',
      'a ride that arrives by webhook (its rider backfilling), with streams',
      `${webhookMs === null ? 'not within 60 s' : seconds(webhookMs)} from the event; ` +
        `backfills meanwhile at ${after.map((c) => `${c.fetched}/${c.rides}`).join(', ')}; ` +
        `Strava reads this window ${strava.control.rateLimits().usage.read15m}`,
      '<= 10 s',
      webhookMs !== null && webhookMs <= 10_000,
    );
  } finally {
    stopWindows();
    await db?.end().catch(() => undefined);
    await run?.stop();
    await strava.close();
  }
};

// `node infra/dev/bench/import-order.mjs`: this section alone (after a build), without the seeded stack of `npm run bench`
if (isEntry(import.meta.url)) {
  const log = (message) => console.log(`[import-order ${new Date().toISOString().slice(11, 19)}] ${message}`);
  const rows = [];
  await importOrderSection({
    log,
    row: (area, what, figures, budget, met) => {
      rows.push(`| ${area} | ${what} | ${figures} | ${budget} | ${met ? 'met' : '**missed**'} |`);
      log(`${what}: ${figures} [${met ? 'met' : 'MISSED'}]`);
    },
  });
  console.log(
    [
      '',
      '| area | measurement | figures | budget | verdict |',
      '| --- | --- | --- | --- | --- |',
      ...rows,
    ].join('\n'),
  );
}
