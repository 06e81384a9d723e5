// The two-replica run (`npm run test:resilience -- --replicas=2`): two gateways and two of every
// service API and worker, each kind behind a round-robin balancer (balancer.mjs), the scenarios
// talking to the gateways' balancer, or to each gateway in turn where that is the point. What it
// proves is what a second machine breaks: sessions, sign-in limits, one-time tasks, duplicate
// work, and a replica dying under load.
import assert from 'node:assert/strict';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { replicaNames } from '../stack.mjs';
import { balancerStats } from './balancer.mjs';
import { httpSession } from './http-session.mjs';
import { loadMix } from './load.mjs';

/** The balancers in front of each kind of process, in one process of their own. */
export const balancerProcess = (env, ports) => {
  const config = Object.entries(ports)
    .filter(([key]) => !key.includes('WORKER'))
    .map(([key, upstreams]) => ({
      name: key.replace(/_PORT$/, '').toLowerCase(),
      port: Number(env[key]),
      upstreams: upstreams.map(Number),
    }));
  return {
    name: 'balancers',
    entry: 'infra/dev/resilience/balancer.mjs',
    args: [JSON.stringify(config)],
    health: `http://127.0.0.1:${env.GATEWAY_PORT}/__balancer/health`,
  };
};

/** The sign-ins one client IP may make in a window during the two-replica run. */
const LOGIN_PER_IP = 30;

/** What the two-replica run changes in the environment of every process. */
export const replicaEnv = (env, ports) => ({
  // 2 x 10 service processes share the private PostgreSQL (max_connections raised to match)
  DATABASE_POOL_MAX: '5',
  // both rides workers enqueue the one-time push subscription when they start
  STRAVA_PUSH_SUBSCRIPTION: 'true',
  // small enough to reach in a few calls, through both gateways
  THROTTLE_LOGIN_PER_IP: String(LOGIN_PER_IP),
  // the scenarios may also call each gateway directly (same checks, their own origin)
  EXTRA_ALLOWED_ORIGINS: [
    env.EXTRA_ALLOWED_ORIGINS,
    ...ports.GATEWAY_PORT.map((p) => `http://127.0.0.1:${p}`),
  ]
    .filter(Boolean)
    .join(','),
});

