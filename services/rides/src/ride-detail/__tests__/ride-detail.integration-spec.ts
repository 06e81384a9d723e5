import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import {
  BEST_POWER_CURVE_DAYS,
  RIDE_STREAM_POINTS,
  RideDetailSchema,
  RideStreamsSchema,
  type RideDetailDto,
  type RideDto,
  type RideStreamsDto,
} from '@domestique/proto';
import { randomUUID } from 'node:crypto';
import { get as httpGet } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
// the harness first: it loads the whole service, whose modules import each other in a cycle
import { newUserId, startHarness, type RidesHarness } from '../../test/rides-harness.js';
import { computeRideMetrics, thresholdInputs } from '../../metrics/ride-metrics.js';
import { seriesOf, summaryOf } from '../../rides/ride-measure.js';
import { RideMetricsRecomputeService } from '../../rides/ride-metrics-recompute.service.js';
import { decodeStreams, encodeStreams, STREAMS_FORMAT } from '../../rides/ride-streams.codec.js';
import { RidesRepository } from '../../rides/rides.repository.js';
import type { StravaStreamSet } from '../../strava/strava.types.js';
import { readGpxRide } from './gpx-streams.js';

jest.setTimeout(120_000);

const FIXTURE = join(dirname(fileURLToPath(import.meta.url)), 'fixtures', '4078723797_strava.gpx.gz');
const DAY_MS = 24 * 3600 * 1000;
/** the fixture's points and its highest power reading (expected-summaries.json of the fixture set) */
const FIXTURE_SAMPLES = 8357;
const FIXTURE_MAX_WATTS = 1022;

