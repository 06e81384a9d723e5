// The ride page's data (issue 20): a 4-hour 1 Hz ride with every channel (power, heart rate, cadence,
// speed, altitude, GPS), stored as the rides service's streams worker stores it, then read through
// the gateway as the page reads it: GET /api/rides/{id} and GET /api/rides/{id}/streams (display
// resolution). Budget: both answers together at most 150 KB gzip.
import { request } from 'node:http';
import { STREAM_TYPES, streamValues } from '../../simulators/dist/strava/ride-model.js';
import { computeRideMetrics, thresholdInputs } from '@domestique/rides/metrics/ride-metrics';
import { toSeries } from '@domestique/rides/metrics/series';
import { encodeStreams, STREAMS_FORMAT } from '@domestique/rides/rides/ride-streams.codec';
import { measure } from '../scratch-stack.mjs';
import { fourHourRide } from './ride-samples.mjs';

export const RIDE_PAGE_BUDGET_BYTES = 150 * 1024;

/** Stores the bench's 4-hour ride for `userId` with its streams; answers its id and sample count. */
const storeFourHourRide = async (pool, userId) => {
  const { raw, summary, thresholds, samples, simulation, stats } = fourHourRide();
  const streams = Object.fromEntries(
    STREAM_TYPES.flatMap((type) => {
      const data = streamValues(simulation.streams, type);
      return data ? [[type, { data }]] : [];
    }),
  );
  const series = toSeries(raw);
  const metrics = computeRideMetrics(series, summary, thresholds);
  const { best20MinutePower, ...efforts } = thresholdInputs(series, true);
  const encoded = encodeStreams(streams);
  const {
    rows: [ride],
  } = await pool.query(
    `INSERT INTO rides.rides (user_id, source, external_id, name, sport_type, start_date, distance_m, moving_time_s,
       elapsed_time_s, total_elevation_gain_m, average_speed_mps, average_watts, device_watts, average_heartrate,
       average_cadence, metrics, best20_minute_power, best20_minute_heartrate, efforts, streams_fetched_at)
     VALUES ($1, 'strava', 'bench-ride-page', 'Four hours', 'Ride', now() - interval '1 day', $2, $3, $4, $5, $6, $7,
       true, $8, $9, $10, $11, $12, $13, now())
     RETURNING id`,
    [
      userId,
      stats.distance,
      stats.movingTime,
      stats.elapsedTime,
      stats.totalElevationGain,
      stats.averageSpeed,
      stats.averageWatts,
      stats.averageHeartrate,
      stats.averageCadence,
      metrics,
      best20MinutePower,
      efforts.best20MinuteHeartrate,
      efforts,
    ],
  );
  await pool.query(
    `INSERT INTO rides.ride_streams (ride_id, user_id, format, samples, data) VALUES ($1, $2, $3, $4, $5)`,
    [ride.id, userId, STREAMS_FORMAT, encoded.samples, encoded.data],
  );
  return { id: ride.id, samples, channels: Object.keys(streams) };
};

/** The bytes of one answer on the wire through the gateway, with `Accept-Encoding` as given. */
const wireBytes = (gatewayUrl, path, cookie, encoding) =>
  new Promise((resolve, reject) => {
    const url = new URL(path, gatewayUrl);
    const req = request(url, { headers: { cookie, 'accept-encoding': encoding } }, (answer) => {
      let bytes = 0;
      answer.on('data', (chunk) => (bytes += chunk.length));
      answer.on('end', () =>
        answer.statusCode === 200
          ? resolve({ bytes, encoding: answer.headers['content-encoding'] ?? 'identity' })
          : reject(new Error(`${path}: ${answer.statusCode}`)),
      );
    });
    req.on('error', reject);
    req.end();
  });

/**
 * Stores the ride, then measures the page's data size (gzip and identity) and the p50/p99 of both
 * GETs through the gateway (the client's fetch asks for gzip, as a browser does).
 */
export const measureRidePage = async ({ pool, userId, gatewayUrl, cookie, viaGateway, samples }) => {
  const ride = await storeFourHourRide(pool, userId);
  const paths = { detail: `/api/rides/${ride.id}`, streams: `/api/rides/${ride.id}/streams` };
  const sizes = {};
  for (const [name, path] of Object.entries(paths)) {
    const gzip = await wireBytes(gatewayUrl, path, cookie, 'gzip');
    if (gzip.encoding !== 'gzip') throw new Error(`${path} was not gzip-compressed through the gateway`);
    const identity = await wireBytes(gatewayUrl, path, cookie, 'identity');
    sizes[name] = { gzip: gzip.bytes, identity: identity.bytes };
  }
  const detail = await measure(() => viaGateway(paths.detail), samples);
  const streams = await measure(() => viaGateway(paths.streams), samples);
  return {
    samples: ride.samples,
    channels: ride.channels,
    sizes,
    gzipTotal: sizes.detail.gzip + sizes.streams.gzip,
    detail,
    streams,
  };
};
