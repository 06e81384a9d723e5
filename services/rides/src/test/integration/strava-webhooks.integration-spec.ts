import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { createProducerRedis, QueueRegistry } from '@domestique/common';
import { eventually } from '@domestique/common/testing';
import { eventQueueName, type EventEnvelope } from '@domestique/proto';
import { randomUUID } from 'node:crypto';
import {
  connectThroughStrava,
  newUserId,
  rideCount,
  startHarness,
  streamsSettled,
  syncSettled,
  type RidesHarness,
} from './harness.js';

const VERIFY = 'webhook-verify-token-for-tests';

jest.setTimeout(60_000);

describe('Strava webhooks and account deletion (API + worker, Strava simulator pushing events)', () => {
  let harness: RidesHarness;
  let athletes: number[];

  beforeAll(async () => {
    harness = await startHarness({
      athletes: [{ activities: 10 }, { activities: 8 }, { activities: 8 }, { activities: 6 }],
      env: { STRAVA_PUSH_SUBSCRIPTION: 'true', STRAVA_WEBHOOK_VERIFY_TOKEN: VERIFY },
    });
    athletes = harness.strava.control.athletes().map((athlete) => athlete.id);
  }, 60_000);
  afterAll(async () => {
    await harness?.close();
  });

  const connected = async (athleteId: number) => {
    const userId = newUserId();
    expect(await connectThroughStrava(harness, userId, athleteId)).toBe('/dashboard?strava=connected');
    expect(await syncSettled(harness, userId)).toBe('completed');
    await streamsSettled(harness, userId);
    return userId;
  };
  const rideOf = async (userId: string, activityId: number) =>
    (
      (await harness.db.query(
        'SELECT id, name, sport_type, is_private FROM rides.rides WHERE user_id = $1 AND external_id = $2',
        [userId, String(activityId)],
      )) as { id: string; name: string; sport_type: string; is_private: boolean }[]
    )[0];
  const deletedEvents = (userId: string) =>
    harness.db.query(
      `SELECT payload->>'rideId' AS "rideId" FROM rides.outbox_events WHERE name = 'ride.deleted' AND payload->>'userId' = $1`,
      [userId],
    ) as Promise<{ rideId: string }[]>;

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

    const run = await harness.strava.control.createActivity(athleteId, { sportType: 'Run', name: 'A run' });
    await eventually(async () => (await deliveryStatus(Number(run.activity.id))) === 200);
    expect(await rideOf(userId, Number(run.activity.id))).toBeUndefined();

    await harness.strava.control.deleteActivity(activityId);
    await eventually(async () => (await rideOf(userId, activityId)) === undefined);
    expect((await deletedEvents(userId)).map((e) => e.rideId)).toEqual([ride.id]);
    expect(await rideCount(harness, userId)).toBe(before);
  }, 60_000);

  it('removes a ride whose type became a run, and ignores an unconfirmed (spoofed) delete', async () => {
    const athleteId = athletes[1]!;
    const userId = await connected(athleteId);
    const [first, second] = (await harness.db.query(
      'SELECT id, external_id FROM rides.rides WHERE user_id = $1 ORDER BY start_date DESC LIMIT 2',
      [userId],
    )) as { id: string; external_id: string }[];

    await harness.strava.control.updateActivity(Number(first!.external_id), { sportType: 'Run' });
    await eventually(async () => (await rideOf(userId, Number(first!.external_id))) === undefined);

    const spoofed = await harness
      .http()
      .post('/api/strava/webhook')
      .set(await anonymous())
      .send({
        object_type: 'activity',
        object_id: Number(second!.external_id),
        aspect_type: 'delete',
        owner_id: athleteId,
        subscription_id: 999,
        event_time: Math.floor(Date.now() / 1000),
      });
    expect(spoofed.status).toBe(200);
    const job = await eventually(async () => {
      const jobs = await harness.queues.get('strava-webhook').getJobs(['completed']);
      return jobs.find((j) => j.data.objectId === second!.external_id && j.data.aspectType === 'delete');
    });
    expect(job.returnvalue).toBe('not-confirmed');
    expect(await rideOf(userId, Number(second!.external_id))).toBeDefined();
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

  const anonymous = async () =>
    (await import('@domestique/common/testing')).identityHeaders({ role: 'anonymous' });
  const deliveryStatus = async (activityId: number) =>
    harness.strava.control
      .deliveries()
      .find((d) => d.event.object_id === activityId)
      ?.attempts.at(-1)?.status;
});

const processorOf = async (harness: RidesHarness) => {
  const { StravaWebhookProcessor } = await import('../../strava/strava-webhook.processor.js');
  return { processor: harness.worker.context.get(StravaWebhookProcessor) };
};
