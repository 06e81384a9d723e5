import type { INestApplicationContext } from '@nestjs/common';
import { DiscoveryService, MetadataScanner } from '@nestjs/core';
import { eventQueueName, eventsFor, Jobs, type JobName, type ServiceName } from '@domestique/proto';
import type { RedisClient } from '../redis/redis-connection.js';
import { createServer, type Server } from 'node:http';
import { DataSource } from 'typeorm';
import { CONFIG, type BaseConfig } from '../config/load-config.js';
import { PRODUCER_REDIS, SERVICE_NAME } from '../core/tokens.js';
import { reportQueues } from '../metrics/queue-metrics.js';
import { QueueRegistry } from '../queue/job-queue.js';
import { JOB_HANDLER_METADATA } from '../queue/decorators.js';
import { answerProbe, internalMetricsAccess, readinessAnswer } from './probes.js';

/** The queues a worker consumes: its event queue, and the queue of every job one of its providers processes. */
export const consumedQueues = (app: INestApplicationContext): string[] => {
  const service = app.get<ServiceName>(SERVICE_NAME);
  const queues = new Set<string>(eventsFor(service).length > 0 ? [eventQueueName(service)] : []);
  const scanner = new MetadataScanner();
  for (const wrapper of app.get(DiscoveryService, { strict: false }).getProviders()) {
    const instance = wrapper.instance as Record<string, unknown> | null | undefined;
    const prototype = instance && typeof instance === 'object' ? Object.getPrototypeOf(instance) : null;
    if (!prototype) continue;
    for (const methodName of scanner.getAllMethodNames(prototype as object)) {
      const method = instance![methodName];
      const job =
        typeof method === 'function' ? Reflect.getMetadata(JOB_HANDLER_METADATA, method) : undefined;
      if (job) queues.add(Jobs[job as JobName].queue);
    }
  }
  return [...queues].sort();
};

/**
 * A worker's health port: GET /health (as before), /livez, /readyz (its own PostgreSQL and Redis) and
 * /metrics (process metrics, and the depth and failures of each queue it consumes).
 */
export const workerHealthServer = (app: INestApplicationContext): Server => {
  const dataSource = app.get(DataSource);
  const redis = app.get<RedisClient>(PRODUCER_REDIS);
  const config = app.get<BaseConfig>(CONFIG);
  const registry = app.get(QueueRegistry);
  // resolved once the module is up, so the scan sees every provider
  const names = consumedQueues(app);
  const stopReporting = reportQueues(() => names.map((name) => registry.get(name)));
  const deps = { dataSource, redis, metrics: internalMetricsAccess(config.METRICS_TOKEN) };
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://worker').pathname;
    const answer =
      // /health keeps its meaning (the compose health check): the same as /readyz for a worker
      path === '/health' && req.method === 'GET'
        ? readinessAnswer(dataSource, redis)
        : answerProbe(req.method, path, req.headers.authorization, deps);
    void answer.then(
      (found) => {
        if (!found) res.writeHead(404).end();
        else res.writeHead(found.status, { 'content-type': found.contentType }).end(found.body);
      },
      () => res.writeHead(500).end(),
    );
  });
  server.once('close', stopReporting);
  return server;
};
