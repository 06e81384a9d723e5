import {
  context,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Context,
  type Span,
} from '@opentelemetry/api';
import type { NextFunction, Request, Response } from 'express';
import type { RouteNamer } from '../metrics/http-metrics.js';
import { contextOfCarrier, contextOfHeaders } from './trace-context.js';
import { tracingActive } from './tracing.js';

/** The one instrumentation scope of our own seams. */
const tracer = () => trace.getTracer('domestique');

const recordFailure = (span: Span, error: unknown): void => {
  if (error instanceof Error) span.recordException(error);
  span.setStatus({
    code: SpanStatusCode.ERROR,
    message: error instanceof Error ? error.message : String(error),
  });
};

/**
 * Runs `fn` in a new span made active for everything it awaits, ended with `fn`'s outcome (an error
 * is recorded and rethrown unchanged). With tracing off it is a plain call.
 */
export const inSpan = <T>(
  name: string,
  options: { kind: SpanKind; attributes?: Attributes; parent?: Context },
  fn: () => Promise<T>,
): Promise<T> => {
  if (!tracingActive()) return fn();
  const parent = options.parent ?? context.active();
  return tracer().startActiveSpan(
    name,
    { kind: options.kind, ...(options.attributes ? { attributes: options.attributes } : {}) },
    parent,
    async (span) => {
      try {
        return await fn();
      } catch (error) {
        recordFailure(span, error);
        throw error;
      } finally {
        span.end();
      }
    },
  );
};

/**
 * A call to a third party (Strava, Stripe, the LLM) as a client span: `name` is a fixed operation
 * name (`strava GET /athlete/activities`), never an id; attributes name the provider and operation.
 */
export const withClientSpan = <T>(name: string, attributes: Attributes, fn: () => Promise<T>): Promise<T> =>
  inSpan(name, { kind: SpanKind.CLIENT, attributes }, fn);

/**
 * Express middleware opening a server span per request, active for every later middleware and
 * handler (so outgoing hops and enqueued jobs continue it). Named `METHOD route` once the route is
 * known (Express's matched route, else what `route` names from the path), else `METHOD`: never a
 * raw id. `acceptParent`: continue the caller's `traceparent` (the services, whose only caller is
 * the gateway); the gateway, facing the internet, starts every trace itself.
 */
export const traceHttpRequests = (options: { acceptParent: boolean; route?: RouteNamer }) => {
  return (req: Request, res: Response, next: NextFunction): void => {
    if (!tracingActive()) {
      next();
      return;
    }
    // as it arrived: a mounted handler shortens req.path while it runs
    const path = req.path;
    const parent = options.acceptParent ? contextOfHeaders(req.headers) : context.active();
    const span = tracer().startSpan(
      req.method,
      {
        kind: SpanKind.SERVER,
        attributes: { 'http.request.method': req.method, 'url.path': path, 'url.scheme': req.protocol },
      },
      parent,
    );
    res.once('close', () => {
      const matched = (req.route as { path?: unknown } | undefined)?.path;
      const route = typeof matched === 'string' ? `${req.baseUrl}${matched}` : options.route?.(path);
      if (route) {
        span.setAttribute('http.route', route);
        span.updateName(`${req.method} ${route}`);
      }
      span.setAttribute('http.response.status_code', res.statusCode);
      // a closed connection before the answer was sent is an aborted request, not a server error
      if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    });
    context.with(trace.setSpan(parent, span), next);
  };
};

/** The part of a BullMQ job a span describes. */
interface TracedJob {
  id?: string | undefined;
  name: string;
  data: unknown;
  attemptsMade: number;
}

/**
 * Runs one job (or event delivery) in a consumer span whose parent is the context its producer
 * carried in the job data (`trace`, see JobQueue.enqueue); without one the job starts a trace.
 */
export const traceJob = <T>(queue: string, job: TracedJob, run: () => Promise<T>): Promise<T> => {
  if (!tracingActive()) return run();
  const carrier = (job.data as { trace?: unknown } | null | undefined)?.trace;
  return inSpan(
    `process ${job.name}`,
    {
      kind: SpanKind.CONSUMER,
      parent: contextOfCarrier(carrier),
      attributes: {
        'messaging.system': 'bullmq',
        'messaging.operation.type': 'process',
        'messaging.destination.name': queue,
        ...(job.id ? { 'messaging.message.id': job.id } : {}),
        'bullmq.job.attempt': job.attemptsMade + 1,
      },
    },
    run,
  );
};

/** Sending one job as a producer span; the job data carries this span's context (see traceCarrierOf). */
export const traceEnqueue = <T>(queue: string, jobName: string, send: () => Promise<T>): Promise<T> =>
  inSpan(
    `send ${jobName}`,
    {
      kind: SpanKind.PRODUCER,
      attributes: {
        'messaging.system': 'bullmq',
        'messaging.operation.type': 'send',
        'messaging.destination.name': queue,
      },
    },
    send,
  );
