import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Controller, Inject, Module, Param, Post } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Job } from 'bullmq';
import express from 'express';
import type { Redis } from 'ioredis';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApiApp } from '../../bootstrap/bootstrap.js';
import { baseEnvSchema, parseConfig } from '../../config/load-config.js';
import { createLogger } from '../../logging/logger.js';
import { JobQueue, QueueRegistry } from '../../queue/job-queue.js';
import { JobWorkers } from '../../queue/job-workers.js';
import { createProducerRedis, createWorkerRedis } from '../../queue/redis.js';
import { eventually, identityHeaders, testEnv, uniqueSuffix } from '../../testing/index.js';
import { traceHttpRequests, withClientSpan } from '../spans.js';
import { traceHeaders } from '../trace-context.js';
import { startTracing, stopTracing, tracingActive } from '../tracing.js';

/**
 * One trace across the hops of a request, with the real exporter: a gateway-like edge (the kit's
 * request span and traceparent headers), a service API built by createApiApp (its tracing
 * middleware), a job enqueued through JobQueue on real Redis and run by JobWorkers, and a provider
 * call in the job. The spans are read from a local OTLP/HTTP receiver, as a collector would get them.
 */
const JOB = 'ride-analysis.analyse';
const USER = '00000000-0000-4000-8000-000000000002';
const ride = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** OTLP's JSON span, the fields we look at. */
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: { key: string; value: Record<string, unknown> }[];
}
const KIND = { server: 2, client: 3, producer: 4, consumer: 5 } as const;

