import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { EventPublisher } from '@domestique/common';
import { eventually } from '@domestique/common/testing';
import { QUEUES } from '@domestique/proto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Job } from 'bullmq';
import { DataSource } from 'typeorm';
import { RideStreamsQueue } from '../ride-streams.queue.js';
import type { SyncProgress } from '../sync-cursor.js';
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

jest.setTimeout(120_000);

const connected = async (harness: RidesHarness, athleteId: number) => {
  const userId = newUserId();
  expect(await connectThroughStrava(harness, userId, athleteId)).toBe('/dashboard?strava=connected');
  expect(await syncSettled(harness, userId)).toBe('completed');
  return userId;
};

/** The rider's rides in the order their streams arrived. */
const fetchOrder = (harness: RidesHarness, userId: string) =>
  harness.db.query(
    `SELECT id, external_id, start_date FROM rides.rides
     WHERE user_id = $1 AND streams_fetched_at IS NOT NULL ORDER BY streams_fetched_at, start_date DESC`,
    [userId],
  ) as Promise<{ id: string; external_id: string; start_date: Date }[]>;

const missingCount = async (harness: RidesHarness, userId: string): Promise<number> =>
  (
    (await harness.db.query(
      'SELECT count(*)::int AS n FROM rides.rides WHERE user_id = $1 AND streams_fetched_at IS NULL',
      [userId],
    )) as [{ n: number }]
  )[0].n;

const hasStreams = async (harness: RidesHarness, userId: string, externalId: string): Promise<boolean> =>
  (
    (await harness.db.query(
      'SELECT streams_fetched_at FROM rides.rides WHERE user_id = $1 AND external_id = $2',
      [userId, externalId],
    )) as { streams_fetched_at: Date | null }[]
  )[0]?.streams_fetched_at != null;

const syncStatus = async (harness: RidesHarness, userId: string) =>
  (
    await harness
      .http()
      .get('/api/strava/sync')
      .set(await harness.as(userId))
  ).body as {
    state: string;
    imported: number;
    total: number | null;
    streamsFetched: number;
    streamsTotal: number;
  };

describe('Strava sync order and counts (one stream fetch at a time)', () => {
  let harness: RidesHarness;
  let athletes: number[];

  beforeAll(async () => {
    harness = await startHarness({
      athletes: [{ activities: 40 }, { activities: 12 }],
      env: { STRAVA_STREAMS_CONCURRENCY: '1' },
    });
    athletes = harness.strava.control.athletes().map((athlete) => athlete.id);
  }, 60_000);
  afterAll(async () => {
    await harness?.close();
  });

  it('fetches streams newest first, and counts one import from start to end, streams apart', async () => {
    const athleteId = athletes[0]!;
    const userId = await connected(harness, athleteId);
    const expected = cyclingActivities(harness, athleteId).length;
    const done = await syncStatus(harness, userId);
    // the count the finished import reports is the one it counted with, and the one stored
    expect(done).toMatchObject({ state: 'completed', imported: expected, total: expected });
    expect(await rideCount(harness, userId)).toBe(expected);
    expect(done.streamsTotal).toBe(expected);
    expect(done.streamsFetched).toBeLessThanOrEqual(expected);
    await streamsSettled(harness, userId);
    expect(await syncStatus(harness, userId)).toMatchObject({
      streamsFetched: expected,
      streamsTotal: expected,
    });

    const order = await fetchOrder(harness, userId);
    const newestFirst = [...order].sort((a, b) => b.start_date.getTime() - a.start_date.getTime());
    // the newest ten come first (their order among themselves may vary while they are being queued)
    expect(new Set(order.slice(0, 10).map((ride) => ride.id))).toEqual(
      new Set(newestFirst.slice(0, 10).map((ride) => ride.id)),
    );
    expect(order.slice(10).map((ride) => ride.id)).toEqual(newestFirst.slice(10).map((ride) => ride.id));
  });

  it('walks oldest first when only `after` is given (as Strava lists then), every new ride once', async () => {
    const athleteId = athletes[1]!;
    const userId = await connected(harness, athleteId);
    const before = await rideCount(harness, userId);
    const now = Math.floor(Date.now() / 1000);
    // more than a page of new rides since the last sync: the incremental walk needs `after` pages
    for (let i = 0; i < 230; i += 1)
      await harness.strava.control.createActivity(athleteId, {
        sportType: 'Ride',
        startDate: now - 3600 - i * 300,
        name: `Backlog ${i}`,
      });
    const listCalls = harness.strava.control.counters().listCalls;
    const answer = await harness
      .http()
      .post('/api/strava/sync')
      .set(await harness.as(userId));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ syncedCount: 230, status: 'completed' });
    expect(harness.strava.control.counters().listCalls - listCalls).toBe(2);
    expect(await rideCount(harness, userId)).toBe(before + 230);

    const job = (await harness.queues.get(QUEUES.stravaSync).getJob(`sync-${userId}`)) as Job;
    const progress = job.progress as SyncProgress;
    // the ascending branch ran: `after` moved up past the first page (into the new rides), `before` was never set
    expect(progress.before).toBeNull();
    expect(progress.after).toBeGreaterThan(now - 3600 - 230 * 300);
    expect(progress.after).toBeLessThan(now - 3600);
    expect(progress.pages).toBe(2);
    expect(await syncStatus(harness, userId)).toMatchObject({ state: 'completed', imported: 230 });
  });
});

