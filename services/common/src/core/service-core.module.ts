import {
  Inject,
  Injectable,
  Module,
  type BeforeApplicationShutdown,
  type DynamicModule,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { ServiceName } from '@domestique/proto';
import { DataSource } from 'typeorm';
import { CONFIG, type BaseConfig } from '../config/load-config.js';
import { serviceDataSourceOptions, type ServiceDatabaseOptions } from '../database/data-source.js';
import { EventPublisher } from '../events/event-publisher.js';
import { OutboxRelay } from '../events/outbox-relay.js';
import { HealthController } from '../health/health.controller.js';
import { AllExceptionsFilter } from '../http/exception.filter.js';
import { AccessGuard } from '../identity/access.js';
import { LOGGER, type Logger } from '../logging/logger.js';
import { JobQueue, QueueRegistry } from '../queue/job-queue.js';
import { createRedis, type RedisClient } from '../redis/redis-connection.js';
import { PRODUCER_REDIS, SERVICE_NAME } from './tokens.js';

export interface ServiceCoreOptions {
  service: ServiceName;
  config: BaseConfig;
  logger: Logger;
  database: Omit<ServiceDatabaseOptions, 'url' | 'schema'>;
}

@Injectable()
class CoreLifecycle implements OnApplicationBootstrap, BeforeApplicationShutdown, OnApplicationShutdown {
  constructor(
    private readonly relay: OutboxRelay,
    private readonly publisher: EventPublisher,
    private readonly queues: QueueRegistry,
    @Inject(PRODUCER_REDIS) private readonly redis: RedisClient,
  ) {}

  onApplicationBootstrap(): void {
    this.relay.start(this.publisher);
  }

  /** Stop relaying before the database connection closes (onApplicationShutdown hooks). */
  async beforeApplicationShutdown(): Promise<void> {
    await this.relay.stop();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.queues.closeAll();
    this.redis.disconnect();
  }
}

/**
 * What every service process needs, wired once: config, logger, its database schema, the Redis
 * producer connection, typed job queue, event publisher + outbox relay, the access guard (deny by
 * default), the exception filter and GET /health.
 */
@Module({})
export class ServiceCoreModule {
  static forRoot(options: ServiceCoreOptions): DynamicModule {
    const { config, logger, service } = options;
    return {
      module: ServiceCoreModule,
      global: true,
      imports: [
        TypeOrmModule.forRoot({
          ...serviceDataSourceOptions({
            ...options.database,
            url: config.DATABASE_URL,
            schema: service,
            poolSize: config.DATABASE_POOL_MAX,
          }),
          retryAttempts: 30,
          retryDelay: 2000,
          toRetry: () => {
            logger.warn('PostgreSQL is not reachable yet; retrying');
            return true;
          },
        }),
      ],
      controllers: [HealthController],
      providers: [
        { provide: CONFIG, useValue: config },
        { provide: LOGGER, useValue: logger },
        { provide: SERVICE_NAME, useValue: service },
        { provide: PRODUCER_REDIS, useFactory: () => createRedis(config, 'producer') },
        {
          provide: QueueRegistry,
          useFactory: (redis: RedisClient) => new QueueRegistry(redis, config.REDIS_PREFIX),
          inject: [PRODUCER_REDIS],
        },
        {
          provide: JobQueue,
          useFactory: (queues: QueueRegistry) => new JobQueue(queues),
          inject: [QueueRegistry],
        },
        { provide: EventPublisher, useValue: new EventPublisher() },
        {
          provide: OutboxRelay,
          useFactory: (dataSource: DataSource, queues: QueueRegistry) =>
            new OutboxRelay(dataSource, queues, logger),
          inject: [DataSource, QueueRegistry],
        },
        { provide: APP_GUARD, useClass: AccessGuard },
        { provide: APP_FILTER, useValue: new AllExceptionsFilter(logger) },
        CoreLifecycle,
      ],
      exports: [
        CONFIG,
        LOGGER,
        SERVICE_NAME,
        PRODUCER_REDIS,
        QueueRegistry,
        JobQueue,
        EventPublisher,
        OutboxRelay,
      ],
    };
  }
}