/** Every BullMQ queue of the run (found by its meta key), with its counts by state. */
const queueCounts = async (redisPort, prefix) => {
  const redis = new Redis({ host: '127.0.0.1', port: redisPort, lazyConnect: true });
  await redis.connect();
  const names = new Set();
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*:meta`, 'COUNT', 500);
    cursor = next;
    for (const key of keys) names.add(key.slice(prefix.length + 1, -':meta'.length));
  } while (cursor !== '0');
  await redis.quit();
  const counts = {};
  for (const name of [...names].sort()) {
    const queue = new Queue(name, {
      connection: { host: '127.0.0.1', port: redisPort, maxRetriesPerRequest: null },
      prefix,
      skipVersionCheck: true,
    });
    queue.on('error', () => undefined);
    counts[name] = await queue.getJobCounts(
      'active',
      'waiting',
      'prioritized',
      'delayed',
      'failed',
      'completed',
    );
    await queue.close();
  }
  return counts;
};

const tallyOf = (statuses) =>
  [...statuses.reduce((m, s) => m.set(s, (m.get(s) ?? 0) + 1), new Map())]
    .sort()
    .map(([s, n]) => `${s}×${n}`)
    .join(' ');

/**
 * ctx: { env, ports, gateway (the gateways' balancer), stack, redisPort, strava, one, db, say, sleep,
 * eventually, registerRider, proRider, connectStrava, expectedRides, importSettled, rideState,
 * copyRides, takeAthlete }
 */
export const replicaScenarios = (ctx) => {
  const { env, ports, say, eventually, one } = ctx;
  const gateways = ports.GATEWAY_PORT.map((port) => `http://127.0.0.1:${port}`);
  let loginAttempts = 0;
  /** The same browser (one cookie) calling gateway A, then B, then A… */
  const alternating = (cookie) => {
    let turn = 0;
    return () => httpSession(gateways[turn++ % gateways.length], cookie);
  };
  const login = (base, email, password) => {
    loginAttempts += 1;
    const session = httpSession(base);
    return session.post('/api/auth/login', { email, password }).then((answer) => ({ answer, session }));
  };
  const analysed = { rider: undefined };

  return [
    {
      name: 'replica-sessions',
      title: 'Sessions: signed in on one gateway, recognised on the other; signed out on one, out on both',
      run: async () => {
        const { rider, userId, email, password } = await ctx.registerRider();
        const next = alternating(rider.cookie());
        const seen = [];
        for (let i = 0; i < 6; i += 1) {
          const answer = await next().get('/api/auth/user');
          seen.push(answer.status === 200 && answer.json?.id === userId ? 'ok' : answer.status);
        }
        say(
          `did: registered through the balancer, then read /api/auth/user 6 times alternating gateways A and B`,
        );
        assert.deepEqual(seen, Array(6).fill('ok'), `answers: ${seen}`);
        say('checked: both gateways recognise the session (6/6 answers name the rider)');
        const { answer: signIn, session: onB } = await login(gateways[1], email, password);
        assert.equal(signIn.status, 200, `sign-in on B: ${signIn.status}`);
        const onA = httpSession(gateways[0], onB.cookie());
        const readOnA = await onA.get('/api/auth/user');
        assert.equal(readOnA.status, 200, `the B session on A: ${readOnA.status}`);
        const signOut = await onA.post('/api/auth/logout');
        assert.ok(signOut.status < 300, `logout on A: ${signOut.status}`);
        const afterOnB = await httpSession(gateways[1], onB.cookie()).get('/api/auth/user');
        const afterOnBalancer = await httpSession(ctx.gateway, onB.cookie()).get('/api/auth/user');
        say(
          `did: signed in on B, read on A (${readOnA.status}), signed out on A (${signOut.status}); the same cookie then on B: ${afterOnB.status}, through the balancer: ${afterOnBalancer.status}`,
        );
        assert.equal(afterOnB.status, 401, 'a session ended on A still works on B');
        assert.equal(afterOnBalancer.status, 401);
        const first = await httpSession(gateways[0], rider.cookie()).get('/api/auth/user');
        assert.equal(first.status, 200, 'signing out one session ended another');
        say(
          "checked: the ended session is refused by both gateways (401); the rider's other session still works",
        );
      },
    },
    {
      name: 'replica-throttles',
      title: 'Sign-in limits hold across both gateways: per account (lockout) and per client IP',
      run: async () => {
        const { email, password } = await ctx.registerRider();
        const lockout = [];
        for (let i = 0; i < 11; i += 1) {
          const { answer } = await login(gateways[i % 2], email, i < 10 ? 'wrong-password-1' : password);
          lockout.push(answer.status);
        }
        say(
          `did: 10 wrong passwords for one account alternating gateways A and B, then the right one: ${tallyOf(lockout)}`,
        );
        assert.deepEqual(lockout.slice(0, 10), Array(10).fill(401), `wrong passwords: ${lockout}`);
        assert.equal(
          lockout[10],
          429,
          'the 11th sign-in was not held back: the failures were counted per gateway',
        );
        say('checked: 10 × 401, then 429 even with the right password (the count is shared)');
        const before = loginAttempts;
        const sweep = [];
        for (let i = 0; i < 2 * LOGIN_PER_IP; i += 1) {
          const { answer } = await login(
            gateways[i % 2],
            `nobody-${i}-${Date.now().toString(36)}@example.com`,
            'wrong-password-1',
          );
          sweep.push(answer.status);
          if (answer.status === 429) break;
        }
        const allowed = before + sweep.filter((s) => s !== 429).length;
        say(
          `did: sign-ins for unknown accounts alternating gateways until refused (THROTTLE_LOGIN_PER_IP=${LOGIN_PER_IP}, ${before} sign-ins earlier in the run): ${tallyOf(sweep)}`,
        );
        assert.equal(sweep.at(-1), 429, `never refused after ${sweep.length} sign-ins`);
        assert.ok(allowed <= LOGIN_PER_IP, `${allowed} sign-ins allowed from one IP, limit ${LOGIN_PER_IP}`);
        say(
          `checked: the IP was refused after ${allowed} sign-ins over both gateways (limit ${LOGIN_PER_IP}; one limit per gateway would allow ${2 * LOGIN_PER_IP})`,
        );
      },
    },
    {
      name: 'replica-push-subscription',
      title: 'One Strava push subscription, though both rides workers ask for it when they start',
      run: async () => {
        const callback = `${env.PUBLIC_URL}/api/strava/webhook`;
        const jobs = await eventually(
          async () => {
            const counts = (await queueCounts(ctx.redisPort, env.REDIS_PREFIX))['strava-webhook'];
            return counts && counts.completed >= 1 && counts.active + counts.waiting + counts.delayed === 0
              ? counts
              : undefined;
          },
          90_000,
          'the ensure-subscription jobs to complete',
          500,
        );
        const subscriptions = await ctx.strava('/subscriptions', undefined, 'GET');
        say(
          `did: started ${replicaNames('rides-worker', 2).join(' and ')} with STRAVA_PUSH_SUBSCRIPTION=true; their strava-webhook jobs: ${jobs.completed} completed, ${jobs.failed} failed`,
        );
        assert.equal(subscriptions.length, 1, `${subscriptions.length} subscriptions at Strava`);
        assert.equal(subscriptions[0].callback_url, callback);
        assert.equal(jobs.failed, 0, 'an ensure-subscription job failed');
        // the simulator numbers the subscriptions it creates from 1 (one at a time per application)
        const first = subscriptions[0].id;
        say(
          `checked: Strava holds 1 subscription to ${callback}, its id ${first}: ${first} created at start`,
        );
        // what two workers starting at the same moment do, made certain: the subscription gone, two
        // ensure jobs queued at once (each worker takes several strava-webhook jobs at a time)
        const api = `http://127.0.0.1:${env.STRAVA_SIM_PORT}/api/v3/push_subscriptions`;
        const app = `client_id=${env.STRAVA_CLIENT_ID}&client_secret=${env.STRAVA_CLIENT_SECRET}`;
        const deleted = await fetch(`${api}/${first}?${app}`, { method: 'DELETE' });
        assert.equal(deleted.status, 204, `deleting the subscription at Strava: ${deleted.status}`);
        const queue = new Queue('strava-webhook', {
          connection: { host: '127.0.0.1', port: ctx.redisPort, maxRetriesPerRequest: null },
          prefix: env.REDIS_PREFIX,
          skipVersionCheck: true,
        });
        queue.on('error', () => undefined);
        try {
          const tag = Date.now().toString(36);
          const added = await queue.addBulk(
            [1, 2].map((i) => ({
              name: 'strava-webhook.ensure-subscription',
              data: { callbackUrl: callback, v: 1 },
              opts: {
                jobId: `replica-ensure-${tag}-${i}`,
                attempts: 20,
                backoff: { type: 'fixed', delay: 500 },
              },
            })),
          );
          const states = await eventually(
            async () => {
              const all = await Promise.all(added.map((job) => queue.getJobState(job.id)));
              return all.every((state) => state === 'completed' || state === 'failed') ? all : undefined;
            },
            60_000,
            'the two ensure-subscription jobs to finish',
            250,
          );
          const again = await ctx.strava('/subscriptions', undefined, 'GET');
          const createdAgain = (again[0]?.id ?? first) - first;
          say(
            `did: deleted it at Strava, queued 2 ensure-subscription jobs at once: ${states.join(', ')}; Strava now holds ${again.length} subscription(s), ${createdAgain} created by the 2 jobs`,
          );
          assert.equal(
            first,
            1,
            `the subscription was created ${first} times at start (one replaced the other)`,
          );
          assert.equal(again.length, 1, `${again.length} subscriptions after the two jobs`);
          assert.equal(createdAgain, 1, `two jobs at once created the subscription ${createdAgain} times`);
          assert.ok(
            states.every((state) => state === 'completed'),
            `jobs: ${states}`,
          );
          say('checked: created once, both jobs completed');
        } finally {
          await queue.close();
        }
      },
    },
    {
      name: 'replica-sync-and-analysis',
      title:
        'No duplicate sync or analysis: one athlete synced through both gateways at once, each ride analysed once',
      run: async () => {
        const athlete = ctx.takeAthlete();
        const expected = await ctx.expectedRides(athlete.id);
        const { rider, userId } = await ctx.proRider();
        await ctx.connectStrava(rider, athlete.id);
        const syncs = await Promise.all(
          gateways.flatMap((base) =>
            [0, 1].map(() => httpSession(base, rider.cookie()).post('/api/strava/sync')),
          ),
        );
        say(
          `did: connected an athlete with ${expected} rides (the connection starts an import), then 4 syncs at once, 2 through each gateway: ${tallyOf(syncs.map((s) => s.status))}`,
        );
        const imported = await ctx.importSettled(userId, expected, 180_000);
        await ctx.sleep(1500); // a duplicate import would land now
        const final = await ctx.rideState(userId);
        assert.equal(final.rides, expected, 'ride count');
        assert.equal(final.distinct_ids, final.rides, 'duplicate rides');
        say(
          `checked: ${final.rides}/${expected} rides (settled at ${imported.rides}), ${final.distinct_ids} distinct Strava ids, every stream fetched`,
        );
        const { rows } = await ctx.db.query(
          'SELECT id FROM rides.rides WHERE user_id = $1 ORDER BY start_date DESC LIMIT 8',
          [userId],
        );
        // each ride asked on both gateways at once (a double click reaching two machines)
        const asked = Date.now();
        const asks = await Promise.all(
          rows.flatMap(({ id }) =>
            gateways.map(async (base, i) => ({
              ...(await httpSession(base, rider.cookie()).post(`/api/rides/${id}/ai-feedback`)),
              rideId: id,
              gateway: i + 1,
              ms: Date.now() - asked,
            })),
          ),
        );
        const state = await one(
          `SELECT (SELECT count(*)::int FROM analysis.ride_feedback WHERE user_id = $1) AS feedbacks,
                  (SELECT count(DISTINCT ride_id)::int FROM analysis.ride_feedback WHERE user_id = $1) AS rides,
                  (SELECT coalesce(sum(used), 0)::int FROM analysis.monthly_analysis_usage WHERE user_id = $1) AS used`,
          [userId],
        );
        say(
          `did: asked the analysis of ${rows.length} rides on both gateways at once (${asks.length} requests): ${tallyOf(asks.map((a) => a.status))}`,
        );
        const refused = asks.filter((a) => a.status !== 200);
        for (const a of refused)
          say(
            `    ride ${a.rideId} on gateway-${a.gateway}: ${a.status} after ${a.ms} ms: ${a.json?.message ?? a.text.slice(0, 200)}`,
          );
        assert.equal(refused.length, 0, `answers: ${tallyOf(asks.map((a) => a.status))}`);
        assert.equal(state.feedbacks, rows.length, 'feedback rows');
        assert.equal(state.rides, state.feedbacks, 'a ride has two feedbacks');
        assert.equal(state.used, state.feedbacks, 'quota used');
        say(
          `checked: ${state.feedbacks} feedbacks on ${state.rides} rides, quota used ${state.used}: each ride analysed and paid once`,
        );
        analysed.rider = { userId, rides: expected };
      },
    },
    {
      name: 'replica-admin-patterns',
      title: 'Admin changes answered over Redis patterns with two billing replicas: done once, answered once',
      run: async () => {
        const admin = httpSession(ctx.gateway);
        const signIn = await admin.post('/api/admin/login', {
          username: env.ADMIN_USERNAME,
          password: env.ADMIN_PASSWORD,
        });
        assert.ok(signIn.status < 300, `admin login: ${signIn.status}`);
        const code = `REPLICA${Date.now().toString(36).toUpperCase()}`;
        const now = Date.now();
        const created = await admin.post('/api/admin/promo-codes', {
          code,
          description: 'two replicas',
          discountType: 'percentage',
          discountValue: 10,
          validFrom: new Date(now - 60_000).toISOString(),
          validUntil: new Date(now + 86_400_000).toISOString(),
          usageLimit: null,
        });
        const rows = await one('SELECT count(*)::int AS n FROM billing.promo_codes WHERE code = $1', [code]);
        say(
          `did: created promo code ${code} as admin (request over the billing pattern, both billing APIs subscribed): ${created.status} ${created.json?.message ?? ''}`,
        );
        assert.equal(rows.n, 1, `${rows.n} promo code rows`);
        assert.ok(created.status < 300, `the creation answered ${created.status}: ${created.json?.message}`);
        say(`checked: one promo code row, and the admin is told it was created (${created.status})`);
      },
    },
    {
      name: 'replica-killed-mid-load',
      title:
        'A gateway and one worker of each kind SIGKILLed under load: the balancer routes around them, every job completes',
      run: async () => {
        const source = analysed.rider ?? (await ctx.seededRider());
        const riders = [];
        for (let batch = 0; batch < 5; batch += 1)
          riders.push(...(await Promise.all(Array.from({ length: 20 }, () => ctx.registerRider()))));
        const ridesOf = await ctx.copyRides(
          source.userId,
          riders.map((r) => r.userId),
        );
        // an import running through the kill: its jobs must be finished by the surviving worker
        const athlete = ctx.takeAthlete();
        const expected = await ctx.expectedRides(athlete.id);
        const importer = await ctx.registerRider();
        await ctx.strava('/faults/latency', { ms: 300 });
        await ctx.connectStrava(importer.rider, athlete.id);
        const before = await balancerStats(env.GATEWAY_PORT);
        const victims = [
          'gateway-2',
          ...['auth', 'rides', 'analysis', 'billing', 'admin'].map((s) => `${s}-worker-1`),
        ];
        const seconds = 30;
        const load = loadMix({
          gateway: ctx.gateway,
          seconds,
          share: 0.2,
          timeoutSeconds: Number(env.ANALYSIS_WAIT_MS) / 1000 + 15,
          say,
          riders: riders.map((r) => ({ cookie: r.rider.cookie(), rideId: ridesOf.get(r.userId)[0] })),
        });
        await ctx.sleep(8000);
        const midImport = await ctx.rideState(importer.userId);
        await Promise.all(victims.map((name) => ctx.stack.kill(name)));
        say(
          `did: ${riders.length} riders under load for ${seconds} s through the balancer; at 8 s SIGKILLed ${victims.join(', ')} (the import of ${expected} rides at ${midImport.rides} rides, ${midImport.streams_pending} stream fetches pending)`,
        );
        const rows = await load;
        await ctx.strava('/faults/latency', { ms: 0 });
        const after = await balancerStats(env.GATEWAY_PORT);
        const delta = after.upstreams.map((u, i) => ({
          port: u.port,
          requests: u.requests - before.upstreams[i].requests,
          refused: u.refused - before.upstreams[i].refused,
          aborted: u.aborted - before.upstreams[i].aborted,
        }));
        say(
          `balancer: ${delta.map((u, i) => `gateway-${i + 1} answered ${u.requests}, refused ${u.refused} connections, ${u.aborted} cut off`).join('; ')}`,
        );
        const errors = rows.reduce((sum, row) => sum + row.errors, 0);
        const cutOff = delta.reduce((sum, u) => sum + u.aborted, 0);
        const total = rows.reduce((sum, row) => sum + row.requests, 0);
        say(
          `checked: ${total} requests, ${errors} errors, ${cutOff} of them in flight on the killed gateway`,
        );
        assert.ok(delta[1].refused > 0 || delta[1].requests > 0, 'the killed gateway never served');
        assert.ok(delta[0].requests > delta[1].requests, 'the balancer kept sending to the killed gateway');
        assert.ok(
          errors <= cutOff,
          `${errors} errors, only ${cutOff} requests were in flight on the killed gateway`,
        );
        const final = await ctx.importSettled(importer.userId, expected, 150_000);
        assert.equal(final.rides, expected);
        assert.equal(final.distinct_ids, expected, 'duplicate rides');
        say(
          `checked: the import ended at ${final.rides}/${expected} rides, no duplicate, every stream fetched`,
        );
        const drained = await eventually(
          async () => {
            const counts = await queueCounts(ctx.redisPort, env.REDIS_PREFIX);
            const busy = Object.entries(counts).filter(([, c]) => c.active + c.waiting + c.prioritized > 0);
            return busy.length === 0 ? counts : undefined;
          },
          150_000,
          'every queue to be drained by the surviving workers',
          1000,
        );
        const failed = Object.entries(drained).filter(([, c]) => c.failed > 0);
        say(
          `checked: ${Object.keys(drained).length} queues with nothing active or waiting (${Object.values(drained).reduce((s, c) => s + c.completed, 0)} jobs completed, ${Object.values(drained).reduce((s, c) => s + c.delayed, 0)} delayed); failed for good: ${failed.length ? failed.map(([q, c]) => `${q} ${c.failed}`).join(', ') : 'none'}`,
        );
        assert.deepEqual(failed, [], 'jobs failed for good');
        const feedback = await one(
          `SELECT count(*)::int AS n, count(DISTINCT (user_id, ride_id))::int AS distinct_rides
           FROM analysis.ride_feedback WHERE user_id = ANY($1)`,
          [riders.map((r) => r.userId)],
        );
        assert.equal(feedback.n, feedback.distinct_rides, 'a ride analysed twice');
        say(`checked: ${feedback.n} analyses under load, none twice`);
        await Promise.all(victims.map((name) => ctx.stack.relaunch(name)));
        say(`did: started the ${victims.length} killed processes again`);
      },
    },
  ];
};
