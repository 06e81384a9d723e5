import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { eventually, startTestWorker, type TestWorker } from '@domestique/common/testing';
import { QUEUES } from '@domestique/proto';
import type { RidesConfig } from '../../config/env.schema.js';
import { decodeStreams } from '../../rides/ride-streams.codec.js';
import { ridesService } from '../../service.js';
import {
  connectThroughStrava,
  cyclingActivities,
  newUserId,
  rideCount,
  startHarness,
  streamsSettled,
  syncSettled,
  type RidesHarness,
} from '../../test/rides-harness.js';

interface RideRow {
  external_id: string;
  name: string;
  sport_type: string;
  distance_m: number;
  moving_time_s: number;
  device_watts: boolean;
  average_watts: number | null;
  metrics: {
    source: string;
    normalizedPower: number | null;
    intensityFactor: number | null;
    trainingStressScore: number | null;
    powerZones: unknown[];
    heartRateZones: unknown[];
    bestEfforts: { durationSeconds: number; watts: number }[];
    ftp: number | null;
  };
}

jest.setTimeout(60_000);

describe('Strava sync (worker, real PostgreSQL and Redis, Strava simulator)', () => {
  let harness: RidesHarness;
  let athletes: number[];

  beforeAll(async () => {
    harness = await startHarness({
      athletes: [
        { activities: 45, profile: 'racer' },
        { activities: 30, profile: 'commuter' },
        { activities: 25 },
        { activities: 25 },
        { activities: 20 },
        { activities: 20 },
      ],
      env: { STRAVA_SYNC_WAIT_MS: '20000' },
    });
    athletes = harness.strava.control.athletes().map((athlete) => athlete.id);
  }, 60_000);
  afterAll(async () => {
    await harness?.close();
  });

  const ridesOf = (userId: string) =>
    harness.db.query(
      `SELECT external_id, name, sport_type, distance_m, moving_time_s, device_watts, average_watts, metrics
       FROM rides.rides WHERE user_id = $1 ORDER BY start_date DESC`,
      [userId],
    ) as Promise<RideRow[]>;
  const connected = async (athleteId: number) => {
    const userId = newUserId();
    expect(await connectThroughStrava(harness, userId, athleteId)).toBe('/dashboard?strava=connected');
    expect(await syncSettled(harness, userId)).toBe('completed');
    return userId;
  };

  it('imports every cycling activity of a demo athlete once, ignores the rest and computes metrics from streams', async () => {
    const athleteId = athletes[0]!;
    // the generated history may hold only rides (it depends on the day): make sure there is a run to ignore
    await harness.strava.control.createActivity(athleteId, { sportType: 'Run' });
    const counters = harness.strava.control.counters();
    const userId = await connected(athleteId);
    const expected = cyclingActivities(harness, athleteId);
    const all = harness.strava.control.activities(athleteId);
    expect(all.length).toBeGreaterThan(expected.length);

    await streamsSettled(harness, userId);
    const rides = await ridesOf(userId);
    expect(rides.map((ride) => ride.external_id).sort()).toEqual(expected.map((a) => String(a.id)).sort());
    const byId = new Map(expected.map((activity) => [String(activity.id), activity]));
    for (const ride of rides) {
      const activity = byId.get(ride.external_id)!;
      expect(ride.name).toBe(activity.name);
      expect(ride.distance_m).toBeCloseTo(Number(activity.distance), 3);
      expect(ride.moving_time_s).toBe(activity.moving_time);
      expect(ride.device_watts).toBe(activity.device_watts === true);
      // a manual entry has no streams: its metrics stay those of the summary
      expect(ride.metrics.source).toBe(activity.manual ? 'summary' : 'streams');
      if (ride.device_watts) {
        expect(ride.metrics.normalizedPower).toBeGreaterThan(0);
        expect(ride.metrics.bestEfforts.map((e) => e.durationSeconds)).toContain(5);
        expect(ride.metrics.ftp).toBeGreaterThan(0);
        expect(ride.metrics.powerZones).toHaveLength(7);
        expect(ride.metrics.trainingStressScore).toBeGreaterThan(0);
      } else {
        expect(ride.metrics.normalizedPower).toBeNull();
        expect(ride.metrics.powerZones).toEqual([]);
      }
    }
    expect(rides.some((ride) => ride.device_watts)).toBe(true);

    const imported = await harness.db.query(
      `SELECT count(*)::int AS n FROM rides.outbox_events WHERE name = 'ride.imported' AND payload->>'userId' = $1`,
      [userId],
    );
    expect(imported[0].n).toBe(expected.length);
    const [stream] = (await harness.db.query(
      `SELECT s.data, s.samples FROM rides.ride_streams s JOIN rides.rides r ON r.id = s.ride_id
       WHERE r.user_id = $1 AND r.device_watts LIMIT 1`,
      [userId],
    )) as { data: Buffer; samples: number }[];
    const decoded = decodeStreams(stream!.data);
    expect(decoded.time).toHaveLength(stream!.samples);
    expect(decoded.watts).toHaveLength(stream!.samples);

    const after = harness.strava.control.counters();
    // one list page (under 200 activities) plus the final short page is not needed: one call
    expect(after.listCalls - counters.listCalls).toBe(1);
    expect(after.streamCalls - counters.streamCalls).toBe(expected.length);

    const status = await harness
      .http()
      .post('/graphql')
      .set(await harness.as(userId))
      .send({ query: '{ stravaSyncStatus { state imported scanned } }' });
    expect(status.body.data.stravaSyncStatus).toEqual({
      state: 'completed',
      imported: expected.length,
      scanned: all.length,
    });
  }, 90_000);

  it('syncs incrementally: only what is new (and late uploads of the last days), answering {message, syncedCount}', async () => {
    const athleteId = athletes[1]!;
    const userId = await connected(athleteId);
    const before = await rideCount(harness, userId);

    const upToDate = await harness
      .http()
      .post('/api/strava/sync')
      .set(await harness.as(userId));
    expect(upToDate.status).toBe(200);
    expect(upToDate.body).toEqual({
      message: 'Your rides are up to date.',
      syncedCount: 0,
      status: 'completed',
    });

    await harness.strava.control.createActivity(athleteId, {
      sportType: 'Ride',
      workout: 'endurance',
      name: 'New Loop',
    });
    await harness.strava.control.createActivity(athleteId, {
      sportType: 'GravelRide',
      startDate: Math.floor(Date.now() / 1000) - 2 * 24 * 3600,
      name: 'Late Upload',
    });
    await harness.strava.control.createActivity(athleteId, { sportType: 'Run', name: 'Morning Run' });
    const listCalls = harness.strava.control.counters().listCalls;
    const answer = await harness
      .http()
      .post('/api/strava/sync')
      .set(await harness.as(userId));
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      message: 'Synced 2 new rides from Strava.',
      syncedCount: 2,
      status: 'completed',
    });
    expect(harness.strava.control.counters().listCalls - listCalls).toBe(1);
    expect(await rideCount(harness, userId)).toBe(before + 2);
    const names = (await ridesOf(userId)).map((ride) => ride.name);
    expect(names).toEqual(expect.arrayContaining(['New Loop', 'Late Upload']));
    expect(names).not.toContain('Morning Run');
  }, 60_000);

  it('never duplicates a ride: two sync requests join one job, two workers syncing the same rider agree', async () => {
    const athleteId = athletes[2]!;
    const userId = await connected(athleteId);
    const expected = cyclingActivities(harness, athleteId).length;
    await harness.db.query('DELETE FROM rides.rides WHERE user_id = $1', [userId]);

    const [first, second] = await Promise.all([
      harness
        .http()
        .post('/api/strava/sync')
        .set(await harness.as(userId)),
      harness
        .http()
        .post('/api/strava/sync')
        .set(await harness.as(userId)),
    ]);
    expect(first.body).toEqual(second.body);
    expect(first.body.syncedCount).toBe(expected);
    expect(await rideCount(harness, userId)).toBe(expected);

    // two replicas running a sync of the same rider at once (jobs with different ids)
    await harness.db.query('DELETE FROM rides.rides WHERE user_id = $1', [userId]);
    let second_worker: TestWorker<RidesConfig> | undefined;
    try {
      second_worker = await startTestWorker(ridesService, harness.env);
      harness.strava.control.setLatency(30);
      const queue = harness.queues.get(QUEUES.stravaSync);
      const jobs = await Promise.all(
        ['a', 'b', 'c'].map((suffix) =>
          queue.add(
            'strava-sync.athlete',
            { userId, reason: 'manual' },
            { jobId: `race-${userId}-${suffix}` },
          ),
        ),
      );
      await eventually(async () => {
        const states = await Promise.all(jobs.map((job) => job.getState()));
        return states.every((state) => state === 'completed');
      }, 60_000);
    } finally {
      harness.strava.control.setLatency(0);
      await second_worker?.close();
    }
    expect(await rideCount(harness, userId)).toBe(expected);
    const [dupes] = await harness.db.query(
      `SELECT count(*)::int AS n FROM (SELECT external_id FROM rides.rides WHERE user_id = $1 GROUP BY external_id HAVING count(*) > 1) d`,
      [userId],
    );
    expect(dupes.n).toBe(0);
  }, 90_000);

  it('rides out a 429 storm and 5xx bursts with every activity exactly once', async () => {
    const athleteId = athletes[3]!;
    const userId = newUserId();
    const counters = harness.strava.control.counters();
    harness.strava.control.rateLimitStorm(3);
    harness.strava.control.serverErrors(6);
    expect(await connectThroughStrava(harness, userId, athleteId)).toBe('/dashboard?strava=connected');
    expect(await syncSettled(harness, userId, 90_000)).toBe('completed');
    await streamsSettled(harness, userId, 90_000);
    const after = harness.strava.control.counters();
    expect(after.rateLimited - counters.rateLimited).toBe(3);
    expect(after.serverErrors - counters.serverErrors).toBe(6);
    const expected = cyclingActivities(harness, athleteId)
      .map((a) => String(a.id))
      .sort();
    expect((await ridesOf(userId)).map((ride) => ride.external_id).sort()).toEqual(expected);
    const manual = new Set(
      cyclingActivities(harness, athleteId)
        .filter((a) => a.manual)
        .map((a) => String(a.id)),
    );
    for (const ride of await ridesOf(userId))
      expect(ride.metrics.source).toBe(manual.has(ride.external_id) ? 'summary' : 'streams');
  }, 120_000);

  it('refreshes an access token that expires mid-sync, once, and keeps the newest refresh token', async () => {
    const athleteId = athletes[4]!;
    const userId = await connected(athleteId);
    await streamsSettled(harness, userId);
    const tokenRow = () =>
      harness.db.query(
        'SELECT access_token_encrypted, refresh_token_encrypted FROM rides.strava_connections WHERE user_id = $1',
        [userId],
      ) as Promise<{ access_token_encrypted: string; refresh_token_encrypted: string }[]>;
    const [original] = await tokenRow();

    for (let round = 1; round <= 2; round += 1) {
      const refreshCalls = harness.strava.control.counters().refreshCalls;
      for (let i = 0; i < 4; i += 1)
        await harness.strava.control.createActivity(athleteId, {
          sportType: 'Ride',
          name: `Round ${round}.${i}`,
        });
      expect(harness.strava.control.expireTokens(athleteId)).toBeGreaterThan(0);
      const answer = await harness
        .http()
        .post('/api/strava/sync')
        .set(await harness.as(userId));
      expect(answer.body).toMatchObject({ syncedCount: 4, status: 'completed' });
      await streamsSettled(harness, userId);
      // the list call, then four stream fetches in parallel: one refresh in all
      expect(harness.strava.control.counters().refreshCalls - refreshCalls).toBe(1);
    }
    const [latest] = await tokenRow();
    expect(latest!.refresh_token_encrypted).not.toBe(original!.refresh_token_encrypted);
    expect(latest!.access_token_encrypted).not.toBe(original!.access_token_encrypted);
  }, 90_000);

  it('answers that a long import continues in the background, and reports its progress', async () => {
    const athleteId = athletes[5]!;
    const userId = newUserId();
    harness.strava.control.setLatency(1500);
    try {
      const slow = await startHarnessApiWait(harness, userId, athleteId);
      expect(slow.status).toBe(202);
      expect(slow.body).toMatchObject({
        message: 'Your rides are still importing from Strava. They will appear as they arrive.',
        status: 'running',
      });
      const running = await harness
        .http()
        .get('/api/strava/sync')
        .set(await harness.as(userId));
      expect(running.body.state).toBe('running');
    } finally {
      harness.strava.control.setLatency(0);
    }
    expect(await syncSettled(harness, userId)).toBe('completed');
    const done = await harness
      .http()
      .get('/api/strava/sync')
      .set(await harness.as(userId));
    expect(done.body).toMatchObject({
      state: 'completed',
      imported: cyclingActivities(harness, athleteId).length,
    });
  }, 60_000);
});

/** Connects (the callback queues the first sync), then asks for a sync with a 1 s wait. */
const startHarnessApiWait = async (harness: RidesHarness, userId: string, athleteId: number) => {
  await connectThroughStrava(harness, userId, athleteId);
  const service = harness.api.app.get(
    (await import('../../strava/strava-sync.service.js')).StravaSyncService,
  );
  const config = harness.api.config as { STRAVA_SYNC_WAIT_MS: number };
  const wait = config.STRAVA_SYNC_WAIT_MS;
  config.STRAVA_SYNC_WAIT_MS = 1000;
  try {
    void service;
    return await harness
      .http()
      .post('/api/strava/sync')
      .set(await harness.as(userId));
  } finally {
    config.STRAVA_SYNC_WAIT_MS = wait;
  }
};
