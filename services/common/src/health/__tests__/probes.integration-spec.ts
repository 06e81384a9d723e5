import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Controller, Get, Module, Param, type INestApplication } from '@nestjs/common';
import express from 'express';
import type { Redis } from 'ioredis';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { freePort } from '../../../../../infra/dev/ports.mjs';
import { createApiApp } from '../../bootstrap/bootstrap.js';
import { baseEnvSchema, parseConfig } from '../../config/load-config.js';
import { ServiceCoreModule } from '../../core/service-core.module.js';
import { PRODUCER_REDIS } from '../../core/tokens.js';
import { createServiceDataSource } from '../../database/data-source.js';
import { Access } from '../../identity/access.js';
import { createLogger } from '../../logging/logger.js';
import { createProducerRedis } from '../../queue/redis.js';
import { identityHeaders, testEnv } from '../../testing/index.js';
import { serviceObservability } from '../health.controller.js';

/**
 * A service API's probes and metrics against the real PostgreSQL and Redis, and its readiness when
 * its own PostgreSQL or Redis refuses connections (a port nothing listens on).
 */

@Controller('things')
class ThingsController {
  @Get(':id')
  @Access('public')
  one(@Param('id') id: string) {
    return { id };
  }
}

@Module({ controllers: [ThingsController] })
class ThingsModule {}

const database = { entities: [], migrations: [] };

describe('service API probes (real PostgreSQL and Redis)', () => {
  let app: INestApplication;
  const config = parseConfig('admin', baseEnvSchema, testEnv({ DATABASE_POOL_MAX: '4' }));
  const logger = createLogger({ service: 'admin', level: 'silent' });

  beforeAll(async () => {
    app = await createApiApp(
      {
        module: class ProbeTestApp {},
        imports: [ServiceCoreModule.forRoot({ service: 'admin', config, logger, database }), ThingsModule],
      },
      { service: 'admin', config, logger, database, port: 0 },
    );
    await app.init();
  });
  afterAll(async () => {
    await app.close();
  });

  it('answers /livez and /readyz with 200 while its PostgreSQL and Redis answer, without an identity', async () => {
    const live = await request(app.getHttpServer()).get('/livez').expect(200);
    expect(live.body).toEqual({ status: 'ok' });
    const ready = await request(app.getHttpServer()).get('/readyz').expect(200);
    expect(ready.body).toEqual({ status: 'ok', postgres: 'up', redis: 'up' });
    // /health keeps its meaning
    await request(app.getHttpServer()).get('/health').expect(200);
  });

  it('opens its pool with DATABASE_POOL_MAX connections at most', () => {
    const options = app.get(DataSource).options as { extra?: { max?: number } };
    expect(options.extra?.max).toBe(4);
  });

  it('times requests by route template and status, never the raw path', async () => {
    const gateway = await identityHeaders({ role: 'anonymous' });
    await request(app.getHttpServer()).get('/things/id-4711').set(gateway).expect(200);
    await request(app.getHttpServer()).get('/no/such/path/id-4712').expect(401);
    const metrics = await request(app.getHttpServer()).get('/metrics').expect(200);
    expect(metrics.headers['content-type']).toContain('text/plain');
    expect(metrics.text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/things\/:id",status="200"\} [1-9]/,
    );
    expect(metrics.text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="unmatched",status="401"\} [1-9]/,
    );
    expect(metrics.text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/readyz",status="200"\} [1-9]/,
    );
    expect(metrics.text).not.toMatch(/id-471[12]/);
    // process metrics, event-loop lag among them
    expect(metrics.text).toContain('process_cpu_user_seconds_total');
    expect(metrics.text).toContain('nodejs_eventloop_lag_seconds');
  });

  it('asks for the bearer when METRICS_TOKEN is configured', async () => {
    const token = 'metrics-token-0123456789';
    const guarded = express().use(
      serviceObservability({
        dataSource: app.get(DataSource),
        redis: app.get<Redis>(PRODUCER_REDIS),
        metrics: { token },
      }),
    );
    await request(guarded).get('/metrics').expect(401);
    await request(guarded).get('/metrics').set('authorization', 'Bearer wrong-token-0123456789').expect(401);
    const answer = await request(guarded).get('/metrics').set('authorization', `Bearer ${token}`).expect(200);
    expect(answer.text).toContain('http_request_duration_seconds_bucket');
  });

  it('answers /readyz 503 when its PostgreSQL refuses connections, while /livez stays 200', async () => {
    const dead = createServiceDataSource({
      ...database,
      url: `postgres://postgres@127.0.0.1:${await freePort()}/postgres`,
      schema: 'admin',
    });
    await expect(dead.initialize()).rejects.toThrow();
    const probes = express().use(
      serviceObservability({ dataSource: dead, redis: app.get<Redis>(PRODUCER_REDIS), metrics: 'open' }),
    );
    const ready = await request(probes).get('/readyz').expect(503);
    expect(ready.body).toEqual({ status: 'unavailable', postgres: 'down', redis: 'up' });
    await request(probes).get('/livez').expect(200);
  });

  it('answers /readyz 503 when its Redis refuses connections', async () => {
    const deadRedis = createProducerRedis(`redis://127.0.0.1:${await freePort()}`);
    deadRedis.on('error', () => undefined);
    try {
      const probes = express().use(
        serviceObservability({ dataSource: app.get(DataSource), redis: deadRedis, metrics: 'open' }),
      );
      const ready = await request(probes).get('/readyz').expect(503);
      expect(ready.body).toEqual({ status: 'unavailable', postgres: 'up', redis: 'down' });
      await request(probes).get('/livez').expect(200);
    } finally {
      deadRedis.disconnect();
    }
  });
});
