// The whole system: the services' APIs as processes (their built dist, one GraphQL schema each),
// every worker in this process (startTestWorker, so one can be stopped and started again), and the
// real gateway in front of them. Other projects come in through their published entry points only
// (package.json "exports": `@domestique/<service>/testing`, `@domestique/gateway/app`).
import {
  eventually,
  startTestWorker,
  testEnv,
  uniqueSuffix,
  type PatternTestConfig,
  type TestWorker,
} from '@domestique/common/testing';
import { createLogger, parseConfig, type BaseConfig, type ServiceDefinition } from '@domestique/common';
import { isCyclingSportType, type ServiceName } from '@domestique/proto';
import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { stackProcesses, startStack, withFreePorts, type Stack } from '../../../../../infra/dev/stack.mjs';
import { analysisService } from '@domestique/analysis/testing';
import { authService, FAST_HASHING, GENEROUS_LIMITS } from '@domestique/auth/testing';
import { billingService } from '@domestique/billing/testing';
import { createGateway, type Gateway } from '@domestique/gateway/app';
import { gatewayEnvSchema } from '@domestique/gateway/config';
import { ridesService } from '@domestique/rides/testing';
// Strava is a fixture (the simulator of infra/, started in this process): riders' rides reach the
// rides service the way they do in production, through the connect flow and the sync.
import {
  decideAtStrava,
  startStravaSimulator,
  type DemoAthleteSpec,
  type StravaSimulator,
} from '../../../../../infra/simulators/src/strava/index.js';
import { adminService } from '../../service.js';

export const ADMIN_CREDENTIALS = { username: 'chief', password: 'correct-horse-battery' };

export const DEFINITIONS = {
  auth: authService,
  rides: ridesService,
  analysis: analysisService,
  billing: billingService,
  admin: adminService,
} as unknown as Record<ServiceName, ServiceDefinition<BaseConfig>>;

// every subgraph, so the gateway composes the graph (the admin mutations are GraphQL too)
const API_SERVICES: readonly ServiceName[] = ['auth', 'rides', 'analysis', 'billing', 'admin'];
const WORKER_SERVICES: readonly ServiceName[] = ['auth', 'rides', 'analysis', 'billing', 'admin'];

/**
 * Every service's API on free ports, every service's worker, and the real
 * gateway in front of them, on the run's PostgreSQL and a Redis namespace of their own.
 */
export class AdminSystem {
  private constructor(
    readonly env: Record<string, string>,
    private readonly apis: Stack,
    readonly workers: Map<ServiceName, TestWorker<BaseConfig>>,
    readonly gateway: Gateway,
    private readonly server: Server,
    readonly gatewayUrl: string,
    readonly db: DataSource,
    private readonly strava: StravaSimulator | undefined,
    private readonly athleteIds: number[],
  ) {}

  /** `athletes`: the Strava athletes riders can connect, by index (see `connectStrava`). */
  static async start(athletes: DemoAthleteSpec[] = []): Promise<AdminSystem> {
    // athlete ids of their own: the run's database is shared by every suite, and an athlete connects once
    const firstId = 50_000_000 + Math.floor(Math.random() * 40_000_000);
    const athleteIds = athletes.map((_, index) => firstId + index);
    const strava = athletes.length
      ? await startStravaSimulator({
          seed: 11,
          athletes: athletes.map((spec, index) => ({ ...spec, id: athleteIds[index]! })),
          rateLimits: {
            overall15m: 100_000,
            overallDaily: 1_000_000,
            read15m: 100_000,
            readDaily: 1_000_000,
          },
        })
      : undefined;
    const base = testEnv({
      ...FAST_HASHING,
      ...GENEROUS_LIMITS,
      ADMIN_USERNAME: ADMIN_CREDENTIALS.username,
      ADMIN_PASSWORD: ADMIN_CREDENTIALS.password,
      STRAVA_PUSH_SUBSCRIPTION: 'false',
      REDIS_PREFIX: `${testEnv().REDIS_PREFIX}-${uniqueSuffix()}`.slice(0, 40).toLowerCase(),
    });
    const env = {
      ...(await withFreePorts(
        Object.fromEntries(
          Object.entries(base).filter((entry): entry is [string, string] => entry[1] !== undefined),
        ),
      )),
      ...(strava && {
        STRAVA_API_URL: strava.apiUrl,
        STRAVA_OAUTH_URL: strava.oauthUrl,
        STRAVA_RATE_LIMIT: '100000,1000000',
        STRAVA_READ_RATE_LIMIT: '100000,1000000',
      }),
    };
    // the workers migrate each schema once, before the APIs start
    const workers = new Map<ServiceName, TestWorker<BaseConfig>>();
    for (const name of WORKER_SERVICES) workers.set(name, await startTestWorker(DEFINITIONS[name], env));
    const apis = await startStack({
      env,
      logs: 'files',
      logDir: join(tmpdir(), `dq-admin-it-${uniqueSuffix()}`),
      processes: stackProcesses(env).filter((proc) => API_SERVICES.includes(proc.name as ServiceName)),
    });
    const config = parseConfig('gateway', gatewayEnvSchema, { ...env, SUPERGRAPH_POLL_MS: '0' });
    const gateway = createGateway(config, createLogger({ service: 'gateway', level: config.LOG_LEVEL }));
    gateway.start();
    const server = gateway.app.listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    const gatewayUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    await eventually(() => Promise.resolve(gateway.graph.ready), 60_000);
    const db = workers.get('admin')!.context.get(DataSource);
    return new AdminSystem(env, apis, workers, gateway, server, gatewayUrl, db, strava, athleteIds);
  }

