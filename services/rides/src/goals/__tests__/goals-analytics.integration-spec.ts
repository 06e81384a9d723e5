import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { EventPublisher } from '@domestique/common';
import { eventually, identityHeaders } from '@domestique/common/testing';
import {
  eventQueueName,
  type EventEnvelope,
  type GoalDto,
  type LifetimeAnalyticsDto,
  type PerformanceTrendsDto,
  type Tier,
} from '@domestique/proto';
import { randomUUID } from 'node:crypto';
import { newUserId, startHarness, type RidesHarness } from '../../test/rides-harness.js';

jest.setTimeout(60_000);

const DAY = 86_400_000;
const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

describe('goals, trends and lifetime analytics (real PostgreSQL and Redis)', () => {
  let harness: RidesHarness;
  let events: EventPublisher;

  beforeAll(async () => {
    harness = await startHarness({ athletes: [{ activities: 1 }] });
    events = harness.api.app.get(EventPublisher);
  }, 60_000);
  afterAll(async () => {
    await harness?.close();
  });

  const as = (userId: string, tier: Tier = 'free') => identityHeaders({ role: 'user', userId, tier });

  /** A ride written as the importer writes it, with its ride.imported event in the same transaction. */
  const importRide = (
    userId: string,
    ride: {
      start: Date;
      distance?: number;
      moving?: number;
      elevation?: number;
      watts?: number;
      hr?: number;
      cadence?: number;
    },
  ): Promise<string> =>
    harness.db.transaction(async (manager) => {
      const [row] = (await manager.query(
        `INSERT INTO rides.rides (user_id, source, external_id, name, sport_type, start_date, distance_m, moving_time_s,
           elapsed_time_s, total_elevation_gain_m, average_speed_mps, average_watts, device_watts, average_heartrate,
           average_cadence, metrics)
         VALUES ($1, 'strava', $2, 'Ride', 'Ride', $3, $4::float8, $5::int, $5::int, $6, $4::float8 / $5::int, $7::float8, $7::float8 IS NOT NULL, $8, $9,
           jsonb_build_object('powerZones', jsonb_build_array(jsonb_build_object('zone', 2, 'seconds', $5::int))))
         RETURNING id`,
        [
          userId,
          randomUUID(),
          ride.start,
          ride.distance ?? 10_000,
          ride.moving ?? 1800,
          ride.elevation ?? 100,
          ride.watts ?? null,
          ride.hr ?? null,
          ride.cadence ?? null,
        ],
      )) as { id: string }[];
      await events.publish(manager, 'ride.imported', {
        userId,
        rideId: row!.id,
        startDate: ride.start.toISOString(),
        source: 'strava',
      });
      return row!.id;
    });

  const deleteRide = (userId: string, rideId: string) =>
    harness.db.transaction(async (manager) => {
      await manager.query('DELETE FROM rides.rides WHERE user_id = $1 AND id = $2', [userId, rideId]);
      await events.publish(manager, 'ride.deleted', { userId, rideId });
    });

  const goalsOf = async (userId: string): Promise<GoalDto[]> =>
    (
      await harness
        .http()
        .get('/api/goals')
        .set(await as(userId))
    ).body as GoalDto[];

  it('refuses an incomplete goal with the spec message and keeps goals to their owner', async () => {
    const owner = newUserId();
    const headers = await as(owner);
    for (const body of [
      { title: '', targetValue: 10, targetDate: isoDate(Date.now() + 10 * DAY) },
      { title: 'Ride', targetValue: 0, targetDate: isoDate(Date.now() + 10 * DAY) },
      { title: 'Ride', targetValue: 'abc', targetDate: isoDate(Date.now() + 10 * DAY) },
      { title: 'Ride', targetValue: 10 },
    ]) {
      const answer = await harness.http().post('/api/goals').set(headers).send(body);
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe('Please fill in all required fields');
    }
    const past = await harness
      .http()
      .post('/api/goals')
      .set(headers)
      .send({ title: 'Late', targetValue: 5, targetDate: '2020-01-01' });
    expect(past.status).toBe(400);
    expect(past.body.message).toBe('Target date cannot be in the past');

    const created = await harness
      .http()
      .post('/api/goals')
      .set(headers)
      .send({
        title: ' Climb ',
        targetValue: '2500.5',
        targetDate: isoDate(Date.now() + 10 * DAY),
        type: '',
      });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      title: 'Climb',
      type: 'distance',
      unit: 'miles',
      targetValue: 2500.5,
      currentValue: 0,
      status: 'active',
      description: null,
    });

    const stranger = await as(newUserId());
    const id = created.body.id as string;
    expect((await harness.http().get('/api/goals').set(stranger)).body).toEqual([]);
    const patch = await harness.http().patch(`/api/goals/${id}`).set(stranger).send({ title: 'Mine' });
    expect(patch.status).toBe(404);
    expect(patch.body.message).toBe('Goal not found');
    expect((await harness.http().delete(`/api/goals/${id}`).set(stranger)).status).toBe(404);
    expect((await harness.http().delete('/api/goals/not-a-uuid').set(headers)).status).toBe(404);

    const edited = await harness
      .http()
      .patch(`/api/goals/${id}`)
      .set(headers)
      .send({ title: 'Climb more', type: 'elevation', description: 'Alps' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      title: 'Climb more',
      type: 'elevation',
      unit: 'ft',
      description: 'Alps',
    });
    const manual = await harness.http().patch(`/api/goals/${id}`).set(headers).send({ currentValue: 3 });
    expect(manual.status).toBe(400);

    expect((await harness.http().delete(`/api/goals/${id}`).set(headers)).status).toBe(204);
    expect(await goalsOf(owner)).toEqual([]);
  });

  it('moves progress when a ride is imported or deleted, and keeps a reached goal completed', async () => {
    const userId = newUserId();
    const headers = await as(userId);
    const make = async (type: string, targetValue: number) =>
      (
        await harness
          .http()
          .post('/api/goals')
          .set(headers)
          .send({ title: type, type, targetValue, targetDate: isoDate(Date.now() + 20 * DAY) })
      ).body as GoalDto;
    const distance = await make('distance', 20);
    const speed = await make('speed', 30);
    const custom = await make('custom', 3);
    // the goals were set 10 days ago: rides since then count, older ones do not
    await harness.db.query(
      `UPDATE rides.goals SET created_at = now() - interval '10 days' WHERE user_id = $1`,
      [userId],
    );
    await importRide(userId, { start: new Date(Date.now() - 20 * DAY), distance: 50_000 });
    const first = await importRide(userId, {
      start: new Date(Date.now() - 2 * DAY),
      distance: 16_093.4,
      moving: 3600,
    });
    await eventually(
      async () => (await goalsOf(userId)).find((g) => g.id === distance.id)?.currentValue === 10,
    );
    let goals = await goalsOf(userId);
    expect(goals.find((g) => g.id === speed.id)).toMatchObject({ currentValue: 10, status: 'active' });
    expect(goals.find((g) => g.id === custom.id)).toMatchObject({ currentValue: 0 });

    await importRide(userId, { start: new Date(Date.now() - DAY), distance: 24_140.1, moving: 3600 });
    await eventually(
      async () => (await goalsOf(userId)).find((g) => g.id === distance.id)?.status === 'completed',
    );
    goals = await goalsOf(userId);
    expect(goals.find((g) => g.id === distance.id)).toMatchObject({ currentValue: 25, status: 'completed' });
    expect(goals.find((g) => g.id === speed.id)).toMatchObject({ currentValue: 12.5, status: 'active' });

    await deleteRide(userId, first);
    await eventually(
      async () => (await goalsOf(userId)).find((g) => g.id === distance.id)?.currentValue === 15,
    );
    goals = await goalsOf(userId);
    expect(goals.find((g) => g.id === distance.id)).toMatchObject({ currentValue: 15, status: 'completed' });
    expect(goals.find((g) => g.id === speed.id)).toMatchObject({ currentValue: 15 });

    // custom goals are counted by hand
    const counted = await harness
      .http()
      .patch(`/api/goals/${custom.id}`)
      .set(headers)
      .send({ currentValue: 3 });
    expect(counted.body).toMatchObject({ currentValue: 3, status: 'completed' });

    // a goal whose date passed unmet expires
    await harness.db.query(`UPDATE rides.goals SET deadline = now() - interval '1 minute' WHERE id = $1`, [
      speed.id,
    ]);
    expect((await goalsOf(userId)).find((g) => g.id === speed.id)?.status).toBe('expired');
  });

  it('refuses trends to free riders and answers 12 weighted weeks to pro riders', async () => {
    const userId = newUserId();
    const free = await harness
      .http()
      .get('/api/performance/trends')
      .set(await as(userId, 'free'));
    expect(free.status).toBe(403);
    expect(free.body.message).toMatch(/Pro and Elite/);
    const freeGraphql = await harness
      .http()
      .post('/graphql')
      .set(await as(userId, 'free'))
      .send({ query: '{ performanceTrends { timeZone } }' });
    expect(freeGraphql.body.errors[0].extensions.code).toBe('FORBIDDEN');

    const now = Date.now();
    await importRide(userId, {
      start: new Date(now - 75 * DAY),
      moving: 3600,
      watts: 200,
      hr: 150,
      cadence: 85,
    });
    await importRide(userId, { start: new Date(now - 1000), moving: 3600, watts: 220, hr: 150, cadence: 88 });
    await importRide(userId, { start: new Date(now - 2000), moving: 1800, watts: 250, hr: 160, cadence: 92 });
    const pro = await harness
      .http()
      .get('/api/performance/trends?tz=UTC')
      .set(await as(userId, 'pro'));
    expect(pro.status).toBe(200);
    const body = pro.body as PerformanceTrendsDto;
    expect(body.trends).toHaveLength(12);
    const last = body.trends[11]!;
    // (220 x 3600 + 250 x 1800) / 5400 = 230
    expect(last.power).toBe(230);
    expect(last.heartRate).toBe(153);
    expect(body.trends.filter((p) => p.power === null).length).toBeGreaterThanOrEqual(9);
    expect(body.improvements.powerImprovement).toBe(15);
    const bad = await harness
      .http()
      .get('/api/performance/trends?tz=Mars/Olympus')
      .set(await as(userId, 'pro'));
    expect(bad.status).toBe(400);
    const empty = await harness
      .http()
      .get('/api/performance/trends?tz=')
      .set(await as(userId, 'pro'));
    expect(empty.status).toBe(400);
  });

  it('sums lifetime analytics in the database, with real 30-day trends and zone times', async () => {
    const userId = newUserId();
    const now = Date.now();
    // outside the 12 weeks of the charts and the 60 days of the trends: only in the lifetime totals
    await importRide(userId, {
      start: new Date(now - 100 * DAY),
      distance: 16_093.4,
      moving: 3600,
      elevation: 0,
    });
    await importRide(userId, {
      start: new Date(now - 40 * DAY),
      distance: 16_093.4,
      moving: 3600,
      elevation: 100,
    });
    await importRide(userId, {
      start: new Date(now - 5 * DAY),
      distance: 16_093.4,
      moving: 3600,
      elevation: 150,
    });
    await importRide(userId, {
      start: new Date(now - 3 * DAY),
      distance: 16_093.4,
      moving: 3600,
      elevation: 50,
    });
    const answer = await harness
      .http()
      .get('/api/analytics/lifetime')
      .set(await as(userId));
    expect(answer.status).toBe(200);
    const body = answer.body as LifetimeAnalyticsDto;
    expect(body.monthlyStats).toEqual({
      totalRides: 4,
      totalDistance: 40,
      totalTime: 14_400,
      totalElevation: 984.25,
    });
    expect(body.statTrends).toEqual({
      totalRides: 100,
      totalDistance: 100,
      totalTime: 100,
      totalElevation: 100,
    });
    expect(body.weeklyProgress).toHaveLength(12);
    expect(body.weeklyProgress.reduce((sum, w) => sum + w.rides, 0)).toBe(3);
    expect(body.zoneSource).toBe('power');
    expect(body.performanceZones).toHaveLength(7);
    expect(body.performanceZones[1]).toEqual({ zone: 'Z2', name: 'Endurance', timeSpent: 14_400 });

    const graphql = await harness
      .http()
      .post('/graphql')
      .set(await as(userId))
      .send({ query: '{ lifetimeAnalytics { monthlyStats { totalRides } zoneSource } goals { id } }' });
    expect(graphql.body.data).toEqual({
      lifetimeAnalytics: { monthlyStats: { totalRides: 4 }, zoneSource: 'power' },
      goals: [],
    });
  });

  it('creates, edits and deletes goals over GraphQL with the same rules', async () => {
    const headers = await as(newUserId());
    const gql = (query: string, variables: Record<string, unknown>) =>
      harness.http().post('/graphql').set(headers).send({ query, variables });
    const missing = await gql('mutation($i: GoalInput!) { createGoal(input: $i) { id } }', {
      i: { title: 'No date', targetValue: 5 },
    });
    expect(missing.body.errors[0].message).toBe('Please fill in all required fields');
    const created = await gql('mutation($i: GoalInput!) { createGoal(input: $i) { id status unit } }', {
      i: { title: 'Hours', type: 'time', targetValue: 10, targetDate: isoDate(Date.now() + 5 * DAY) },
    });
    expect(created.body.data.createGoal).toMatchObject({ status: 'active', unit: 'hours' });
    const id = created.body.data.createGoal.id as string;
    const edited = await gql(
      'mutation($id: ID!, $i: GoalInput!) { updateGoal(id: $id, input: $i) { targetValue } }',
      {
        id,
        i: { targetValue: 12 },
      },
    );
    expect(edited.body.data.updateGoal.targetValue).toBe(12);
    const deleted = await gql('mutation($id: ID!) { deleteGoal(id: $id) }', { id });
    expect(deleted.body.data.deleteGoal).toBe(id);
  });

  it("removes a deleted rider's goals with the rest of their data", async () => {
    const userId = newUserId();
    const headers = await as(userId);
    await harness
      .http()
      .post('/api/goals')
      .set(headers)
      .send({ title: 'Gone soon', targetValue: 5, targetDate: isoDate(Date.now() + 5 * DAY) });
    expect(await goalsOf(userId)).toHaveLength(1);
    const envelope: EventEnvelope<'user.deleted'> = {
      id: randomUUID(),
      name: 'user.deleted',
      version: 1,
      occurredAt: new Date().toISOString(),
      payload: { userId, requestedBy: 'integration-test' },
    };
    await harness.queues.get(eventQueueName('rides')).add(envelope.name, envelope, { jobId: envelope.id });
    await eventually(async () => (await goalsOf(userId)).length === 0);
  });
});
