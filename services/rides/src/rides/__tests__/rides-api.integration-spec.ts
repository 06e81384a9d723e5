import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { eventually, identityHeaders } from '@domestique/common/testing';
import { eventQueueName, type EventEnvelope } from '@domestique/proto';
import { randomUUID } from 'node:crypto';
import { RidesService } from '../../rides/rides.service.js';
import { StravaRateLimiter } from '../../strava/strava-rate-limiter.js';
import { newUserId, startHarness, type RidesHarness } from '../../test/rides-harness.js';

interface NewRide {
  start: string;
  distance?: number;
  moving?: number;
  elevation?: number;
  speed?: number;
  watts?: number | null;
  device?: boolean;
  analysed?: boolean;
  name?: string | null;
}

jest.setTimeout(60_000);

describe('rides read API (REST and GraphQL, real PostgreSQL)', () => {
  let harness: RidesHarness;

  beforeAll(async () => {
    harness = await startHarness({ athletes: [{ activities: 1 }] });
  }, 60_000);
  afterAll(async () => {
    await harness?.close();
  });

  /** A factory of rides, written as an import would write them. */
  const newRide = async (userId: string, ride: NewRide): Promise<string> => {
    const [row] = (await harness.db.query(
      `INSERT INTO rides.rides (user_id, source, external_id, name, sport_type, start_date, distance_m, moving_time_s,
         elapsed_time_s, total_elevation_gain_m, average_speed_mps, average_watts, device_watts, has_ai_feedback, metrics)
       VALUES ($1, 'strava', $2, $3, 'Ride', $4, $5, $6, $6, $7, $8, $9, $10, $11, NULL) RETURNING id`,
      [
        userId,
        randomUUID(),
        ride.name === undefined ? 'A ride' : ride.name,
        ride.start,
        ride.distance ?? 10_000,
        ride.moving ?? 1800,
        ride.elevation ?? 50,
        ride.speed ?? 5.5,
        ride.watts ?? null,
        ride.device ?? false,
        ride.analysed ?? false,
      ],
    )) as { id: string }[];
    return row!.id;
  };
  const as = (userId: string) => harness.as(userId);

  it('lists every ride newest first without parameters, in the spec shape', async () => {
    const userId = newUserId();
    await newRide(userId, { start: '2026-01-02T08:00:00Z', name: null, watts: 210, device: true });
    await newRide(userId, { start: '2026-01-05T08:00:00Z', name: 'Later', watts: 180, device: false });
    const answer = await harness
      .http()
      .get('/api/rides')
      .set(await as(userId));
    expect(answer.status).toBe(200);
    expect(answer.body.map((ride: { name: string }) => ride.name)).toEqual(['Later', 'Unnamed Ride']);
    expect(answer.body[0]).toEqual({
      id: expect.any(String),
      name: 'Later',
      startDate: '2026-01-05T08:00:00.000Z',
      type: 'Ride',
      sourceLabel: 'Strava',
      distance: 10_000,
      movingTime: 1800,
      totalElevationGain: 50,
      averageSpeed: 5.5,
      averageWatts: null,
      averageHeartrate: null,
      averageCadence: null,
      hasAiFeedback: false,
      hasFeedback: false,
      aiFeedback: null,
      metrics: null,
    });
    expect(answer.body[1].averageWatts).toBe(210);
    const other = await harness
      .http()
      .get('/api/rides')
      .set(await as(newUserId()));
    expect(other.body).toEqual([]);
  });

  it('pages with limit and cursor (headers carry the total and the next cursor), also in GraphQL', async () => {
    const userId = newUserId();
    for (let day = 1; day <= 12; day += 1)
      await newRide(userId, {
        start: `2026-02-${String(day).padStart(2, '0')}T07:00:00Z`,
        name: `Day ${day}`,
      });
    // two rides in the same second are both listed, in a stable order
    await newRide(userId, { start: '2026-02-06T07:00:00Z', name: 'Day 6 bis' });

    const names: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const answer = await harness
        .http()
        .get(`/api/rides?limit=5${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`)
        .set(await as(userId));
      expect(answer.status).toBe(200);
      expect(answer.headers['x-total-count']).toBe('13');
      names.push(...answer.body.map((ride: { name: string }) => ride.name));
      cursor = answer.headers['x-next-cursor'] as string | undefined;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(names).toHaveLength(13);
    expect(new Set(names).size).toBe(13);
    expect(names.slice(0, 3)).toEqual(['Day 12', 'Day 11', 'Day 10']);

    const graphql = await harness
      .http()
      .post('/graphql')
      .set(await as(userId))
      .send({ query: '{ ridesPage(limit: 10) { totalCount nextCursor rides { name } } }' });
    expect(graphql.body.data.ridesPage.totalCount).toBe(13);
    expect(graphql.body.data.ridesPage.rides).toHaveLength(10);
    const next = await harness
      .http()
      .post('/graphql')
      .set(await as(userId))
      .send({
        query: 'query($c: String) { ridesPage(limit: 10, cursor: $c) { nextCursor rides { name } } }',
        variables: { c: graphql.body.data.ridesPage.nextCursor },
      });
    expect(next.body.data.ridesPage).toEqual({
      nextCursor: null,
      rides: [{ name: 'Day 3' }, { name: 'Day 2' }, { name: 'Day 1' }],
    });
  });

  it('answers 400 with a message for a bad page query', async () => {
    const headers = await as(newUserId());
    for (const [query, message] of [
      ['limit=0', 'limit must be a whole number from 1 to 200'],
      ['limit=abc', 'limit must be a whole number from 1 to 200'],
      ['limit=500', 'limit must be a whole number from 1 to 200'],
      ['cursor=bm9wZQ', 'Invalid cursor'],
      ['page=2', 'Unexpected field: page'],
    ]) {
      const answer = await harness.http().get(`/api/rides?${query}`).set(headers);
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe(message);
    }
    const graphql = await harness
      .http()
      .post('/graphql')
      .set(headers)
      .send({ query: '{ ridesPage(limit: 0) { totalCount } }' });
    expect(graphql.body.errors[0].extensions.code).toBe('BAD_REQUEST');
  });

  it("sums this week from Monday 00:00 in the rider's time zone, in miles, seconds, feet and watts", async () => {
    const userId = newUserId();
    const service = harness.api.app.get(RidesService);
    // Wednesday 11 March 2026, 12:00 UTC. Los Angeles is on PDT (UTC-7): its week began Mon 9 March 07:00 UTC.
    const now = new Date('2026-03-11T12:00:00Z');
    await newRide(userId, {
      start: '2026-03-09T06:30:00Z',
      distance: 50_000,
      moving: 7200,
      watts: 300,
      device: true,
    });
    await newRide(userId, {
      start: '2026-03-09T07:30:00Z',
      distance: 16_093.4,
      moving: 3600,
      elevation: 100,
      watts: 200,
      device: true,
    });
    await newRide(userId, {
      start: '2026-03-11T10:00:00Z',
      distance: 8_046.7,
      moving: 1800,
      elevation: 50,
      watts: 260,
      device: true,
    });
    await newRide(userId, {
      start: '2026-03-10T10:00:00Z',
      distance: 0,
      moving: 600,
      elevation: 0,
      watts: 150,
      device: false,
    });

    const la = await service.dashboardStats(userId, 'America/Los_Angeles', now);
    // 24,140.1 m = 15.00 mi; 150 m = 492.13 ft; (200 x 3600 + 260 x 1800) / 5400 = 220 W (the estimate is left out)
    expect(la.weeklyStats).toEqual({
      totalDistance: 15,
      totalTime: 6000,
      totalElevation: 492.13,
      avgPower: 220,
    });
    expect(la.recentRides).toHaveLength(4);

    const utc = await service.dashboardStats(userId, 'UTC', now);
    expect(utc.weeklyStats.totalDistance).toBe(46.07);

    // the time zone Strava gave wins over the browser's
    await harness.db.query(
      `INSERT INTO rides.rider_profiles (user_id, time_zone) VALUES ($1, 'America/Los_Angeles')`,
      [userId],
    );
    expect((await service.dashboardStats(userId, 'UTC', now)).weeklyStats.totalDistance).toBe(15);

    const rest = await harness
      .http()
      .get('/api/dashboard/stats?tz=Europe/Paris')
      .set(await as(userId));
    expect(rest.status).toBe(200);
    expect(Object.keys(rest.body.weeklyStats).sort()).toEqual([
      'avgPower',
      'totalDistance',
      'totalElevation',
      'totalTime',
    ]);
    expect(rest.body.recentRides.map((ride: { startDate: string }) => ride.startDate)).toEqual([
      '2026-03-11T10:00:00.000Z',
      '2026-03-10T10:00:00.000Z',
      '2026-03-09T07:30:00.000Z',
      '2026-03-09T06:30:00.000Z',
    ]);
    const bad = await harness
      .http()
      .get('/api/dashboard/stats?tz=Mars/Olympus')
      .set(await as(userId));
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ message: 'Unknown time zone', code: 'RIDE_INVALID_TIME_ZONE' });
    // an empty one too (it reached the database and answered 500)
    const empty = await harness
      .http()
      .get('/api/dashboard/stats?tz=')
      .set(await as(userId));
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({ message: 'Unknown time zone', code: 'RIDE_INVALID_TIME_ZONE' });
  });

  it('averages every ride (power over power-meter rides), counts analysed rides, follows ride.analysed', async () => {
    const userId = newUserId();
    const empty = await harness
      .http()
      .get('/api/user/averages')
      .set(await as(userId));
    expect(empty.body).toEqual({ totalRides: 0, averageSpeed: 0, averagePower: 0, averageDistance: 0 });

    const analysedLater = await newRide(userId, {
      start: '2026-01-01T08:00:00Z',
      distance: 20_000,
      speed: 6,
      watts: 200,
      device: true,
    });
    await newRide(userId, {
      start: '2026-01-02T08:00:00Z',
      distance: 30_000,
      speed: 7,
      watts: 250,
      device: true,
      analysed: true,
    });
    await newRide(userId, {
      start: '2026-01-03T08:00:00Z',
      distance: 40_000,
      speed: 8,
      watts: 999,
      device: false,
    });
    const averages = await harness
      .http()
      .get('/api/user/averages')
      .set(await as(userId));
    expect(averages.body).toEqual({
      totalRides: 3,
      averageSpeed: 7,
      averagePower: 225,
      averageDistance: 30_000,
    });

    const totals = async () =>
      (
        await harness
          .http()
          .post('/graphql')
          .set(await as(userId))
          .send({ query: '{ rideTotals { totalRides analysedRides } userAverages { totalRides } }' })
      ).body.data;
    expect(await totals()).toEqual({
      rideTotals: { totalRides: 3, analysedRides: 1 },
      userAverages: { totalRides: 3 },
    });

    const envelope: EventEnvelope = {
      id: randomUUID(),
      name: 'ride.analysed',
      version: 1,
      occurredAt: new Date().toISOString(),
      payload: { userId, rideId: analysedLater, analysedAt: new Date().toISOString() },
    };
    await harness.queues.get(eventQueueName('rides')).add(envelope.name, envelope, { jobId: envelope.id });
    await eventually(async () => (await totals()).rideTotals.analysedRides === 2);
    const [ride] = (
      await harness
        .http()
        .get('/api/rides')
        .set(await as(userId))
    ).body.filter((r: { id: string }) => r.id === analysedLater);
    expect(ride).toMatchObject({ hasAiFeedback: true, hasFeedback: true, aiFeedback: null });
  });

  it('refuses the read API to anyone but a signed-in rider', async () => {
    for (const path of ['/api/rides', '/api/dashboard/stats', '/api/user/averages']) {
      const anonymous = await harness
        .http()
        .get(path)
        .set(await identityHeaders({ role: 'anonymous' }));
      expect(anonymous.status).toBe(401);
    }
    const admin = await harness
      .http()
      .get('/api/rides')
      .set(await identityHeaders({ role: 'admin', adminId: 'a', username: 'root' }));
    expect(admin.status).toBe(403);
  });

  it('keeps one rate-limit budget for every replica and waits for the window after a 429', async () => {
    const limiter = harness.api.app.get(StravaRateLimiter);
    const replica = harness.worker.context.get(StravaRateLimiter);
    // 14:05:00 UTC, 10 minutes before the quarter hour ends (an instant of its own, so no other test's counters count)
    const now = Date.UTC(2031, 5, 3, 14, 5, 0);
    const spent = new Headers({
      'x-ratelimit-limit': '200,2000',
      'x-ratelimit-usage': '150,900',
      'x-readratelimit-limit': '100,1000',
      'x-readratelimit-usage': '100,600',
    });
    expect(await limiter.observe(spent, 429, now)).toBe(10 * 60 * 1000);
    expect(await replica.acquire(true, 0, now + 1000)).toBe(10 * 60 * 1000 - 1000);
    expect(await replica.acquire(false, 0, now + 1000)).toBe(10 * 60 * 1000 - 1000);
    // the next window: the budget is back
    expect(await replica.acquire(true, 0, now + 10 * 60 * 1000)).toBe(0);
    expect((await replica.usage(now + 10 * 60 * 1000)).read.short).toBe(1);
  });
});
