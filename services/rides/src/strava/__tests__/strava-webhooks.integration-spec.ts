import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { createProducerRedis, QueueRegistry } from '@domestique/common';
import { eventually, identityHeaders } from '@domestique/common/testing';
import { eventQueueName, QUEUES, type EventEnvelope } from '@domestique/proto';
import type { Job } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { MAX_NAME_LENGTH } from '../../strava/strava-activity.mapper.js';
import { StravaPushSubscription } from '../../strava/strava-push-subscription.js';
import { webhookReadCap } from '../../strava/rate-limit.js';
import {
  atStravaRealLimits,
  connectThroughStrava,
  startWellInsideRateWindow,
  STRAVA_REAL_LIMITS_ENV,
  cyclingActivities,
  newUserId,
  rideCount,
  startHarness,
  streamsSettled,
  syncSettled,
  type RidesHarness,
} from '../../test/rides-harness.js';

const VERIFY = 'webhook-verify-token-for-tests';

jest.setTimeout(60_000);

describe('Strava webhooks and account deletion (API + worker, Strava simulator pushing events)', () => {
  let harness: RidesHarness;
  let athletes: number[];

  beforeAll(async () => {
    harness = await startHarness({
      athletes: [
        { activities: 10 },
        { activities: 8 },
        { activities: 8 },
        { activities: 6 },
        { activities: 5 },
        { activities: 5 },
        { activities: 5 },
      ],
      env: { STRAVA_PUSH_SUBSCRIPTION: 'true', STRAVA_WEBHOOK_VERIFY_TOKEN: VERIFY },
    });
    athletes = harness.strava.control.athletes().map((athlete) => athlete.id);
  }, 60_000);
  afterAll(async () => {
    await harness?.close();
  });

  const connected = (athleteId: number) => connectedRider(harness, athleteId);
  const rideOf = (userId: string, activityId: number | string) => rideOfActivity(harness, userId, activityId);
  const deletedEvents = (userId: string) =>
    harness.db.query(
      `SELECT payload->>'rideId' AS "rideId" FROM rides.outbox_events WHERE name = 'ride.deleted' AND payload->>'userId' = $1`,
      [userId],
    ) as Promise<{ rideId: string }[]>;
  const newestRide = async (userId: string) =>
    (
      (await harness.db.query(
        `SELECT id, external_id, name, sport_type FROM rides.rides WHERE user_id = $1 ORDER BY start_date DESC LIMIT 1`,
        [userId],
      )) as { id: string; external_id: string; name: string; sport_type: string }[]
    )[0]!;

  it('creates the push subscription at worker start through the handshake, idempotently', async () => {
    const subscription = await eventually(async () => harness.strava.control.subscriptions()[0]);
    expect(subscription.callback_url).toBe(`${harness.publicUrl}/api/strava/webhook`);
    // a second worker start finds it and creates nothing
    const { processor } = await processorOf(harness);
    const job = { token: undefined, moveToDelayed: async () => undefined } as never;
    expect(
      await processor.ensureSubscription({ callbackUrl: `${harness.publicUrl}/api/strava/webhook` }, job),
    ).toEqual({
      id: subscription.id,
    });
    expect(harness.strava.control.subscriptions()).toHaveLength(1);
    // remembered, to tell Strava's events from forged ones
    expect(await harness.api.app.get(StravaPushSubscription).known()).toBe(String(subscription.id));
  });

  it('answers the validation handshake only with the verify token, and refuses malformed events', async () => {
    const challenge = await harness
      .http()
      .get(`/api/strava/webhook?hub.mode=subscribe&hub.verify_token=${VERIFY}&hub.challenge=abc123`)
      .set(await anonymous());
    expect(challenge.status).toBe(200);
    expect(challenge.body).toEqual({ 'hub.challenge': 'abc123' });
    const wrong = await harness
      .http()
      .get('/api/strava/webhook?hub.mode=subscribe&hub.verify_token=nope&hub.challenge=abc123')
      .set(await anonymous());
    expect(wrong.status).toBe(403);
    expect(wrong.body.code).toBe('RIDE_STRAVA_WEBHOOK_FORBIDDEN');
    const missing = await harness
      .http()
      .get('/api/strava/webhook?hub.mode=subscribe')
      .set(await anonymous());
    expect(missing.status).toBe(400);
    const bad = await harness
      .http()
      .post('/api/strava/webhook')
      .set(await anonymous())
      .send({ object_type: 'club' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Unknown object_type');
  });

  it('imports a new activity, applies title, type and privacy updates and removes a deleted one', async () => {
    const athleteId = athletes[0]!;
    const userId = await connected(athleteId);
    const before = await rideCount(harness, userId);

    const created = await harness.strava.control.createActivity(athleteId, {
      sportType: 'Ride',
      name: 'Pushed Ride',
    });
    const activityId = Number(created.activity.id);
    expect(created.deliveries[0]?.delivered).toBe(true);
    expect(created.deliveries[0]?.attempts[0]?.status).toBe(200);
    const ride = await eventually(() => rideOf(userId, activityId));
    expect(ride.name).toBe('Pushed Ride');
    await eventually(async () => {
      const [row] = await harness.db.query('SELECT streams_fetched_at FROM rides.rides WHERE id = $1', [
        ride.id,
      ]);
      return row.streams_fetched_at !== null;
    });
    expect(await rideCount(harness, userId)).toBe(before + 1);
    const imported = await harness.db.query(
      `SELECT 1 FROM rides.outbox_events WHERE name = 'ride.imported' AND payload->>'rideId' = $1`,
      [ride.id],
    );
    expect(imported).toHaveLength(1);

    await harness.strava.control.updateActivity(activityId, {
      name: 'Renamed Ride',
      sportType: 'GravelRide',
      private: true,
    });
    await eventually(async () => (await rideOf(userId, activityId))?.name === 'Renamed Ride');
    expect(await rideOf(userId, activityId)).toMatchObject({ sport_type: 'GravelRide', is_private: true });

    // even Strava's own title is stored as bounded plain text
    const longTitle = '<img src=x onerror=alert(1)>'.repeat(200);
    await harness.strava.control.updateActivity(activityId, { name: longTitle });
    await eventually(async () => (await rideOf(userId, activityId))?.name !== 'Renamed Ride');
    expect((await rideOf(userId, activityId)).name).toBe(longTitle.slice(0, MAX_NAME_LENGTH));

    const run = await harness.strava.control.createActivity(athleteId, { sportType: 'Run', name: 'A run' });
    await eventually(async () => (await deliveryStatus(Number(run.activity.id))) === 200);
    expect(await rideOf(userId, Number(run.activity.id))).toBeUndefined();

    await harness.strava.control.deleteActivity(activityId);
    await eventually(async () => (await rideOf(userId, activityId)) === undefined);
    expect((await deletedEvents(userId)).map((e) => e.rideId)).toEqual([ride.id]);
    expect(await rideCount(harness, userId)).toBe(before);
  }, 60_000);

  it('removes a ride whose type became a run at Strava, and keeps one a forged delete names', async () => {
    const athleteId = athletes[1]!;
    const userId = await connected(athleteId);
    const [first, second] = (await harness.db.query(
      'SELECT id, external_id FROM rides.rides WHERE user_id = $1 ORDER BY start_date DESC LIMIT 2',
      [userId],
    )) as { id: string; external_id: string }[];

    await harness.strava.control.updateActivity(Number(first!.external_id), { sportType: 'Run' });
    await eventually(async () => (await rideOf(userId, Number(first!.external_id))) === undefined);
    expect((await deletedEvents(userId)).map((e) => e.rideId)).toEqual([first!.id]);

    const spoofed = await postEvent(harness, {
      object_type: 'activity',
      object_id: Number(second!.external_id),
      aspect_type: 'delete',
      owner_id: athleteId,
      subscription_id: ourSubscription(harness),
      event_time: Math.floor(Date.now() / 1000),
    });
    expect(spoofed.status).toBe(200);
    expect(await outcomeOf(harness, second!.external_id)).toBe('refreshed');
    expect(await rideOf(userId, Number(second!.external_id))).toBeDefined();
    expect(await deletedEvents(userId)).toHaveLength(1);
  }, 60_000);

  it('changes nothing for a forged update (type Run, a 90,000-character markup title): Strava says what is true', async () => {
    const athleteId = athletes[4]!;
    const userId = await connected(athleteId);
    const ride = await newestRide(userId);
    const stravaTitle = harness.strava.control
      .activities(athleteId)
      .find((activity) => String(activity.id) === ride.external_id)!.name;
    const calls = harness.strava.control.counters().activityCalls;

    const title = '<script>alert(document.cookie)</script>'.repeat(2308).slice(0, 90_000);
    expect(title).toHaveLength(90_000);
    const forged = await postEvent(harness, {
      object_type: 'activity',
      object_id: Number(ride.external_id),
      aspect_type: 'update',
      owner_id: athleteId,
      subscription_id: ourSubscription(harness),
      event_time: Math.floor(Date.now() / 1000),
      updates: { type: 'Run', title, private: 'true' },
    });
    expect(forged.status).toBe(200);
    const job = await settledJob(harness, ride.external_id);
    expect(job.returnvalue).toBe('refreshed');
    // what the event claimed is not even queued
    expect(job.data).not.toHaveProperty('updates');
    expect(JSON.stringify(job.data)).not.toContain('script');
    expect(harness.strava.control.counters().activityCalls - calls).toBe(1);
    expect(await rideOf(userId, ride.external_id)).toMatchObject({
      id: ride.id,
      name: stravaTitle,
      sport_type: ride.sport_type,
      is_private: false,
    });
    expect(await deletedEvents(userId)).toEqual([]);
    const listed = await harness
      .http()
      .get('/api/rides')
      .set(await harness.as(userId));
    expect(listed.status).toBe(200);
    expect(listed.text).not.toContain('<script>');
  }, 60_000);

  it('ignores, unread, events that did not come through our push subscription', async () => {
    const athleteId = athletes[5]!;
    const userId = await connected(athleteId);
    const ride = await newestRide(userId);
    const calls = harness.strava.control.counters().activityCalls;
    const forged = {
      object_type: 'activity',
      object_id: Number(ride.external_id),
      owner_id: athleteId,
      event_time: Math.floor(Date.now() / 1000),
    };
    for (const event of [
      {
        ...forged,
        aspect_type: 'update',
        subscription_id: ourSubscription(harness) + 1000,
        updates: { type: 'Run' },
      },
      { ...forged, aspect_type: 'delete', subscription_id: String(ourSubscription(harness) + 1) },
      { ...forged, aspect_type: 'create' },
      {
        ...forged,
        object_type: 'athlete',
        object_id: athleteId,
        aspect_type: 'update',
        subscription_id: 999_999,
        updates: { authorized: 'false' },
      },
    ]) {
      const answer = await postEvent(harness, event);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ received: true });
    }
    // the intake decides before it answers: nothing was queued, nothing will be read
    const queued = await harness.queues
      .get(QUEUES.stravaWebhook)
      .getJobs(['waiting', 'delayed', 'prioritized', 'active', 'completed', 'failed']);
    expect(queued.filter((job) => job.data.ownerId === String(athleteId))).toEqual([]);
    expect(harness.strava.control.counters().activityCalls).toBe(calls);
    expect(await rideOf(userId, ride.external_id)).toMatchObject({ id: ride.id, name: ride.name });
    expect(
      await harness.db.query('SELECT 1 FROM rides.strava_connections WHERE user_id = $1', [userId]),
    ).toHaveLength(1);
  }, 60_000);

  it('learns our subscription id from Strava when it was not remembered', async () => {
    const store = harness.api.app.get(StravaPushSubscription);
    const prefix = harness.api.config.REDIS_PREFIX;
    await harness.redis.del(
      `${prefix}:strava:push-subscription:id`,
      `${prefix}:strava:push-subscription:checked`,
    );
    expect(await store.known()).toBeNull();
    expect(await store.isOurs(String(ourSubscription(harness) + 1))).toBe(false);
    expect(await store.known()).toBe(String(ourSubscription(harness)));
    expect(await store.isOurs(String(ourSubscription(harness)))).toBe(true);
  });

  it('coalesces repeated events for one activity into one read at Strava', async () => {
    const athleteId = athletes[6]!;
    const userId = await connected(athleteId);
    const ride = await newestRide(userId);
    await webhooksIdle(harness);
    const calls = harness.strava.control.counters().activityCalls;
    const queue = harness.queues.get(QUEUES.stravaWebhook);
    await queue.pause();
    try {
      for (let i = 0; i < 10; i += 1) {
        const answer = await postEvent(harness, {
          object_type: 'activity',
          object_id: Number(ride.external_id),
          aspect_type: i % 3 === 0 ? 'create' : 'update',
          owner_id: athleteId,
          subscription_id: ourSubscription(harness),
          event_time: Math.floor(Date.now() / 1000) + i,
          updates: { title: `Spam ${i}` },
        });
        expect(answer.status).toBe(200);
      }
      const pending = await queue.getJobs(['waiting', 'delayed', 'prioritized']);
      expect(pending.filter((job) => job.data.objectId === ride.external_id)).toHaveLength(1);
    } finally {
      await queue.resume();
    }
    expect((await settledJob(harness, ride.external_id)).returnvalue).toBe('refreshed');
    await webhooksIdle(harness);
    expect(harness.strava.control.counters().activityCalls - calls).toBe(1);
    expect((await rideOf(userId, ride.external_id)).name).toBe(ride.name);
  }, 60_000);

  it('disconnects an athlete who revoked access on Strava, keeping the rides', async () => {
    const athleteId = athletes[2]!;
    const userId = await connected(athleteId);
    const rides = await rideCount(harness, userId);
    await harness.strava.control.revokeAccess(athleteId);
    await eventually(
      async () =>
        (await harness.db.query('SELECT 1 FROM rides.strava_connections WHERE user_id = $1', [userId]))
          .length === 0,
    );
    expect(await rideCount(harness, userId)).toBe(rides);
    const [event] = await harness.db.query(
      `SELECT payload FROM rides.outbox_events WHERE name = 'strava.disconnected' AND payload->>'userId' = $1`,
      [userId],
    );
    expect(event.payload).toEqual({ userId, athleteId: String(athleteId), reason: 'deauthorized' });
  }, 60_000);

  it('purges a deleted rider (deauthorizing at Strava) and reports user.purged', async () => {
    const athleteId = athletes[3]!;
    const userId = await connected(athleteId);
    expect(await rideCount(harness, userId)).toBeGreaterThan(0);
    const deauthorizeCalls = harness.strava.control.counters().deauthorizeCalls;
    const redis = createProducerRedis(harness.api.config.REDIS_URL);
    const queues = new QueueRegistry(redis, harness.api.config.REDIS_PREFIX);
    const envelope: EventEnvelope = {
      id: randomUUID(),
      name: 'user.deleted',
      version: 1,
      occurredAt: new Date().toISOString(),
      payload: { userId, requestedBy: 'admin' },
    };
    await queues.get(eventQueueName('rides')).add(envelope.name, envelope, { jobId: envelope.id });
    await eventually(async () => (await rideCount(harness, userId)) === 0, 20_000);
    await queues.closeAll();
    redis.disconnect();
    for (const table of ['strava_connections', 'ride_streams', 'rider_profiles'])
      expect(await harness.db.query(`SELECT 1 FROM rides.${table} WHERE user_id = $1`, [userId])).toEqual([]);
    expect(harness.strava.control.counters().deauthorizeCalls).toBe(deauthorizeCalls + 1);
    const [purged] = await harness.db.query(
      `SELECT payload FROM rides.outbox_events WHERE name = 'user.purged' AND payload->>'userId' = $1`,
      [userId],
    );
    expect(purged.payload).toEqual({ userId, service: 'rides' });
  }, 60_000);

  const deliveryStatus = async (activityId: number) =>
    harness.strava.control
      .deliveries()
      .find((d) => d.event.object_id === activityId)
      ?.attempts.at(-1)?.status;
});

