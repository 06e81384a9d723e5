import { Module, type DynamicModule, type Type } from '@nestjs/common';
import type { ServiceName } from '@domestique/proto';
import type { z } from 'zod';
import { loadConfig, type BaseConfig } from '../config/load-config.js';
import { ServiceCoreModule } from '../core/service-core.module.js';
import { WorkerRuntimeModule, type WorkerRuntimeOptions } from '../core/worker-runtime.module.js';
import type { ServiceDatabaseOptions } from '../database/data-source.js';
import { SubgraphModule } from '../graphql/subgraph.module.js';
import { createLogger, type Logger } from '../logging/logger.js';
import { PatternsModule } from '../messaging/patterns.module.js';
import { startApi, startWorker } from './bootstrap.js';

/**
 * Everything that makes one service: its name (= its schema), its configuration schema, its
 * database entities and migrations, its feature modules, and how its two processes listen.
 */
export interface ServiceDefinition<C extends BaseConfig> {
  name: ServiceName;
  envSchema: z.ZodType<C>;
  database: Omit<ServiceDatabaseOptions, 'url' | 'schema'>;
  features: (Type | DynamicModule)[];
  api: (config: C) => { host: string; port: number; rawBody?: boolean; bodyLimit?: string };
  worker: (config: C) => { host: string; healthPort: number } & WorkerRuntimeOptions;
}

export const defineService = <C extends BaseConfig>(definition: ServiceDefinition<C>): ServiceDefinition<C> =>
  definition;

@Module({})
class ServiceApiModule {}

@Module({})
class ServiceWorkerModule {}

/** The API process's root module: core kit, message patterns, GraphQL subgraph, features. */
export const apiModule = <C extends BaseConfig>(
  definition: ServiceDefinition<C>,
  config: C,
  logger: Logger,
): DynamicModule => ({
  module: ServiceApiModule,
  imports: [
    ServiceCoreModule.forRoot({ service: definition.name, config, logger, database: definition.database }),
    PatternsModule,
    SubgraphModule.forRoot(),
    ...definition.features,
  ],
});

/** The worker process's root module: core kit, queue consumers, message patterns, features. */
export const workerModule = <C extends BaseConfig>(
  definition: ServiceDefinition<C>,
  config: C,
  logger: Logger,
): DynamicModule => {
  const { queues, eventConcurrency } = definition.worker(config);
  return {
    module: ServiceWorkerModule,
    imports: [
      ServiceCoreModule.forRoot({ service: definition.name, config, logger, database: definition.database }),
      WorkerRuntimeModule.forRoot({ queues, eventConcurrency }),
      PatternsModule,
      ...definition.features,
    ],
  };
};

/** `main.ts` of every service. */
export const runApi = async <C extends BaseConfig>(definition: ServiceDefinition<C>): Promise<void> => {
  const config = loadConfig(definition.name, definition.envSchema);
  const logger = createLogger({ service: definition.name, level: config.LOG_LEVEL });
  await startApi(apiModule(definition, config, logger), {
    service: definition.name,
    config,
    logger,
    database: definition.database,
    ...definition.api(config),
  });
};

/** `worker.ts` of every service. */
export const runWorker = async <C extends BaseConfig>(definition: ServiceDefinition<C>): Promise<void> => {
  const config = loadConfig(`${definition.name}-worker`, definition.envSchema);
  const logger = createLogger({ service: `${definition.name}-worker`, level: config.LOG_LEVEL });
  const { host, healthPort } = definition.worker(config);
  await startWorker(workerModule(definition, config, logger), {
    service: definition.name,
    config,
    logger,
    database: definition.database,
    host,
    healthPort,
  });
};
