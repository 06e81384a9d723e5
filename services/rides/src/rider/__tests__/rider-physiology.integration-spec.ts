import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { JobQueue } from '@domestique/common';
import { eventually } from '@domestique/common/testing';
import { PhysiologyMessages, QUEUES, type RideMetricsDto } from '@domestique/proto';
import {
  connectThroughStrava,
  newUserId,
  startHarness,
  streamsSettled,
  syncSettled,
  type RidesHarness,
} from '../../test/rides-harness.js';

jest.setTimeout(180_000);

interface MeasuredRide {
  id: string;
  start_date: Date;
  device_watts: boolean;
  metrics: RideMetricsDto;
}

/** GET/PATCH /api/rider/settings, and every ride measured again when a threshold or the estimates change. */
describe('rider physiology: settings, estimates as of each ride, recompute through jobs and events', () => {
  let harness: RidesHarness;
  let athleteId: number;
  let userId: string;

  beforeAll(async () => {
    harness = await startHarness({ athletes: [{ activities: 24, profile: 'racer' }] });
    athleteId = harness.strava.control.athletes()[0]!.id;
    userId = newUserId();
    expect(await connectThroughStrava(harness, userId, athleteId)).toBe('/dashboard?strava=connected');
    expect(await syncSettled(harness, userId)).toBe('completed');
    await streamsSettled(harness, userId, 120_000);
    await recomputeSettled();
  }, 180_000);
  afterAll(async () => {
    await harness?.close();
  });

  const settings = async (user = userId) =>
    harness
      .http()
      .get('/api/rider/settings')
      .set(await harness.as(user));
  const patch = async (body: unknown, user = userId) =>
    harness
      .http()
      .patch('/api/rider/settings')
      .set(await harness.as(user))
      .send(body as object);
  const ridesOf = async (): Promise<MeasuredRide[]> =>
    (await harness.db.query(
      `SELECT id, start_date, device_watts, metrics FROM rides.rides WHERE user_id = $1 ORDER BY start_date, id`,
      [userId],
    )) as MeasuredRide[];
  /** Waits until no recompute job is queued or running. */
  async function recomputeSettled(): Promise<void> {
    await eventually(
      async () => {
        const counts = await harness.queues
          .get(QUEUES.rideMetrics)
          .getJobCounts('waiting', 'active', 'delayed', 'prioritized');
        return Object.values(counts).every((n) => n === 0) || undefined;
      },
      60_000,
      200,
    );
  }
  const changedEvents = async (reason: string) =>
    (
      (await harness.db.query(
        `SELECT payload->>'rideId' AS ride_id FROM rides.outbox_events
         WHERE name = 'ride.metrics-changed' AND payload->>'userId' = $1 AND payload->>'reason' = $2`,
        [userId, reason],
      )) as { ride_id: string }[]
    ).map((row) => row.ride_id);
  /** The FTP-dependent numbers of every ride, to compare runs. */
  const measured = (rides: MeasuredRide[]) =>
    rides.map((ride) => ({
      id: ride.id,
      ftp: ride.metrics.ftp,
      lthr: ride.metrics.lthr,
      intensityFactor: ride.metrics.intensityFactor,
      tss: ride.metrics.trainingStressScore,
      powerZones: ride.metrics.powerZones,
      heartRateZones: ride.metrics.heartRateZones,
      workout: ride.metrics.workout?.type ?? null,
    }));

  it('answers the estimates with what they came from, and validates a PATCH without writing part of it', async () => {
    const rider = newUserId();
    const empty = await settings(rider);
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({
      ftp: null,
      thresholdHeartrate: null,
      maxHeartrate: null,
      weightKg: null,
      estimates: { ftp: null, thresholdHeartrate: null, maxHeartrate: null },
      estimatedFtp: null,
      timeZone: null,
      units: 'imperial',
    });

    const saved = await patch({ ftp: 265, maxHeartrate: 188, weightKg: 71.26 }, rider);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      ftp: 265,
      maxHeartrate: 188,
      weightKg: 71.26,
      thresholdHeartrate: null,
    });

    const refused: [unknown, string][] = [
      [{ ftp: 10 }, PhysiologyMessages.ftp],
      [{ ftp: 250.5 }, PhysiologyMessages.ftp],
      [{ weightKg: 'heavy' }, PhysiologyMessages.weightKg],
      [{}, PhysiologyMessages.nothingToChange],
      [{ units: 'furlongs' }, PhysiologyMessages.units],
      [{ units: null }, PhysiologyMessages.units],
      [{ units: 'metric', ftp: 5000 }, PhysiologyMessages.ftp],
      [{ thresholdHeartrate: 170, maxHeartrate: 165 }, PhysiologyMessages.thresholdAboveMax],
      // the stored max heart rate (188) decides, and the valid weight beside it is not written
      [{ thresholdHeartrate: 190, weightKg: 60 }, PhysiologyMessages.thresholdAboveMax],
    ];
    for (const [body, message] of refused) {
      const answer = await patch(body, rider);
      expect({ body, status: answer.status, message: answer.body.message }).toEqual({
        body,
        status: 400,
        message,
      });
    }
    expect((await patch({ ftp: 250, cadence: 90 }, rider)).status).toBe(400);
    expect((await settings(rider)).body).toMatchObject({ ftp: 265, maxHeartrate: 188, weightKg: 71.26 });

    // units: metric on its own, and the other settings untouched (no recompute needed)
    const metric = await patch({ units: 'metric' }, rider);
    expect(metric.status).toBe(200);
    expect(metric.body).toMatchObject({ units: 'metric', ftp: 265, maxHeartrate: 188, weightKg: 71.26 });
    expect((await settings(rider)).body.units).toBe('metric');

    // null goes back to the estimate; a field left out stays
    const cleared = await patch({ ftp: null, thresholdHeartrate: 172 }, rider);
    expect(cleared.body).toMatchObject({
      ftp: null,
      thresholdHeartrate: 172,
      maxHeartrate: 188,
      weightKg: 71.26,
      units: 'metric',
    });

    // the synced rider's estimates say what they came from
    const synced = (await settings()).body as {
      estimates: { ftp: { value: number; model: string; description: string } | null };
      estimatedFtp: number | null;
    };
    expect(synced.estimates.ftp).not.toBeNull();
    expect(synced.estimatedFtp).toBe(synced.estimates.ftp!.value);
    expect(synced.estimates.ftp!.description).toMatch(
      /^estimated from your (20-minute best on|best 3-20 minute)/,
    );
  });

  it('reads and sets the same settings over GraphQL (setFtp kept)', async () => {
    const rider = newUserId();
    const headers = await harness.as(rider);
    const gql = (query: string, variables: Record<string, unknown> = {}) =>
      harness.http().post('/graphql').set(headers).send({ query, variables });
    const fields = 'ftp thresholdHeartrate maxHeartrate weightKg estimates { ftp { value description } }';
    const set = await gql(
      `mutation($i: RiderSettingsInput!) { updateRiderSettings(input: $i) { ${fields} } }`,
      {
        i: { thresholdHeartrate: 168, weightKg: 64.5 },
      },
    );
    expect(set.body.data.updateRiderSettings).toEqual({
      ftp: null,
      thresholdHeartrate: 168,
      maxHeartrate: null,
      weightKg: 64.5,
      estimates: { ftp: null },
    });
    const refused = await gql(
      `mutation($i: RiderSettingsInput!) { updateRiderSettings(input: $i) { ftp } }`,
      {
        i: { maxHeartrate: 160 },
      },
    );
    expect(refused.body.errors[0].message).toBe(PhysiologyMessages.thresholdAboveMax);
    const legacy = await gql('mutation { setFtp(ftp: 245) { ftp thresholdHeartrate } }');
    expect(legacy.body.data.setFtp).toEqual({ ftp: 245, thresholdHeartrate: 168 });
    const read = await gql(`{ riderSettings { ${fields} units } }`);
    expect(read.body.data.riderSettings).toMatchObject({
      ftp: 245,
      thresholdHeartrate: 168,
      weightKg: 64.5,
      units: 'imperial',
    });
    const metric = await gql('mutation { updateRiderSettings(input: { units: metric }) { units ftp } }');
    expect(metric.body.data.updateRiderSettings).toEqual({ units: 'metric', ftp: 245 });
    const wrong = await gql('mutation { updateRiderSettings(input: { units: null }) { units } }');
    expect(wrong.body.errors[0].message).toBe(PhysiologyMessages.units);
  });

  it('measures every ride again against a new FTP and publishes ride.metrics-changed for each that changed', async () => {
    const before = await ridesOf();
    const powered = before.filter((ride) => ride.device_watts && ride.metrics.normalizedPower !== null);
    expect(powered.length).toBeGreaterThan(3);
    const ftp = Math.max(...powered.map((ride) => ride.metrics.ftp ?? 0)) + 37;

    const answer = await patch({ ftp });
    expect(answer.status).toBe(200);
    await eventually(
      async () =>
        (await ridesOf()).every((r) => !r.device_watts || r.metrics.ftp === ftp) ? true : undefined,
      60_000,
      250,
    );
    await recomputeSettled();
    const after = await ridesOf();
    for (const ride of after.filter((r) => r.device_watts && r.metrics.normalizedPower !== null)) {
      expect(ride.metrics.ftpSource).toBe('rider');
      expect(ride.metrics.ftpDescription).toBeNull();
      expect(ride.metrics.intensityFactor).toBeCloseTo(ride.metrics.normalizedPower! / ftp, 2);
      const zoneSeconds = ride.metrics.powerZones.reduce((sum, zone) => sum + zone.seconds, 0);
      expect(zoneSeconds).toBe(ride.metrics.recordedSeconds ?? zoneSeconds);
    }
    const events = await changedEvents('settings');
    expect(new Set(events)).toEqual(new Set(powered.map((ride) => ride.id)));

    // measuring every ride again against the same thresholds changes nothing and publishes nothing
    const again = await new JobQueue(harness.queues).enqueue(
      'ride-metrics.recompute',
      { userId, reason: 'settings' },
      { jobId: `again-${userId}` },
    );
    await recomputeSettled();
    expect(await again.getState()).toBe('completed');
    expect(await changedEvents('settings')).toHaveLength(events.length);
    expect(measured(await ridesOf())).toEqual(measured(after));

    // back to the estimates for the next test, with the efforts of every ride forgotten (as stored
    // before they existed): the recompute reads them from the stored streams first
    await harness.db.query(`UPDATE rides.rides SET efforts = NULL WHERE user_id = $1`, [userId]);
    await patch({ ftp: null });
    await eventually(
      async () =>
        (await ridesOf()).every((r) => !r.device_watts || r.metrics.ftpSource !== 'rider') ? true : undefined,
      60_000,
      250,
    );
    await recomputeSettled();
  });

  it('gives every ride the same FTP as of its date whatever order the streams arrive in', async () => {
    const [{ missing }] = (await harness.db.query(
      `SELECT count(*)::int AS missing FROM rides.rides r
       WHERE r.user_id = $1 AND r.efforts IS NULL AND EXISTS (SELECT 1 FROM rides.ride_streams s WHERE s.ride_id = r.id)`,
      [userId],
    )) as [{ missing: number }];
    expect(missing).toBe(0);
    const natural = measured(await ridesOf());
    expect(natural.some((ride) => ride.ftp !== null)).toBe(true);

    // forget the streams, then fetch them again newest first: each ride first sees none of the rides
    // before it, then the older streams arrive and move its estimate
    await harness.db.query(
      `UPDATE rides.rides SET streams_fetched_at = NULL, efforts = NULL, best20_minute_power = NULL,
         best20_minute_heartrate = NULL WHERE user_id = $1`,
      [userId],
    );
    const rides = (await harness.db.query(
      `SELECT id, external_id FROM rides.rides WHERE user_id = $1 ORDER BY start_date DESC, id DESC`,
      [userId],
    )) as { id: string; external_id: string }[];
    const jobs = new JobQueue(harness.queues);
    const firstFtp = new Map<string, number | null>();
    for (const ride of rides) {
      await jobs.enqueue(
        'ride-streams.fetch',
        { userId, rideId: ride.id, stravaActivityId: ride.external_id },
        { jobId: `reordered-${ride.id}` },
      );
      const metrics = await eventually(async () => {
        const [row] = (await harness.db.query(
          `SELECT metrics FROM rides.rides WHERE id = $1 AND streams_fetched_at IS NOT NULL`,
          [ride.id],
        )) as { metrics: RideMetricsDto }[];
        return row?.metrics;
      }, 30_000);
      firstFtp.set(ride.id, metrics.ftp);
    }
    await recomputeSettled();

    const reordered = measured(await ridesOf());
    expect(reordered).toEqual(natural);
    // rides with power whose FTP moved once the older streams arrived (both ways: an easy older ride
    // can lower a critical-power fit, a hard one raises it)
    const powered = new Set((await ridesOf()).filter((ride) => ride.device_watts).map((ride) => ride.id));
    const moved = reordered
      .filter((ride) => powered.has(ride.id) && firstFtp.get(ride.id) !== ride.ftp)
      .map((ride) => ride.id);
    expect(moved.length).toBeGreaterThan(0);
    const published = await changedEvents('estimate');
    for (const id of moved) expect(published).toContain(id);
  });
});
