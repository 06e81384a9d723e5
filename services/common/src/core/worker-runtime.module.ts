import {
  Inject,
  Injectable,
  Module,
  type BeforeApplicationShutdown,
  type DynamicModule,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { DiscoveryModule, DiscoveryService, MetadataScanner } from '@nestjs/core';
import type { EventName, JobName, ServiceName } from '@domestique/proto';
import { DataSource } from 'typeorm';
import { CONFIG, type BaseConfig } from '../config/load-config.js';
import { DatabaseEventDeduper, EventConsumer, type EventHandler } from '../events/event-consumer.js';
import { LOGGER, type Logger } from '../logging/logger.js';
import { EVENT_HANDLER_METADATA, JOB_HANDLER_METADATA } from '../queue/decorators.js';
import { JobWorkers, type JobHandler, type QueueWorkerOptions } from '../queue/job-workers.js';
import { createRedis, type RedisClient } from '../redis/redis-connection.js';
import { SERVICE_NAME } from './tokens.js';

export interface WorkerRuntimeOptions {
  /** per-queue worker settings (concurrency, limiter, lock duration) */
  queues?: Record<string, QueueWorkerOptions>;
  eventConcurrency?: number;
}

const WORKER_RUNTIME_OPTIONS = Symbol.for('domestique.worker-runtime-options');

type Method = (...args: unknown[]) => Promise<unknown>;

/** Finds every @OnEvent / @ProcessJob method among the providers and runs their queues' workers. */
@Injectable()
export class WorkerRuntime
  implements OnApplicationBootstrap, BeforeApplicationShutdown, OnApplicationShutdown
{
  private connection: RedisClient | undefined;
  private consumer: EventConsumer | undefined;
  private jobs: JobWorkers | undefined;

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly dataSource: DataSource,
    @Inject(CONFIG) private readonly config: BaseConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(SERVICE_NAME) private readonly service: ServiceName,
    @Inject(WORKER_RUNTIME_OPTIONS) private readonly options: WorkerRuntimeOptions,
  ) {}

  onApplicationBootstrap(): void {
    this.connection = createRedis(this.config, 'worker');
    const consumer = new EventConsumer(
      this.service,
      this.connection,
      new DatabaseEventDeduper(this.dataSource),
      this.logger,
      this.config.REDIS_PREFIX,
    );
    const jobs = new JobWorkers(this.connection, this.logger, this.config.REDIS_PREFIX);
    for (const wrapper of this.discovery.getProviders()) {
      const instance = wrapper.instance as Record<string, unknown> | null | undefined;
      if (!instance || typeof instance !== 'object') continue;
      const prototype = Object.getPrototypeOf(instance) as object | null;
      if (!prototype) continue;
      for (const methodName of this.scanner.getAllMethodNames(prototype)) {
        const method = instance[methodName] as Method | undefined;
        if (typeof method !== 'function') continue;
        const eventName = Reflect.getMetadata(EVENT_HANDLER_METADATA, method) as EventName | undefined;
        if (eventName) consumer.on(eventName, method.bind(instance) as EventHandler<EventName>);
        const jobName = Reflect.getMetadata(JOB_HANDLER_METADATA, method) as JobName | undefined;
        if (jobName) jobs.on(jobName, method.bind(instance) as JobHandler<JobName>);
      }
    }
    consumer.start(this.options.eventConcurrency ?? 4);
    jobs.start(this.options.queues ?? {});
    this.consumer = consumer;
    this.jobs = jobs;
    this.logger.info({ service: this.service }, 'Worker consuming its queues');
  }

  /** Let in-flight jobs finish while the database is still open. */
  async beforeApplicationShutdown(): Promise<void> {
    await this.consumer?.close();
    await this.jobs?.close();
  }

  onApplicationShutdown(): void {
    this.connection?.disconnect();
  }
}

@Module({})
export class WorkerRuntimeModule {
  static forRoot(options: WorkerRuntimeOptions = {}): DynamicModule {
    return {
      module: WorkerRuntimeModule,
      imports: [DiscoveryModule],
      providers: [{ provide: WORKER_RUNTIME_OPTIONS, useValue: options }, WorkerRuntime],
    };
  }
}
