import {
  eventually,
  identityHeaders,
  startTestApi,
  startTestWorker,
  testEnv,
  uniqueSuffix,
  type EnvOverrides,
  type TestApi,
  type TestWorker,
} from '@domestique/common/testing';
import { createProducerRedis, QueueRegistry } from '@domestique/common';
import { isCyclingSportType, QUEUES } from '@domestique/proto';
import type { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { DataSource } from 'typeorm';
// The Strava simulator is a fixture of Strava (infra/simulators), started in this process.
import {
  decideAtStrava,
  startStravaSimulator,
  type DemoAthleteSpec,
  type StravaSimulator,
} from '../../../../infra/simulators/src/strava/index.js';
import type { RidesConfig } from '../config/env.schema.js';
import { windowsAt } from '../strava/rate-limit.js';
import { ridesService } from '../service.js';

export interface RidesHarness {
  api: TestApi<RidesConfig>;
  worker: TestWorker<RidesConfig>;
  strava: StravaSimulator;
  db: DataSource;
  redis: Redis;
  queues: QueueRegistry;
  /** the public address (a stand-in for the gateway: it adds an anonymous identity, like the gateway) */
  publicUrl: string;
  /** the environment the API and worker run with (to start more replicas) */
  env: EnvOverrides;
  http(): ReturnType<typeof request>;
  as(userId: string): Promise<Record<string, string>>;
  close(): Promise<void>;
}

export interface HarnessOptions {
  athletes: DemoAthleteSpec[];
  env?: EnvOverrides;
  /** start the worker (default true) */
  worker?: boolean;
}

/** High limits, so that a whole test run never waits for a real 15-minute window. */
const ROOMY_LIMITS = { overall15m: 100_000, overallDaily: 1_000_000, read15m: 100_000, readDaily: 1_000_000 };

/**
 * The rides API and worker on the run's PostgreSQL and Redis, against a Strava simulator, with a
 * small relay standing in for the gateway so the simulator can reach the webhook callback.
 */
export const startHarness = async (options: HarnessOptions): Promise<RidesHarness> => {
  const relay = createServer();
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const publicUrl = `http://127.0.0.1:${(relay.address() as AddressInfo).port}`;
  // athlete ids of their own: the run's database is shared by every suite, and an athlete connects once
  const firstId = 50_000_000 + Math.floor(Math.random() * 40_000_000);
  const strava = await startStravaSimulator({
    seed: 7,
    athletes: options.athletes.map((spec, index) => ({ id: firstId + index, ...spec })),
    rateLimits: ROOMY_LIMITS,
    webhookRetryDelayMs: 200,
  });
  const env: EnvOverrides = {
    PUBLIC_URL: publicUrl,
    STRAVA_API_URL: strava.apiUrl,
    STRAVA_OAUTH_URL: strava.oauthUrl,
    STRAVA_RATE_LIMIT: '100000,1000000',
    STRAVA_READ_RATE_LIMIT: '100000,1000000',
    STRAVA_SYNC_WAIT_MS: '15000',
    STRAVA_PUSH_SUBSCRIPTION: 'false',
    // each harness its own Redis namespace: queues, rate-limit counters and state nonces
    REDIS_PREFIX: `${testEnv().REDIS_PREFIX}-${uniqueSuffix()}`.slice(0, 40).toLowerCase(),
    ...options.env,
  };
  const api = await startTestApi(ridesService, env);
  await api.app.listen(0, '127.0.0.1');
  const apiPort = (api.app.getHttpServer().address() as AddressInfo).port;
  const anonymous = await identityHeaders({ role: 'anonymous' });
  relay.on('request', (incoming, outgoing) => {
    const upstream = httpRequest(
      {
        host: '127.0.0.1',
        port: apiPort,
        method: incoming.method,
        path: incoming.url,
        headers: { ...incoming.headers, ...anonymous, host: `127.0.0.1:${apiPort}` },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    upstream.on('error', () => outgoing.writeHead(502).end());
    incoming.pipe(upstream);
  });
  const worker =
    options.worker === false
      ? (null as unknown as TestWorker<RidesConfig>)
      : await startTestWorker(ridesService, env);
  const redis = createProducerRedis(api.config.REDIS_URL);
  const queues = new QueueRegistry(redis, api.config.REDIS_PREFIX);
  return {
    api,
    worker,
    strava,
    db: api.app.get(DataSource),
    redis,
    queues,
    publicUrl,
    env,
    http: () => request(api.app.getHttpServer()),
    as: async (userId) => identityHeaders({ role: 'user', userId, tier: 'free' }),
    close: async () => {
      await worker?.close();
      await api.close();
      await queues.closeAll();
      redis.disconnect();
      await strava.close();
      await new Promise((resolve) => closeServer(relay, resolve));
    },
  };
};

const closeServer = (server: Server, done: (value: unknown) => void) => {
  server.close(done);
  server.closeAllConnections();
};

export const newUserId = (): string => randomUUID();

/**
 * What the rider's browser does up to Strava's redirect back: our /api/strava/connect, then Strava's
 * authorize page (Authorize or Cancel, with the given scopes ticked). Answers the callback path.
 */
export const authorizeAtStrava = async (
  harness: RidesHarness,
  userId: string,
  athleteId: number,
  options: { scopes?: string[]; decision?: 'authorize' | 'cancel' } = {},
): Promise<string> => {
  const start = await harness
    .http()
    .get('/api/strava/connect')
    .set(await harness.as(userId));
  if (start.status !== 302) throw new Error(`connect answered ${start.status}`);
  const authorize = new URL(start.headers.location as string);
  const page = await fetch(authorize);
  if (!page.ok) throw new Error(`authorize page answered ${page.status}`);
  return decideAtStrava(authorize, athleteId, options);
};

/** Strava's redirect reaching our callback with a rider's session; answers where we send the browser. */
export const followCallback = async (
  harness: RidesHarness,
  callbackPath: string,
  userId: string,
): Promise<string> => {
  const callback = await harness
    .http()
    .get(callbackPath)
    .set(await harness.as(userId));
  if (callback.status !== 302) throw new Error(`callback answered ${callback.status}`);
  return callback.headers.location as string;
};

/** The whole connect flow of one rider. */
export const connectThroughStrava = async (
  harness: RidesHarness,
  userId: string,
  athleteId: number,
  options: { scopes?: string[]; decision?: 'authorize' | 'cancel' } = {},
): Promise<string> =>
  followCallback(harness, await authorizeAtStrava(harness, userId, athleteId, options), userId);

/** Waits until the rider's sync job has finished and answers its state. */
export const syncSettled = (harness: RidesHarness, userId: string, timeoutMs = 60_000) =>
  eventually(
    async () => {
      const job = await harness.queues.get(QUEUES.stravaSync).getJob(`sync-${userId}`);
      const state = await job?.getState();
      return state === 'completed' || state === 'failed' ? state : undefined;
    },
    timeoutMs,
    200,
  );

/** Waits until no stream fetch of the rider is waiting or running. */
export const streamsSettled = (harness: RidesHarness, userId: string, timeoutMs = 60_000) =>
  eventually(
    async () => {
      const [{ missing }] = (await harness.db.query(
        `SELECT count(*)::int AS missing FROM rides.rides WHERE user_id = $1 AND streams_fetched_at IS NULL`,
        [userId],
      )) as [{ missing: number }];
      return missing === 0;
    },
    timeoutMs,
    250,
  );

export const rideCount = async (harness: RidesHarness, userId: string): Promise<number> =>
  (
    (await harness.db.query('SELECT count(*)::int AS n FROM rides.rides WHERE user_id = $1', [userId])) as [
      { n: number },
    ]
  )[0].n;

/** Cycling activities the simulator holds for an athlete (Only Me included: we ask for activity:read_all). */
export const cyclingActivities = (harness: RidesHarness, athleteId: number) =>
  harness.strava.control
    .activities(athleteId)
    .filter((activity) => isCyclingSportType(String(activity.sport_type ?? activity.type)));

/** Strava's real limits (100 reads and 200 requests per 15 minutes; 1,000 and 2,000 a day), for the rides service. */
export const STRAVA_REAL_LIMITS_ENV = { STRAVA_RATE_LIMIT: '200,2000', STRAVA_READ_RATE_LIMIT: '100,1000' };

/** The simulator answers with Strava's real limits (the rides service gets STRAVA_REAL_LIMITS_ENV). */
export const atStravaRealLimits = (harness: RidesHarness): void =>
  harness.strava.control.setRateLimits({
    overall15m: 200,
    overallDaily: 2000,
    read15m: 100,
    readDaily: 1000,
  });

/** A budget is per 15-minute window: waits for the next one when less than 90 s of this one is left. */
export const startWellInsideRateWindow = async (harness: RidesHarness): Promise<void> => {
  const windowMs = harness.api.config.STRAVA_RATE_WINDOW_S * 1000;
  const left = windowsAt(Date.now(), windowMs).shortEnd - Date.now();
  if (left < 90_000) await sleep(left + 1000);
};
