import 'reflect-metadata';
import type { DynamicModule, INestApplication, INestApplicationContext, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication, NestExpressBodyParserOptionsMap } from '@nestjs/platform-express';
import type { Server } from 'node:http';
import type { BaseConfig } from '../config/load-config.js';
import {
  createServiceDataSource,
  migrateSchema,
  type ServiceDatabaseOptions,
} from '../database/data-source.js';
import { internalIdentityMiddleware } from '../http/identity.middleware.js';
import { GraphqlArgumentsGuard, refuseInvalidText, verifyJsonBody } from '../http/json-guard.js';
import { NestPinoLogger, type Logger } from '../logging/logger.js';
import { PatternServer } from '../messaging/redis-transport.js';
import { workerHealthServer } from '../health/worker-health.server.js';
import { mountedRoutes } from '../metrics/http-metrics.js';
import { traceHttpRequests } from '../tracing/spans.js';
import { startTracing, stopTracing } from '../tracing/tracing.js';

export interface ApiBootstrapOptions {
  service: string;
  config: BaseConfig;
  database: Omit<ServiceDatabaseOptions, 'url' | 'schema'>;
  logger: Logger;
  port: number;
  host?: string;
  /** largest JSON body accepted; larger answers 413 */
  bodyLimit?: string;
  /** keep the raw body (for signature checks such as Stripe webhooks) */
  rawBody?: boolean;
}

/**
 * The services' only proxy is the gateway: it authenticates with the signed internal identity and
 * sets X-Forwarded-For to the one client address it believes (under its TRUST_PROXY). So a service
 * believes exactly that one hop; a caller without the identity is refused before any address is used.
 */
export const SERVICE_TRUST_PROXY = 1;

/**
 * Creates the API app (not listening yet): identity check, JSON parsing (refusing NUL, lone
 * surrogates and deep nesting before parsing), the same text check of path, query, form bodies and
 * GraphQL arguments, shutdown hooks. It is a hybrid app: its `@MessagePattern` handlers answer
 * other services on the Redis transport (started by `startPatterns`).
 */
export const createApiApp = async (
  module: Type | DynamicModule,
  options: ApiBootstrapOptions,
): Promise<NestExpressApplication> => {
  const app = await NestFactory.create<NestExpressApplication>(module, {
    logger: new NestPinoLogger(options.logger),
    bodyParser: false,
    // the JSON parser below keeps the raw body itself (Nest's option would replace its verify hook)
    rawBody: false,
    abortOnError: false,
  });
  app.disable('x-powered-by');
  app.set('trust proxy', SERVICE_TRUST_PROXY);
  // continues the gateway's trace (its traceparent header); a no-op unless tracing was started
  app.use(traceHttpRequests({ acceptParent: true, route: mountedRoutes(['/graphql']) }));
  app.use(internalIdentityMiddleware(options.config.INTERNAL_JWT_SECRET));
  // Nest's typing leaves `verify` out because its rawBody option would replace it; that option is
  // off above, so this hook runs (and keeps the raw body where asked).
  const json: NestExpressBodyParserOptionsMap['json'] = {
    limit: options.bodyLimit ?? '100kb',
    strict: true,
    verify: verifyJsonBody({ keepRawBody: options.rawBody ?? false }),
  };
  app.useBodyParser('json', json);
  app.useBodyParser('urlencoded', { limit: options.bodyLimit ?? '100kb', extended: false });
  app.use(refuseInvalidText());
  app.useGlobalGuards(new GraphqlArgumentsGuard());
  app.enableShutdownHooks();
  app.connectMicroservice(
    {
      strategy: new PatternServer({ redis: options.config, prefix: options.config.REDIS_PREFIX }),
    },
    { inheritAppConfig: false },
  );
  return app;
};

/** Starts answering message patterns (before the HTTP port opens: a listening API answers both). */
export const startPatterns = async (app: INestApplication): Promise<void> => {
  await app.startAllMicroservices();
};

/**
 * Applies a service's migrations with a short-lived connection, before anything else starts
 * (idempotent; replicas take turns through an advisory lock). Retries while PostgreSQL is away.
 */
export const runMigrations = async (
  options: {
    service: string;
    config: BaseConfig;
    database: Omit<ServiceDatabaseOptions, 'url' | 'schema'>;
    logger: Logger;
  },
  attempts = 30,
): Promise<string[]> => {
  for (let attempt = 1; ; attempt += 1) {
    const dataSource = createServiceDataSource({
      ...options.database,
      url: options.config.DATABASE_URL,
      schema: options.service,
      poolSize: 3,
    });
    try {
      await dataSource.initialize();
      const applied = await migrateSchema(dataSource, options.service);
      if (applied.length > 0) options.logger.info({ applied }, 'Migrations applied');
      return applied;
    } catch (error) {
      if (attempt >= attempts) throw error;
      options.logger.warn({ err: error, attempt }, 'Migrations could not run yet; retrying');
      await new Promise((resolve) => setTimeout(resolve, 2000));
    } finally {
      if (dataSource.isInitialized) await dataSource.destroy();
    }
  }
};

/**
 * Starts tracing when configured (OTEL_TRACES_ENABLED) and exports the last spans on SIGTERM/SIGINT,
 * alongside Nest's own shutdown hooks (which end the process).
 */
const traceProcess = (name: string, config: BaseConfig): void => {
  if (!startTracing(name, config)) return;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => void stopTracing());
};

/** API process entry: migrate, then listen. */
export const startApi = async (
  module: Type | DynamicModule,
  options: ApiBootstrapOptions,
): Promise<INestApplication> => {
  traceProcess(options.service, options.config);
  await runMigrations(options);
  const app = await createApiApp(module, options);
  // Longer than the gateway's idle keep-alive sockets, so a reused socket is never closed under a request.
  const server = app.getHttpServer() as Server;
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  await startPatterns(app);
  await app.listen(options.port, options.host ?? '127.0.0.1');
  options.logger.info({ port: options.port }, `${options.service} API listening`);
  return app;
};

export interface WorkerBootstrapOptions {
  service: string;
  config: BaseConfig;
  database: Omit<ServiceDatabaseOptions, 'url' | 'schema'>;
  logger: Logger;
  /** optional port for a GET /health endpoint (container health checks) */
  healthPort?: number;
  host?: string;
}

/** Worker process entry: migrate, then consume queues (the WorkerRuntimeModule starts on bootstrap). */
export const startWorker = async (
  module: Type | DynamicModule,
  options: WorkerBootstrapOptions,
): Promise<INestApplicationContext> => {
  traceProcess(`${options.service}-worker`, options.config);
  await runMigrations(options);
  const app = await NestFactory.createApplicationContext(module, {
    logger: new NestPinoLogger(options.logger),
    abortOnError: false,
  });
  app.enableShutdownHooks();
  if (options.healthPort !== undefined) {
    const server = workerHealthServer(app);
    server.listen(options.healthPort, options.host ?? '127.0.0.1');
    process.once('SIGTERM', () => server.close());
    process.once('SIGINT', () => server.close());
  }
  options.logger.info(`${options.service} worker started`);
  return app;
};