describe('stream fetches jump the queue and riders take turns (Strava simulator with latency)', () => {
  let harness: RidesHarness;
  let athletes: number[];

  beforeAll(async () => {
    harness = await startHarness({
      athletes: [{ activities: 300 }, { activities: 14 }],
      env: { STRAVA_STREAMS_CONCURRENCY: '1', STRAVA_PUSH_SUBSCRIPTION: 'true' },
    });
    athletes = harness.strava.control.athletes().map((athlete) => athlete.id);
  }, 60_000);
  afterAll(async () => {
    harness?.strava.control.setLatency(0);
    await harness?.close();
  });

  it("gives a rider who connects during another's 300-ride backfill their rides next; opened, analysed and webhook rides first", async () => {
    const [backfilling, arriving] = [athletes[0]!, athletes[1]!];
    await eventually(async () => harness.strava.control.subscriptions()[0]);
    harness.strava.control.setLatency(120);
    const first = await connected(harness, backfilling);
    const total = await rideCount(harness, first);
    expect(total).toBeGreaterThan(200);
    await eventually(async () => (total - (await missingCount(harness, first)) >= 12 ? true : undefined));

    // another rider connects: all of their rides get streams while the backfill is far from done
    const second = await connected(harness, arriving);
    await streamsSettled(harness, second, 60_000);
    expect(await missingCount(harness, first)).toBeGreaterThan(150);

    // a ride the rider opens: its page answers at once as pending, and its fetch goes next
    const oldest = async () =>
      (
        (await harness.db.query(
          `SELECT id, external_id FROM rides.rides WHERE user_id = $1 AND streams_fetched_at IS NULL
           ORDER BY start_date LIMIT 1`,
          [first],
        )) as { id: string; external_id: string }[]
      )[0]!;
    const opened = await oldest();
    const page = await harness
      .http()
      .get(`/api/rides/${opened.id}`)
      .set(await harness.as(first));
    expect(page.status).toBe(200);
    expect(page.body.streamsPending).toBe(true);
    await eventually(
      async () => ((await hasStreams(harness, first, opened.external_id)) ? true : undefined),
      10_000,
    );
    expect(await missingCount(harness, first)).toBeGreaterThan(100);
    // ... and answers false once they are in, or for someone else's ride
    const queue = harness.api.app.get(RideStreamsQueue);
    expect(await queue.prioritiseStreams(first, opened.id)).toBe(false);
    expect(await queue.prioritiseStreams(second, (await oldest()).id)).toBe(false);

    // a ride the rider asks to analyse: the analysis service says so with ride.streams-wanted
    const analysed = await oldest();
    const dataSource = harness.api.app.get(DataSource);
    await dataSource.transaction((manager) =>
      harness.api.app
        .get(EventPublisher)
        .publish(manager, 'ride.streams-wanted', { userId: first, rideId: analysed.id }),
    );
    await eventually(
      async () => ((await hasStreams(harness, first, analysed.external_id)) ? true : undefined),
      10_000,
    );

    // a ride that just arrived by webhook
    const created = await harness.strava.control.createActivity(backfilling, {
      sportType: 'Ride',
      name: 'Fresh',
    });
    const activityId = String(created.activity.id);
    await eventually(async () => ((await hasStreams(harness, first, activityId)) ? true : undefined), 10_000);
    expect(await missingCount(harness, first)).toBeGreaterThan(50);
  });
});

describe('the shared read budget at Strava limits (100 reads per 15 minutes)', () => {
  let harness: RidesHarness;
  let athletes: number[];

  beforeAll(async () => {
    harness = await startHarness({
      athletes: [{ activities: 300 }, { activities: 10 }],
      env: STRAVA_REAL_LIMITS_ENV,
    });
    atStravaRealLimits(harness);
    athletes = harness.strava.control.athletes().map((athlete) => athlete.id);
  }, 60_000);
  afterAll(async () => {
    await harness?.close();
  });

  it("keeps budget for a new rider's newest rides while another's backfill has spent its share", async () => {
    // the budget is per 15-minute window: start well inside one
    await startWellInsideRateWindow(harness);
    const first = await connected(harness, athletes[0]!);
    const total = await rideCount(harness, first);
    // the backfill stops at its share of the window (a settled count, well short of the 300 rides)
    let fetched = -1;
    await eventually(async () => {
      await sleep(1500);
      const now = total - (await missingCount(harness, first));
      const settled = now === fetched && now > 0;
      fetched = now;
      return settled ? true : undefined;
    }, 30_000);
    expect(fetched).toBeGreaterThanOrEqual(10);
    expect(fetched).toBeLessThanOrEqual(40);

    const started = Date.now();
    const second = await connected(harness, athletes[1]!);
    await streamsSettled(harness, second, 20_000);
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(harness.strava.control.rateLimits().usage.read15m).toBeLessThanOrEqual(100);
    expect(await missingCount(harness, first)).toBe(total - fetched);
  });
});
