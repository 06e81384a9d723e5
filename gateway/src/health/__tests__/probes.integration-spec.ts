import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createLogger } from '@domestique/common';
import { testEnv } from '@domestique/common/testing';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { freePort } from '../../../../infra/dev/ports.mjs';
import { createGateway, type Gateway } from '../../app.js';
import { gatewayEnvSchema } from '../../config/env.schema.js';

/**
 * The gateway's probes and metrics (real Redis) with every service down: it stays ready (a failing
 * upstream is reported, not fatal), it is not ready without its own Redis, and /metrics is its own
 * Prometheus text behind METRICS_TOKEN, never the web app.
 */

const METRICS_TOKEN = 'gateway-metrics-token-0123456789';
const web = mkdtempSync(join(tmpdir(), 'gw-probes-'));
writeFileSync(join(web, 'index.html'), '<!doctype html><div id="root"></div>');

const gatewayWith = async (overrides: Record<string, string>): Promise<Gateway> => {
  const down = `http://127.0.0.1:${await freePort()}`;
  const config = gatewayEnvSchema.parse({
    ...testEnv(),
    WEB_DIST: web,
    ...Object.fromEntries(
      ['AUTH_URL', 'RIDES_URL', 'ANALYSIS_URL', 'BILLING_URL', 'ADMIN_URL'].map((key) => [key, down]),
    ),
    ...overrides,
  });
  return createGateway(config, createLogger({ service: 'gateway', level: 'silent' }));
};

afterAll(() => rmSync(web, { recursive: true, force: true }));

describe('gateway probes with every service down (real Redis)', () => {
  let gateway: Gateway;
  beforeAll(async () => {
    gateway = await gatewayWith({ METRICS_TOKEN });
  });
  afterAll(() => gateway.stop());

  it('is alive and ready, reporting the services that are down and the graph not composed', async () => {
    expect((await request(gateway.app).get('/livez').expect(200)).body).toEqual({ status: 'ok' });
    const ready = await request(gateway.app).get('/readyz').expect(200);
    expect(ready.body).toEqual({
      status: 'ok',
      redis: 'up',
      graph: 'composing',
      upstreams: { auth: 'down', rides: 'down', analysis: 'down', billing: 'down', admin: 'down' },
    });
    // /health keeps its all-or-nothing meaning (npm run up, the first-run check)
    await request(gateway.app).get('/health').expect(503);
  });

  it('answers /metrics only to the METRICS_TOKEN bearer, never with the web app', async () => {
    for (const answer of [
      await request(gateway.app).get('/metrics'),
      await request(gateway.app).get('/metrics').set('authorization', 'Bearer not-the-token-0123456789ab'),
    ]) {
      expect(answer.status).toBe(401);
      expect(answer.text).not.toContain('<div id="root">');
    }
    const metrics = await request(gateway.app)
      .get('/metrics')
      .set('authorization', `Bearer ${METRICS_TOKEN}`)
      .expect(200);
    expect(metrics.headers['content-type']).toContain('text/plain');
    expect(metrics.text).toContain('process_cpu_user_seconds_total');
  });

  it('times requests by route template and GraphQL operations by name', async () => {
    await request(gateway.app).get('/api/rides/ride-id-4711').expect(503);
    await request(gateway.app).get('/dashboard/some-page').expect(200);
    await request(gateway.app)
      .post('/graphql')
      .set('content-type', 'application/json')
      .set('origin', 'http://localhost:3000')
      .send({ operationName: 'DashboardSummary', query: 'query DashboardSummary { __typename }' })
      .expect(503);
    const { text } = await request(gateway.app)
      .get('/metrics')
      .set('authorization', `Bearer ${METRICS_TOKEN}`)
      .expect(200);
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/rides\/\*",status="503"\} [1-9]/,
    );
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="web",status="200"\} [1-9]/,
    );
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/livez",status="200"\} [1-9]/,
    );
    expect(text).toMatch(
      /graphql_operation_duration_seconds_count\{operation="DashboardSummary",status="503"\} [1-9]/,
    );
    expect(text).not.toContain('ride-id-4711');
  });
});

describe('gateway probes without METRICS_TOKEN or without its Redis', () => {
  it('does not serve /metrics at all without METRICS_TOKEN (404, not the web app)', async () => {
    const gateway = await gatewayWith({});
    try {
      const answer = await request(gateway.app).get('/metrics').expect(404);
      expect(answer.text).not.toContain('<div id="root">');
    } finally {
      await gateway.stop();
    }
  });

  it('is not ready when its own Redis refuses connections, and still alive', async () => {
    const gateway = await gatewayWith({ REDIS_URL: `redis://127.0.0.1:${await freePort()}` });
    try {
      const ready = await request(gateway.app).get('/readyz').expect(503);
      expect(ready.body).toMatchObject({ status: 'unavailable', redis: 'down' });
      await request(gateway.app).get('/livez').expect(200);
    } finally {
      await gateway.stop();
    }
  });
});
