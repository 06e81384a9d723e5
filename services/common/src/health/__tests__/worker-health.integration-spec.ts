import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Injectable, type INestApplicationContext } from '@nestjs/common';
import { DiscoveryModule, NestFactory } from '@nestjs/core';
import type { Server } from 'node:http';
import request from 'supertest';
import { baseEnvSchema, parseConfig } from '../../config/load-config.js';
import { ServiceCoreModule } from '../../core/service-core.module.js';
import { createLogger } from '../../logging/logger.js';
import { ProcessJob } from '../../queue/decorators.js';
import { JobQueue, QueueRegistry } from '../../queue/job-queue.js';
import { testEnv, uniqueSuffix } from '../../testing/index.js';
import { consumedQueues, workerHealthServer } from '../worker-health.server.js';

/**
 * A worker's health port (real PostgreSQL and Redis): the probes, and the depth of the queues its
 * providers consume on /metrics. Nothing consumes here, so an enqueued job stays waiting.
 */

@Injectable()
class AnalysisProcessor {
  @ProcessJob('ride-analysis.analyse')
  async analyse(): Promise<void> {}
}

describe('worker health port (real PostgreSQL and Redis)', () => {
  let context: INestApplicationContext;
  let server: Server;
  const config = parseConfig(
    'analysis-worker',
    baseEnvSchema,
    testEnv({ REDIS_PREFIX: `worker-health-${uniqueSuffix()}` }),
  );
  const logger = createLogger({ service: 'analysis-worker', level: 'silent' });

  beforeAll(async () => {
    context = await NestFactory.createApplicationContext(
      {
        module: class WorkerProbeTestApp {},
        imports: [
          ServiceCoreModule.forRoot({
            service: 'analysis',
            config,
            logger,
            database: { entities: [], migrations: [] },
          }),
          DiscoveryModule,
        ],
        providers: [AnalysisProcessor],
      },
      { logger: false, abortOnError: false },
    );
    await context.init();
    server = workerHealthServer(context);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await context.get(QueueRegistry).get('ride-analysis').obliterate({ force: true });
    await context.close();
  });

  it('finds the queues the worker consumes: its event queue and its job queues', () => {
    expect(consumedQueues(context)).toEqual(['events.analysis', 'ride-analysis']);
  });

  it('answers /livez, /readyz and /health with 200, anything else 404', async () => {
    expect((await request(server).get('/livez').expect(200)).body).toEqual({ status: 'ok' });
    expect((await request(server).get('/readyz').expect(200)).body).toEqual({
      status: 'ok',
      postgres: 'up',
      redis: 'up',
    });
    await request(server).get('/health').expect(200);
    await request(server).get('/elsewhere').expect(404);
  });

  it('reports the depth and failures of each consumed queue on /metrics', async () => {
    await context.get(JobQueue).enqueue('ride-analysis.analyse', {
      rideId: '00000000-0000-4000-8000-000000000001',
      userId: '00000000-0000-4000-8000-000000000002',
      tier: 'free',
    });
    const metrics = await request(server).get('/metrics').expect(200);
    expect(metrics.text).toContain('bullmq_queue_jobs{queue="ride-analysis",state="waiting"} 1');
    expect(metrics.text).toContain('bullmq_queue_jobs{queue="ride-analysis",state="failed"} 0');
    expect(metrics.text).toContain('bullmq_queue_jobs{queue="events.analysis",state="waiting"} 0');
    expect(metrics.text).toContain('process_resident_memory_bytes');
  });
});
