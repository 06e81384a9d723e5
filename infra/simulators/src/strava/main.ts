// Runs the Strava simulator from the environment (npm run up starts it as `strava-sim`).
import { DEFAULT_CLIENT, startStravaSimulator } from './index.js';

const log = (msg: string, extra: Record<string, unknown> = {}) =>
  process.stdout.write(
    `${JSON.stringify({ level: 'info', time: new Date().toISOString(), msg, ...extra })}\n`,
  );

const problems: string[] = [];
const integer = (name: string, fallback: number, min: number, max: number): number => {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    problems.push(`${name} must be an integer between ${min} and ${max} (got "${raw}")`);
    return fallback;
  }
  return value;
};

const port = integer('STRAVA_SIM_PORT', 4301, 0, 65535);
const seed = integer('STRAVA_SIM_SEED', 1, 0, 2 ** 31 - 1);
const athletes = integer('STRAVA_SIM_ATHLETES', 4, 1, 50);
/** "15-minute,daily" as in Strava's headers, e.g. STRAVA_SIM_READ_RATE_LIMIT=100,1000. */
const pair = (name: string): [number, number] | undefined => {
  const raw = process.env[name];
  if (!raw) return undefined;
  const values = raw.split(',').map(Number);
  if (values.length !== 2 || !values.every((v) => Number.isInteger(v) && v >= 1)) {
    problems.push(`${name} must be two positive integers "per 15 minutes,per day" (got "${raw}")`);
    return undefined;
  }
  return [values[0]!, values[1]!];
};
const overall = pair('STRAVA_SIM_RATE_LIMIT');
const read = pair('STRAVA_SIM_READ_RATE_LIMIT');
/** Exact activity counts per athlete, comma-separated (empty: the usual 6-18 months), e.g. "2000". */
const counts = (process.env.STRAVA_SIM_ACTIVITIES ?? '').split(',').map((raw) => {
  if (raw.trim() === '') return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 100_000)
    problems.push(`STRAVA_SIM_ACTIVITIES must list activity counts between 0 and 100000 (got "${raw}")`);
  return value;
});
const publicUrl = process.env.STRAVA_SIM_PUBLIC_URL || undefined;
if (publicUrl && !/^https?:\/\/[^/]+/.test(publicUrl))
  problems.push('STRAVA_SIM_PUBLIC_URL must be an http(s) URL');
if (problems.length) {
  process.stderr.write(
    `Invalid configuration for strava-sim:\n${problems.map((p) => `  - ${p}`).join('\n')}\n`,
  );
  process.exit(1);
}

const simulator = await startStravaSimulator({
  port,
  host: process.env.STRAVA_SIM_HOST || '127.0.0.1',
  publicUrl,
  seed,
  athletes: Array.from({ length: Math.max(athletes, counts.length) }, (_, k) =>
    counts[k] === undefined ? {} : { activities: counts[k] },
  ),
  rateLimits: {
    ...(overall && { overall15m: overall[0], overallDaily: overall[1] }),
    ...(read && { read15m: read[0], readDaily: read[1] }),
  },
  clients: [
    {
      id: process.env.STRAVA_CLIENT_ID || DEFAULT_CLIENT.id,
      secret: process.env.STRAVA_CLIENT_SECRET || DEFAULT_CLIENT.secret,
      name: DEFAULT_CLIENT.name,
    },
  ],
});
log('Strava simulator listening', {
  url: simulator.url,
  apiUrl: simulator.apiUrl,
  oauthUrl: simulator.oauthUrl,
  athletes: simulator.control
    .athletes()
    .map((a) => `${a.firstname} ${a.lastname} (${a.id}): ${a.activityCount}`),
});

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  simulator.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