describe('forged webhook bursts and the shared Strava budget (limits as Strava sets them)', () => {
  let harness: RidesHarness;
  let athletes: number[];

  beforeAll(async () => {
    harness = await startHarness({
      athletes: [{ activities: 4 }, { activities: 4 }],
      env: {
        STRAVA_PUSH_SUBSCRIPTION: 'true',
        STRAVA_WEBHOOK_VERIFY_TOKEN: VERIFY,
        ...STRAVA_REAL_LIMITS_ENV,
      },
    });
    atStravaRealLimits(harness);
    athletes = harness.strava.control.athletes().map((athlete) => athlete.id);
  }, 60_000);
  afterAll(async () => {
    await harness?.close();
  });

  it("spends at most the athlete's share on 50 forged creates, catches up with a sync, and leaves the rest of the budget", async () => {
    await eventually(async () => harness.strava.control.subscriptions()[0]);
    // the athlete's share is per 15-minute window: start the burst well inside one
    await startWellInsideRateWindow(harness);
    const [victim, other] = [athletes[0]!, athletes[1]!];
    const userId = await connectedRider(harness, victim);
    const otherUserId = await connectedRider(harness, other);
    await webhooksIdle(harness);
    const cap = webhookReadCap(100);
    expect(cap).toBe(5);
    const readsBefore = harness.strava.control.rateLimits().usage.read15m;
    const callsBefore = harness.strava.control.counters().activityCalls;
    const othersActivities = harness.strava.control.activities(other).map((activity) => Number(activity.id));

    for (let i = 0; i < 50; i += 1) {
      const answer = await postEvent(harness, {
        object_type: 'activity',
        // someone else's activities, then ids nobody has
        object_id: othersActivities[i] ?? 9_100_000_000 + i,
        aspect_type: 'create',
        owner_id: victim,
        subscription_id: ourSubscription(harness),
        event_time: Math.floor(Date.now() / 1000),
      });
      expect(answer.status).toBe(200);
    }
    const outcomes = await eventually(async () => {
      const done = (await harness.queues.get(QUEUES.stravaWebhook).getJobs(['completed'])).filter(
        (job) => job.data.ownerId === String(victim),
      );
      return done.length === 50 ? done.map((job) => job.returnvalue as string) : undefined;
    }, 30_000);
    expect(harness.strava.control.counters().activityCalls - callsBefore).toBe(cap);
    expect(outcomes.filter((outcome) => outcome === 'gone')).toHaveLength(cap);
    expect(outcomes.filter((outcome) => outcome === 'deferred')).toHaveLength(50 - cap);
    const readsAfter = harness.strava.control.rateLimits().usage.read15m;
    expect(readsAfter - readsBefore).toBe(cap);
    expect(readsAfter).toBeLessThan(50);
    // nothing of the other rider's was touched
    expect(await rideCount(harness, otherUserId)).toBe(cyclingActivities(harness, other).length);

    // over the share, events wait for a catch-up sync in the next window instead of being lost
    const catchUp = (await harness.queues.get(QUEUES.stravaSync).getJob(`sync-${userId}`))!;
    expect(await catchUp.getState()).toBe('delayed');
    expect(catchUp.data.reason).toBe('webhook');
    const created = await harness.strava.control.createActivity(victim, {
      sportType: 'Ride',
      name: 'After the storm',
    });
    const createdId = String(created.activity.id);
    expect((await settledJob(harness, createdId)).returnvalue).toBe('deferred');
    expect(await rideOfActivity(harness, userId, createdId)).toBeUndefined();

    // the rider's own sync keeps its share: it runs now and brings the new ride
    const sync = await harness
      .http()
      .post('/api/strava/sync')
      .set(await harness.as(userId));
    expect(sync.status).toBe(200);
    expect(sync.body).toMatchObject({ status: 'completed', syncedCount: 1 });
    expect(await rideOfActivity(harness, userId, createdId)).toMatchObject({ name: 'After the storm' });
    const otherSync = await harness
      .http()
      .post('/api/strava/sync')
      .set(await harness.as(otherUserId));
    expect(otherSync.status).toBe(200);
    expect(otherSync.body).toMatchObject({ status: 'completed' });
  }, 180_000);
});

