import {
  eventually,
  startTestWorker,
  testEnv,
  uniqueSuffix,
  type TestWorker,
} from '@domestique/common/testing';
import { createLogger, parseConfig, type BaseConfig, type ServiceDefinition } from '@domestique/common';
import type { ServiceName } from '@domestique/proto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { stackProcesses, startStack, withFreePorts, type Stack } from '../../../../../infra/dev/stack.mjs';
// The whole system: the services' APIs as processes (their built dist, one GraphQL schema each),
// every worker in this process (startTestWorker, so one can be stopped and started again), and the
// real gateway in front of them.
import { createGateway, type Gateway } from '../../../../../gateway/src/app.js';
import { gatewayEnvSchema } from '../../../../../gateway/src/config/env.schema.js';
import { analysisService } from '../../../../analysis/src/service.js';
import { authService } from '../../../../auth/src/service.js';
import { FAST_HASHING, GENEROUS_LIMITS } from '../../../../auth/src/test/auth-test-kit.js';
import { billingService } from '../../../../billing/src/service.js';
import { ridesService } from '../../../../rides/src/service.js';
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
  ) {}

  static async start(): Promise<AdminSystem> {
    const base = testEnv({
      ...FAST_HASHING,
      ...GENEROUS_LIMITS,
      ADMIN_USERNAME: ADMIN_CREDENTIALS.username,
      ADMIN_PASSWORD: ADMIN_CREDENTIALS.password,
      STRAVA_PUSH_SUBSCRIPTION: 'false',
      REDIS_PREFIX: `${testEnv().REDIS_PREFIX}-${uniqueSuffix()}`.slice(0, 40).toLowerCase(),
    });
    const env = await withFreePorts(
      Object.fromEntries(
        Object.entries(base).filter((entry): entry is [string, string] => entry[1] !== undefined),
      ),
    );
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
    return new AdminSystem(env, apis, workers, gateway, server, gatewayUrl, db);
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
  }
}