  /**
   * A rider connects Strava athlete `athlete` (an index into `start`'s athletes) through the gateway,
   * as the browser does: our /api/strava/connect, Strava's authorize page, the callback. The rides
   * service then syncs the athlete's history; answers how many cycling activities it holds.
   */
  async connectStrava(agent: ReturnType<typeof request.agent>, athlete: number): Promise<number> {
    const athleteId = this.athleteIds[athlete];
    if (!this.strava || athleteId === undefined) throw new Error(`no Strava athlete ${athlete}: see start()`);
    const start = await agent.get('/api/strava/connect');
    if (start.status !== 302) throw new Error(`connect answered ${start.status}`);
    const authorize = new URL(start.headers.location as string);
    const callback = await agent.get(await decideAtStrava(authorize, athleteId));
    if (callback.status !== 302) throw new Error(`callback answered ${callback.status}`);
    return this.strava.control
      .activities(athleteId)
      .filter((activity) => isCyclingSportType(String(activity.sport_type ?? activity.type))).length;
  }

  /**
   * Registers a rider through the gateway (the agent keeps their session) and waits until billing
   * has opened the rider's record from user.registered: tier changes need it.
   */
  async registerRider(
    firstName: string,
    lastName: string,
  ): Promise<{
    id: string;
    email: string;
    agent: ReturnType<typeof request.agent>;
    answer: request.Response;
  }> {
    const agent = this.http();
    const email = `admin-it-${randomUUID().slice(0, 8)}@example.com`;
    const answer = await agent
      .post('/api/auth/register')
      .send({ email, password: 'riding-along-1', firstName, lastName });
    if (answer.status !== 201) throw new Error(`register answered ${answer.status}`);
    const id = (answer.body as { id: string }).id;
    await eventually(async () => {
      const rows: unknown[] = await this.db.query(
        'SELECT 1 FROM billing.billing_customers WHERE user_id = $1',
        [id],
      );
      return rows.length > 0;
    });
    return { id, email, agent, answer };
  }

  /** Where the system's message patterns travel: its Redis, prefix and secret. */
  patternConfig(): PatternTestConfig {
    const { REDIS_URL, REDIS_PREFIX, INTERNAL_JWT_SECRET } = this.env;
    return { REDIS_URL: REDIS_URL!, REDIS_PREFIX: REDIS_PREFIX!, INTERNAL_JWT_SECRET: INTERNAL_JWT_SECRET! };
  }

  /** A request through the gateway, from the app's own origin. */
  http(): ReturnType<typeof request.agent> {
    return request.agent(this.gatewayUrl).set('origin', this.env.PUBLIC_URL!);
  }

  /** A GraphQL call through the gateway on the admin screens' realm (the admin session). */
  adminGraphql(
    agent: ReturnType<typeof request.agent>,
    query: string,
    variables: Record<string, unknown> = {},
  ): ReturnType<ReturnType<typeof request.agent>['post']> {
    return agent.post('/graphql').set('x-domestique-realm', 'admin').send({ query, variables });
  }

  async stopWorker(name: ServiceName): Promise<void> {
    await this.workers.get(name)?.close();
    this.workers.delete(name);
  }

  async startWorker(name: ServiceName): Promise<void> {
    this.workers.set(name, await startTestWorker(DEFINITIONS[name], this.env));
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
    await this.gateway.stop();
    await this.apis.stop();
    for (const worker of this.workers.values()) await worker.close();
    await this.strava?.close();
  }
}