const anonymous = () => identityHeaders({ role: 'anonymous' });

const postEvent = async (harness: RidesHarness, event: Record<string, unknown>) =>
  harness
    .http()
    .post('/api/strava/webhook')
    .set(await anonymous())
    .send(event);

/** The id of the push subscription the worker made at the simulator. */
const ourSubscription = (harness: RidesHarness): number => harness.strava.control.subscriptions()[0]!.id;

const connectedRider = async (harness: RidesHarness, athleteId: number) => {
  const userId = newUserId();
  expect(await connectThroughStrava(harness, userId, athleteId)).toBe('/dashboard?strava=connected');
  expect(await syncSettled(harness, userId)).toBe('completed');
  await streamsSettled(harness, userId);
  return userId;
};

const rideOfActivity = async (harness: RidesHarness, userId: string, activityId: number | string) =>
  (
    (await harness.db.query(
      'SELECT id, name, sport_type, is_private FROM rides.rides WHERE user_id = $1 AND external_id = $2',
      [userId, String(activityId)],
    )) as { id: string; name: string; sport_type: string; is_private: boolean }[]
  )[0];

/** The (last) finished webhook job about an activity. */
/** The webhook job of an activity once settled (the simulator's push, a 2 s debounce, then the job: slow under load). */
const settledJob = (harness: RidesHarness, activityId: string): Promise<Job> =>
  eventually(async () => {
    const jobs = await harness.queues.get(QUEUES.stravaWebhook).getJobs(['completed', 'failed']);
    return jobs.find((job) => job.data.objectId === activityId);
  }, 30_000);

const outcomeOf = async (harness: RidesHarness, activityId: string) =>
  (await settledJob(harness, activityId)).returnvalue as string;

/** Waits until no webhook job is waiting or running. */
const webhooksIdle = (harness: RidesHarness) =>
  eventually(async () => {
    const counts = await harness.queues
      .get(QUEUES.stravaWebhook)
      .getJobCounts('active', 'waiting', 'delayed', 'prioritized');
    return Object.values(counts).every((count) => count === 0);
  });

const processorOf = async (harness: RidesHarness) => {
  const { StravaWebhookProcessor } = await import('../../strava/strava-webhook.processor.js');
  return { processor: harness.worker.context.get(StravaWebhookProcessor) };
};
