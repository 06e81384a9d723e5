/**
 * Activity-file parsing (FIT, GPX, TCX, each optionally gzipped): pure functions, no Nest, no DB.
 *
 *   const activity = parseActivityFile('morning.fit.gz', buffer);   // throws ActivityFileError
 *   encodeStreams(activity.streams)                                  // stored like a Strava ride
 *
 * Decisions (the rules behind the fixtures' expected summaries, see activity-summary.ts):
 * - the content decides the format, not the extension; gzip is recognised by its magic bytes and
 *   inflated up to 200 MB ('too-large' beyond);
 * - FIT goes through Garmin's SDK; a bad CRC or a cut file is 'corrupt'; a multisport file
 *   (triathlon) is imported as its cycling session only; no sport at all is taken as a ride, as is
 *   a GPX without `<type>`;
 * - moving time counts Δt ≤ 60 s towards a sample that moves (≥ 0.5 m/s, or cadence or power > 0);
 * - distance is the device's (FIT session, TCX DistanceMeters), else the GPS track (haversine);
 * - power is averaged over every sample carrying power, zeros included; heart rate and cadence over
 *   samples above 0 (an all-zero heart rate is no heart rate);
 * - ascent uses a 3 m hysteresis over the recorded altitude;
 * - a start more than a day after `now` is 'future'.
 */
export type {
  ActivityFormat,
  ActivityFileErrorCode,
  ParsedActivity,
  ParsedLap,
} from './activity-file.types.js';
export { ActivityFileError } from './activity-file.types.js';
export { detectFormat, parseActivityFile, MAX_INFLATED_BYTES } from './parse-activity-file.js';