/** A collector stand-in: records every span posted to /v1/traces. */
const otlpReceiver = async () => {
  const spans: OtlpSpan[] = [];
  const paths: string[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      paths.push(req.url ?? '');
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        resourceSpans: { scopeSpans: { spans: OtlpSpan[] }[] }[];
      };
      for (const resource of body.resourceSpans)
        for (const scope of resource.scopeSpans) spans.push(...scope.spans);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    spans,
    paths,
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

const JOBS = Symbol('jobs');

@Controller('analyses')
class AnalysesController {
  constructor(@Inject(JOBS) private readonly jobs: JobQueue) {}

  @Post(':rideId')
  async analyse(@Param('rideId') rideId: string) {
    const job = await this.jobs.enqueue(JOB, { rideId, userId: USER, tier: 'free' });
    return { jobId: job.id };
  }
}

const listen = async (server: Server): Promise<string> => {
  if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

describe('OpenTelemetry traces: gateway -> service -> job -> provider call (real Redis, OTLP)', () => {
  const prefix = `tracing-${uniqueSuffix()}`;
  const url = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  const logger = createLogger({ service: 'tracing-test', level: 'silent' });
  let producer: Redis;
  let consumer: Redis;
  let registry: QueueRegistry;
  let workers: JobWorkers;
  let service: NestExpressApplication;
  let gateway: Server;
  let gatewayUrl: string;
  let receiver: Awaited<ReturnType<typeof otlpReceiver>>;
  /** each run job's raw data, by ride id */
  const ran = new Map<string, Record<string, unknown>>();

  beforeAll(async () => {
    receiver = await otlpReceiver();
    producer = createProducerRedis(url);
    consumer = createWorkerRedis(url);
    registry = new QueueRegistry(producer, prefix);
    const jobs = new JobQueue(registry);
    workers = new JobWorkers(consumer, logger, prefix);
    workers
      .on(JOB, async ({ rideId }, job: Job) => {
        // the provider call a job makes (the LLM, Strava): a client span under the job's span
        await withClientSpan('openai chat.completions', { 'peer.service': 'openai' }, async () => undefined);
        ran.set(rideId, job.data as Record<string, unknown>);
      })
      .start();

    @Module({ controllers: [AnalysesController], providers: [{ provide: JOBS, useValue: jobs }] })
    class AnalysesModule {}
    const config = parseConfig('tracing-test', baseEnvSchema, testEnv());
    service = await createApiApp(AnalysesModule, {
      service: 'tracing-test',
      config,
      logger,
      database: { entities: [], migrations: [] },
      port: 0,
    });
    await service.listen(0, '127.0.0.1');
    const serviceUrl = await service.getUrl();

    // the edge: the gateway's own middleware and header helper, forwarding as its REST proxy does
    const edge = express();
    edge.use(traceHttpRequests({ acceptParent: false }));
    edge.post('/api/analyses/:rideId', async (req, res) => {
      const answer = await fetch(
        `${serviceUrl.replace('[::1]', '127.0.0.1')}/analyses/${req.params.rideId}`,
        {
          method: 'POST',
          headers: { ...(await identityHeaders({ role: 'anonymous' })), ...traceHeaders() },
        },
      );
      res.status(answer.status).json(await answer.json());
    });
    gateway = createServer(edge);
    gatewayUrl = await listen(gateway);
  });

  afterAll(async () => {
    await stopTracing();
    await workers.close();
    await service.close();
    await new Promise((resolve) => gateway.close(resolve));
    await registry.get('ride-analysis').obliterate({ force: true });
    await registry.closeAll();
    producer.disconnect();
    consumer.disconnect();
    await receiver.close();
  });

  /** One request through the edge, waiting until its job has run; the job's raw data. */
  const analyse = async (rideId: string, headers: Record<string, string> = {}) => {
    const answer = await fetch(`${gatewayUrl}/api/analyses/${rideId}`, { method: 'POST', headers });
    expect(answer.status).toBe(201);
    return eventually(async () => ran.get(rideId), 15_000);
  };

  it('off by default: nothing is traced or exported, and job data carries no trace', async () => {
    const config = parseConfig('tracing-test', baseEnvSchema, testEnv());
    expect(config.OTEL_TRACES_ENABLED).toBe(false);
    expect(startTracing('tracing-test', config)).toBe(false);
    expect(tracingActive()).toBe(false);
    const data = await analyse(ride(1));
    expect(data).not.toHaveProperty('trace');
    expect(data).toMatchObject({ rideId: ride(1), v: expect.any(Number) });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receiver.paths).toEqual([]);
  });

  it('on: one trace from the edge through the service and the job to the provider call', async () => {
    const config = parseConfig(
      'tracing-test',
      baseEnvSchema,
      testEnv({ OTEL_TRACES_ENABLED: 'true', OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint }),
    );
    expect(startTracing('tracing-test', config)).toBe(true);
    // a browser's traceparent is not believed at the edge: the trace starts there
    const foreign = '00-11111111111111111111111111111111-2222222222222222-01';
    const data = await analyse(ride(2), { traceparent: foreign });
    expect(data.trace).toEqual({ traceparent: expect.stringMatching(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/) });
    // shutting down exports the batch (BatchSpanProcessor) over OTLP/HTTP
    await stopTracing();
    expect(receiver.paths).toContain('/v1/traces');

    const { spans } = receiver;
    const one = (kind: number, name: RegExp) => {
      const found = spans.filter((span) => span.kind === kind && name.test(span.name));
      expect(found).toHaveLength(1);
      return found[0]!;
    };
    const edge = one(KIND.server, /^POST \/api\/analyses\/:rideId$/);
    const api = one(KIND.server, /^POST \/analyses\/:rideId$/);
    const send = one(KIND.producer, new RegExp(`^send ${JOB}$`));
    const run = one(KIND.consumer, new RegExp(`^process ${JOB}$`));
    const call = one(KIND.client, /^openai /);

    expect(new Set([edge, api, send, run, call].map((span) => span.traceId))).toEqual(
      new Set([edge.traceId]),
    );
    expect(edge.traceId).not.toBe('11111111111111111111111111111111');
    expect(edge.parentSpanId ?? '').toBe('');
    expect(api.parentSpanId).toBe(edge.spanId);
    expect(send.parentSpanId).toBe(api.spanId);
    expect(run.parentSpanId).toBe(send.spanId);
    expect(call.parentSpanId).toBe(run.spanId);
    // the job carried the producer span's context
    expect(data.trace).toEqual({ traceparent: `00-${run.traceId}-${send.spanId}-01` });
    const attribute = (span: OtlpSpan, key: string) => span.attributes.find((a) => a.key === key)?.value;
    expect(attribute(run, 'messaging.destination.name')).toEqual({ stringValue: 'ride-analysis' });
    expect(attribute(api, 'http.response.status_code')).toEqual({ intValue: 201 });
  });
});