describe('the ride page: GET /api/rides/{id} and /streams (real PostgreSQL, a real 1 Hz ride)', () => {
  let harness: RidesHarness;
  const gpx = readGpxRide(FIXTURE);
  const owner = newUserId();
  let rideId: string;
  let olderId: string;

  const as = (userId: string) => harness.as(userId);
  const get = async (userId: string, path: string) =>
    harness
      .http()
      .get(path)
      .set(await as(userId));

  /** Stores a ride with these streams as the streams worker does (its metrics from the streams). */
  const seedRide = async (userId: string, start: Date, streams: StravaStreamSet | null): Promise<string> => {
    const time = gpx.streams.time!.data;
    const [row] = (await harness.db.query(
      `INSERT INTO rides.rides (user_id, source, external_id, name, sport_type, start_date, distance_m,
         moving_time_s, elapsed_time_s, total_elevation_gain_m, average_speed_mps, average_watts, device_watts,
         average_heartrate, average_cadence, trainer)
       VALUES ($1, 'strava', $2, 'Spa hills', 'Ride', $3, $4, 8100, $5, 1245, $6, 219, true, 164.7, 91.8, false)
       RETURNING id`,
      [
        userId,
        randomUUID(),
        start.toISOString(),
        gpx.streams.distance!.data.at(-1),
        time.at(-1),
        gpx.streams.distance!.data.at(-1)! / 8100,
      ],
    )) as { id: string }[];
    const id = row!.id;
    if (!streams) return id;
    const rides = harness.api.app.get(RidesRepository);
    const encoded = { ...encodeStreams(streams), format: STREAMS_FORMAT };
    const series = seriesOf(decodeStreams(encoded.data));
    const { best20MinutePower, ...efforts } = thresholdInputs(series, true);
    const ride = (await rides.findForUser(userId, id))!;
    const metrics = computeRideMetrics(series, summaryOf(ride), { ftp: null, ftpSource: null, lthr: null });
    await harness.db.transaction((manager) =>
      rides.saveStreamMetrics(manager, userId, id, {
        metrics,
        best20MinutePower,
        best20MinuteHeartrate: efforts.best20MinuteHeartrate,
        efforts,
        streams: encoded,
      }),
    );
    return id;
  };

  /** The same ride with every power reading scaled. */
  const scaledPower = (factor: number): StravaStreamSet => ({
    ...gpx.streams,
    watts: { data: gpx.streams.watts!.data.map((watts) => Math.round(watts * factor)) },
  });

  /**
   * The same ride ridden easier (power capped at 170 W), with 5 x 3 min at 400 W (3 min at 120 W
   * between) laid over its second hour: a structured session the workout reader finds.
   */
  const withIntervals = (): StravaStreamSet => ({
    ...gpx.streams,
    watts: {
      data: gpx.streams.watts!.data.map((watts, i) => {
        const into = i - 3600;
        if (into < 0 || into >= 5 * 360) return Math.min(watts, 170);
        return into % 360 < 180 ? 400 : 120;
      }),
    },
  });
  let intervalsId: string;

  beforeAll(async () => {
    harness = await startHarness({ athletes: [{ activities: 1 }], worker: false });
    // 30 days before, 5% stronger everywhere: the 90-day best; 100 days before, 50% stronger: outside
    olderId = await seedRide(owner, new Date(gpx.start.getTime() - 30 * DAY_MS), scaledPower(1.05));
    await seedRide(owner, new Date(gpx.start.getTime() - 100 * DAY_MS), scaledPower(1.5));
    rideId = await seedRide(owner, gpx.start, gpx.streams);
    intervalsId = await seedRide(owner, new Date(gpx.start.getTime() + 3600_000 * 5), withIntervals());
    // the rider's thresholds, then every ride measured against them (the recompute job's own code)
    const settings = await harness
      .http()
      .patch('/api/rider/settings')
      .set(await as(owner))
      .send({ ftp: 260, thresholdHeartrate: 168 });
    expect(settings.status).toBe(200);
    await harness.api.app.get(RideMetricsRecomputeService).run({ userId: owner, reason: 'settings' });
  }, 120_000);
  afterAll(async () => {
    await harness?.close();
  });

  it("answers the owner the ride with its metrics, zones, intervals and curves, matching the rides list's", async () => {
    const answer = await get(owner, `/api/rides/${rideId}`);
    expect(answer.status).toBe(200);
    const detail: RideDetailDto = RideDetailSchema.parse(answer.body);
    const listed = (await get(owner, '/api/rides')).body.find((ride: RideDto) => ride.id === rideId);
    expect(detail.ride).toEqual(listed);
    const metrics = listed.metrics;
    expect(metrics.source).toBe('streams');
    expect(metrics.ftp).toBe(260);
    expect(detail).toMatchObject({
      indoor: false,
      hasGps: true,
      streamsPending: false,
      elapsedSeconds: gpx.streams.time!.data.at(-1),
    });
    expect(detail.channels.sort()).toEqual(
      ['altitude', 'cadence', 'distance', 'heartRate', 'latlng', 'power', 'speed'].sort(),
    );

    // zones: the list's seconds, with bounds from its FTP and LTHR
    expect(detail.powerZones!.threshold).toBe(260);
    expect(detail.powerZones!.zones.map(({ zone, seconds }) => ({ zone, seconds }))).toEqual(
      metrics.powerZones,
    );
    expect(detail.powerZones!.zones[1]).toMatchObject({ min: 143, max: 195 });
    expect(detail.powerZones!.zones.at(-1)!.max).toBeNull();
    expect(detail.heartRateZones!.threshold).toBe(168);
    expect(detail.heartRateZones!.zones.map(({ zone, seconds }) => ({ zone, seconds }))).toEqual(
      metrics.heartRateZones,
    );

    // the curve: its 5 s, 1, 5, 20 and 60 min are the list's best efforts
    for (const effort of metrics.bestEfforts)
      expect(
        detail.powerCurve.find((point) => point.durationSeconds === effort.durationSeconds)?.watts,
      ).toBeCloseTo(effort.watts, 9);
    expect(detail.powerCurve[0]).toEqual({ durationSeconds: 1, watts: FIXTURE_MAX_WATTS });
    expect(detail.powerCurve.at(-1)!.durationSeconds).toBe(7200);

    // the 90-day best: the stronger ride 30 days before at every duration; the one 100 days before left out
    expect(detail.bestPowerCurve!.days).toBe(BEST_POWER_CURVE_DAYS);
    expect(detail.bestPowerCurve!.points.map((point) => point.durationSeconds)).toEqual(
      detail.powerCurve.map((point) => point.durationSeconds),
    );
    for (const [i, point] of detail.bestPowerCurve!.points.entries()) {
      expect(point.rideId).toBe(olderId);
      expect(point.watts).toBeGreaterThan(detail.powerCurve[i]!.watts);
      expect(point.watts).toBeLessThan(detail.powerCurve[i]!.watts * 1.06);
    }

    expect(detail.intervals).toEqual([]);
  });

  it("places the list's detected intervals on the streams' time and distance axes", async () => {
    const detail: RideDetailDto = (await get(owner, `/api/rides/${intervalsId}`)).body;
    const listed = (await get(owner, '/api/rides')).body.find((ride: RideDto) => ride.id === intervalsId);
    const bouts = listed.metrics.workout.intervals;
    expect(bouts.length).toBeGreaterThanOrEqual(5);
    expect(detail.intervals).toHaveLength(bouts.length);
    expect(detail.workoutType).toBe(listed.metrics.workout.type);
    const time = gpx.streams.time!.data;
    const distance = gpx.streams.distance!.data;
    for (const [i, interval] of detail.intervals.entries()) {
      expect(interval).toMatchObject({
        number: i + 1,
        durationSeconds: bouts[i].durationSeconds,
        averagePower: bouts[i].averagePower,
        averageHeartrate: bouts[i].averageHeartrate,
        percentOfFtp: bouts[i].percentOfFtp,
      });
      // ridden seconds become stream time: never earlier, and at least as long (pauses included)
      expect(interval.startTime).toBeGreaterThanOrEqual(bouts[i].startSeconds);
      expect(interval.endTime - interval.startTime).toBeGreaterThanOrEqual(bouts[i].durationSeconds);
      const at = time.indexOf(interval.startTime);
      expect(at).toBeGreaterThanOrEqual(0);
      expect(interval.startDistance).toBeCloseTo(distance[at]!, 0);
      expect(interval.endDistance!).toBeGreaterThan(interval.startDistance!);
      expect(interval.averageCadence).toBeGreaterThan(0);
    }
    // the 400 W bouts: zone 7 of a 260 W FTP (above 150%), found where they were laid
    const hard = detail.intervals.filter((interval) => interval.averagePower! > 380);
    expect(hard).toHaveLength(5);
    for (const [k, interval] of hard.entries()) {
      expect(interval.powerZone).toBe(7);
      expect(Math.abs(interval.startTime - time[3600 + k * 360]!)).toBeLessThanOrEqual(3);
    }
  });

  it('answers the streams downsampled for display: aligned, the peaks kept, every series the same length', async () => {
    const answer = await get(owner, `/api/rides/${rideId}/streams`);
    expect(answer.status).toBe(200);
    const streams: RideStreamsDto = RideStreamsSchema.parse(answer.body);
    expect(streams).toMatchObject({
      rideId,
      points: RIDE_STREAM_POINTS.default,
      full: false,
      pending: false,
      totalSamples: FIXTURE_SAMPLES,
    });
    const { series } = streams;
    for (const values of Object.values(series)) expect(values).toHaveLength(RIDE_STREAM_POINTS.default);
    expect(Math.max(...series.power!)).toBe(FIXTURE_MAX_WATTS);
    expect(Math.max(...series.heartRate!)).toBe(Math.max(...gpx.streams.heartrate!.data));
    expect(series.time[0]).toBe(0);
    expect(series.time.at(-1)).toBe(gpx.streams.time!.data.at(-1));
    // aligned: each kept point is the fixture's sample at that time
    const source = gpx.streams;
    for (let i = 0; i < series.time.length; i += 97) {
      const at = source.time!.data.indexOf(series.time[i]!);
      expect(series.power![i]).toBe(source.watts!.data[at]);
      expect(series.heartRate![i]).toBe(source.heartrate!.data[at]);
      expect(series.latlng![i]![0]).toBeCloseTo(source.latlng!.data[at]![0], 4);
    }
    const fewer = await get(owner, `/api/rides/${rideId}/streams?points=${RIDE_STREAM_POINTS.min}`);
    expect(fewer.body.points).toBe(RIDE_STREAM_POINTS.min);
  });

  it('answers every sample at full resolution', async () => {
    const answer = await get(owner, `/api/rides/${rideId}/streams?resolution=full`);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ points: FIXTURE_SAMPLES, full: true, totalSamples: FIXTURE_SAMPLES });
    expect(answer.body.series.time).toEqual(gpx.streams.time!.data);
    expect(answer.body.series.power).toEqual(gpx.streams.watts!.data);
    expect(answer.body.series.cadence).toEqual(gpx.streams.cadence!.data);
  });

  it('compresses both answers with gzip: the page data well under 150 KB', async () => {
    const { port } = harness.api.app.getHttpServer().address() as AddressInfo;
    const headers = { ...(await as(owner)), 'accept-encoding': 'gzip, deflate, br' };
    /** the bytes on the wire (supertest would inflate them) */
    const gzipped = (path: string) =>
      new Promise<number>((resolve, reject) => {
        httpGet({ host: '127.0.0.1', port, path, headers }, (answer) => {
          const chunks: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => chunks.push(chunk));
          answer.on('end', () => {
            expect(answer.headers['content-encoding']).toBe('gzip');
            const body = Buffer.concat(chunks);
            expect(JSON.stringify(JSON.parse(gunzipSync(body).toString()))).toContain(rideId);
            resolve(body.length);
          });
        }).on('error', reject);
      });
    const bytes = (await gzipped(`/api/rides/${rideId}`)) + (await gzipped(`/api/rides/${rideId}/streams`));
    expect(bytes).toBeLessThan(150 * 1024);
    const plain = await harness
      .http()
      .get(`/api/rides/${rideId}/streams`)
      .set(await as(owner))
      .set('accept-encoding', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.rideId).toBe(rideId);
  });

  it("answers 404 for another rider's ride, a missing ride and a malformed id, on both paths", async () => {
    const stranger = newUserId();
    const cases: [string, string][] = [
      [stranger, `/api/rides/${rideId}`],
      [stranger, `/api/rides/${rideId}/streams`],
      [owner, `/api/rides/${randomUUID()}`],
      [owner, `/api/rides/${randomUUID()}/streams?resolution=full`],
      [owner, '/api/rides/not-a-ride'],
      [owner, '/api/rides/not-a-ride/streams'],
      [owner, `/api/rides/${rideId.slice(0, -1)}x/streams`],
    ];
    for (const [userId, path] of cases) {
      const answer = await get(userId, path);
      expect({ path, status: answer.status, body: answer.body }).toEqual({
        path,
        status: 404,
        body: expect.objectContaining({ message: 'Ride not found' }),
      });
    }
    const graphql = await harness
      .http()
      .post('/graphql')
      .set(await as(stranger))
      .send({ query: `{ ride(id: "${rideId}") { id } }` });
    expect(graphql.body.data?.ride ?? null).toBeNull();
    expect(graphql.body.errors[0].message).toBe('Ride not found');
  });

  it('answers 400 with a clear message for a bad query', async () => {
    const cases: [string, string][] = [
      ['points=abc', 'points must be a whole number from 100 to 5000'],
      ['points=10', 'points must be a whole number from 100 to 5000'],
      ['points=5001', 'points must be a whole number from 100 to 5000'],
      ['points=150.5', 'points must be a whole number from 100 to 5000'],
      ['resolution=raw', 'resolution must be "display" or "full"'],
      ['resolution=full&resolution=display', 'resolution must be "display" or "full"'],
      ['zoom=2', 'Unexpected field: zoom'],
    ];
    for (const [query, message] of cases) {
      const answer = await get(owner, `/api/rides/${rideId}/streams?${query}`);
      expect({ query, status: answer.status, body: answer.body }).toEqual({
        query,
        status: 400,
        body: expect.objectContaining({ message }),
      });
    }
  });

  it('answers a ride whose streams are not fetched yet as pending, not 404', async () => {
    const pending = await seedRide(owner, new Date(gpx.start.getTime() + DAY_MS), null);
    const detail = await get(owner, `/api/rides/${pending}`);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({
      streamsPending: true,
      channels: [],
      intervals: [],
      powerCurve: [],
      bestPowerCurve: null,
      elapsedSeconds: null,
    });
    const streams = await get(owner, `/api/rides/${pending}/streams`);
    expect(streams.status).toBe(200);
    expect(streams.body).toEqual({
      rideId: pending,
      points: 0,
      full: false,
      pending: true,
      totalSamples: 0,
      series: { time: [] },
    });
  });

  it('answers GraphQL ride(id) to the owner', async () => {
    const answer = await harness
      .http()
      .post('/graphql')
      .set(await as(owner))
      .send({ query: `{ ride(id: "${rideId}") { id name hasAiFeedback metrics { normalizedPower } } }` });
    expect(answer.body.data.ride).toMatchObject({ id: rideId, name: 'Spa hills', hasAiFeedback: false });
    expect(answer.body.data.ride.metrics.normalizedPower).toBeGreaterThan(150);
  });
});
