import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createLogger, parseConfig, startTracing, stopTracing } from '@domestique/common';
import { testEnv, uniqueSuffix } from '@domestique/common/testing';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { createGateway, type Gateway } from '../../app.js';
import { gatewayEnvSchema } from '../../config/env.schema.js';

/**
 * The real gateway (sessions on real Redis) proxying /api/* to a stand-in service that records the
 * headers it gets: with tracing on, each proxied call carries the gateway request span's W3C
 * `traceparent` (a trace the gateway started, whatever the browser sent); off, none.
 * (services/common's tracing.integration-spec follows such a trace through a service and a job.)
 */
const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-01$/;
const FOREIGN_TRACE = '11111111111111111111111111111111';

describe('REST proxy trace propagation (real gateway, real Redis)', () => {
  const seen: IncomingHttpHeaders[] = [];
  let upstream: Server;
  let gateway: Gateway;
  let env: Record<string, string | undefined>;

  beforeAll(async () => {
    upstream = createServer((req, res) => {
      seen.push(req.headers);
      res.writeHead(200, { 'content-type': 'application/json' }).end('[]');
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
    env = testEnv({
      REDIS_PREFIX: `trace-${uniqueSuffix()}`.toLowerCase(),
      ...Object.fromEntries(['AUTH', 'RIDES', 'ANALYSIS', 'BILLING', 'ADMIN'].map((s) => [`${s}_URL`, url])),
    });
  });

  afterAll(async () => {
    await gateway?.stop();
    await stopTracing();
    await new Promise((resolve) => upstream.close(resolve));
  });

  /** The headers the service got for one proxied GET. */
  const proxied = async (headers: Record<string, string> = {}): Promise<IncomingHttpHeaders> => {
    const before = seen.length;
    const answer = await request(gateway.app).get('/api/goals').set(headers);
    expect(answer.status).toBe(200);
    expect(seen).toHaveLength(before + 1);
    return seen[before]!;
  };

  it('sends no traceparent with tracing off (the default)', async () => {
    const config = parseConfig('gateway', gatewayEnvSchema, env);
    expect(startTracing('gateway', config)).toBe(false);
    gateway = createGateway(config, createLogger({ service: 'gateway', level: 'silent' }));
    const headers = await proxied({ traceparent: `00-${FOREIGN_TRACE}-2222222222222222-01` });
    expect(headers.traceparent).toBeUndefined();
    expect(headers.tracestate).toBeUndefined();
  });

  it('with tracing on, sends its own request span as the parent, one trace per request', async () => {
    const config = parseConfig('gateway', gatewayEnvSchema, {
      ...env,
      OTEL_TRACES_ENABLED: 'true',
      // nothing listens there: export failures are the SDK's to log, never the request's
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9',
    });
    expect(startTracing('gateway', config)).toBe(true);
    const first = TRACEPARENT.exec(String((await proxied()).traceparent));
    const second = TRACEPARENT.exec(
      String((await proxied({ traceparent: `00-${FOREIGN_TRACE}-2222222222222222-01` })).traceparent),
    );
    expect(first).not.toBeNull();
    expect(second).not.toBeNull();
    // a browser cannot choose the trace (or the parent) the gateway's spans join
    expect(second![1]).not.toBe(FOREIGN_TRACE);
    expect(second![2]).not.toBe('2222222222222222');
    expect(second![1]).not.toBe(first![1]);
  });
});
