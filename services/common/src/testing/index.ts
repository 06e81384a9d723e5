import type { Identity } from '@domestique/proto';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { signIdentity } from '../identity/internal-token.js';
import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { parseConfig, type BaseConfig } from '../config/load-config.js';
import { createApiApp, runMigrations, startPatterns } from '../bootstrap/bootstrap.js';
import { apiModule, workerModule, type ServiceDefinition } from '../bootstrap/service-definition.js';
import { createLogger, NestPinoLogger } from '../logging/logger.js';
import type { PatternTestConfig } from './patterns.js';

/** The internal secret used by test processes (never used outside tests). */
export const TEST_INTERNAL_SECRET = 'test-internal-secret-0123456789-abcdefghijklmnop';

export const ADMIN_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

const withClient = async <T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
};

/** A fresh, empty database for one test run; `drop()` removes it (and ends its connections). */
export const createTestDatabase = async (
  adminUrl = ADMIN_DATABASE_URL,
  prefix = 'domestique_test',
): Promise<TestDatabase> => {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  await withClient(adminUrl, (client) => client.query(`CREATE DATABASE "${name}"`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () =>
      withClient(adminUrl, async (client) => {
        await client.query(
          'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
          [name],
        );
        await client.query(`DROP DATABASE IF EXISTS "${name}"`);
      }),
  };
};

/** Drops test databases older than a day that crashed runs left behind. */
export const dropStaleTestDatabases = (
  adminUrl = ADMIN_DATABASE_URL,
  prefix = 'domestique_test',
): Promise<void> =>
  withClient(adminUrl, async (client) => {
    const { rows } = await client.query<{ datname: string }>(
      'SELECT datname FROM pg_database WHERE datname LIKE $1',
      [`${prefix}_%`],
    );
    const dayAgo = Date.now() - 24 * 3600 * 1000;
    for (const { datname } of rows) {
      const stamp = parseInt(datname.slice(prefix.length + 1).split('_')[0] ?? '', 36);
      if (Number.isFinite(stamp) && stamp < dayAgo)
        await client.query(`DROP DATABASE IF EXISTS "${datname}"`);
    }
  });

/** The header a test sends to call a service directly, as the gateway would. */
export const identityHeaders = async (
  identity: Identity,
  secret = TEST_INTERNAL_SECRET,
): Promise<Record<string, string>> => ({
  'x-domestique-identity': await signIdentity(identity, secret),
});

/** A Redis key prefix unique to this run, so parallel runs never share queues. */
export const uniqueSuffix = (): string => `${process.pid}-${randomBytes(3).toString('hex')}`;

// ---------------------------------------------------------------------------------------------
// Running a service inside a test process, against the run's database and Redis prefix
// (set by infra/dev/jest/integration-setup.mjs).

export type EnvOverrides = Record<string, string | undefined>;

/** The environment of a service under test: the run's database, Redis prefix and test secret. */
export const testEnv = (overrides: EnvOverrides = {}): Record<string, string | undefined> => {
  const databaseUrl = process.env.TEST_DATABASE_URL;
  if (!databaseUrl)
    throw new Error(
      'TEST_DATABASE_URL is not set: run integration tests through jest --selectProjects integration',
    );
  return {
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATABASE_URL: databaseUrl,
    REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
    REDIS_PREFIX: process.env.TEST_REDIS_PREFIX ?? 'test',
    INTERNAL_JWT_SECRET: TEST_INTERNAL_SECRET,
    ...overrides,
  };
};

/** The Redis, prefix and secret of the run's services (where a test's message patterns travel). */
export const testPatternConfig = (overrides: EnvOverrides = {}): PatternTestConfig => {
  const { REDIS_URL, REDIS_PREFIX, INTERNAL_JWT_SECRET } = testEnv(overrides);
  return { REDIS_URL: REDIS_URL!, REDIS_PREFIX: REDIS_PREFIX!, INTERNAL_JWT_SECRET: INTERNAL_JWT_SECRET! };
};

export interface TestApi<C> {
  app: INestApplication;
  config: C;
  close(): Promise<void>;
}

/**
 * A service's API process in this test process (migrated, initialised, answering its message
 * patterns on the run's Redis prefix; not listening on HTTP: use supertest).
 */
export const startTestApi = async <C extends BaseConfig>(
  definition: ServiceDefinition<C>,
  overrides: EnvOverrides = {},
): Promise<TestApi<C>> => {
  const config = parseConfig(definition.name, definition.envSchema, testEnv(overrides));
  const logger = createLogger({ service: definition.name, level: config.LOG_LEVEL });
  await runMigrations({ service: definition.name, config, database: definition.database, logger });
  const { rawBody, bodyLimit } = definition.api(config);
  const app = await createApiApp(apiModule(definition, config, logger), {
    service: definition.name,
    config,
    logger,
    database: definition.database,
    port: 0,
    rawBody,
    bodyLimit,
  });
  await app.init();
  await startPatterns(app);
  return { app, config, close: () => app.close() };
};

export interface TestWorker<C> {
  context: INestApplicationContext;
  config: C;
  close(): Promise<void>;
}

/** A service's worker process in this test process: it consumes its queues until closed. */
export const startTestWorker = async <C extends BaseConfig>(
  definition: ServiceDefinition<C>,
  overrides: EnvOverrides = {},
): Promise<TestWorker<C>> => {
  const config = parseConfig(definition.name, definition.envSchema, testEnv(overrides));
  const logger = createLogger({ service: `${definition.name}-worker`, level: config.LOG_LEVEL });
  await runMigrations({ service: definition.name, config, database: definition.database, logger });
  const context = await NestFactory.createApplicationContext(workerModule(definition, config, logger), {
    logger: new NestPinoLogger(logger),
    abortOnError: false,
  });
  return { context, config, close: () => context.close() };
};

/** Polls until `check` returns a truthy value (or fails after `timeoutMs`). */
export const eventually = async <T>(
  check: () => Promise<T | undefined | null | false>,
  timeoutMs = 10_000,
  intervalMs = 100,
): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline)
      throw new Error(`Condition not met within ${timeoutMs} ms${last ? `: ${String(last)}` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
};

export * from './patterns.js';
