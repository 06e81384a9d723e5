import { context, ROOT_CONTEXT, type Context, type TextMapGetter } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';

/**
 * A span's W3C trace context as plain data (`traceparent`, and `tracestate` when a vendor set one),
 * so it can travel where headers cannot: in a BullMQ job's data. The job's consumer continues the
 * producer's trace from it.
 */
export interface TraceCarrier {
  traceparent: string;
  tracestate?: string;
}

/**
 * Always W3C Trace Context, whatever propagator the process registered: the carrier's format is part
 * of the job data contract, and the same two headers are what our HTTP hops send.
 */
const w3c = new W3CTraceContextPropagator();

/** Reads a header from Node's lower-cased headers object (first value of a repeated header). */
const headerGetter: TextMapGetter<Record<string, string | string[] | undefined>> = {
  keys: (carrier) => Object.keys(carrier),
  get: (carrier, key) => {
    const value = carrier[key.toLowerCase()];
    return Array.isArray(value) ? value[0] : value;
  },
};

/**
 * The W3C carrier of the span active in `ctx`, or undefined when there is none (tracing off: the
 * context holds no recording span, so nothing is injected and job data stays as it was).
 */
export const traceCarrierOf = (ctx: Context = context.active()): TraceCarrier | undefined => {
  const carrier: Partial<TraceCarrier> = {};
  w3c.inject(ctx, carrier, {
    set: (target, key, value) => {
      (target as Record<string, string>)[key] = value;
    },
  });
  return typeof carrier.traceparent === 'string' ? (carrier as TraceCarrier) : undefined;
};

/**
 * The context to start a consumer's span in: the remote parent a carrier names, or the root context
 * for anything else (no carrier, a malformed one, or job data from before tracing). Never throws:
 * a bad carrier costs the link, not the job.
 */
export const contextOfCarrier = (carrier: unknown): Context => {
  if (typeof carrier !== 'object' || carrier === null) return ROOT_CONTEXT;
  const { traceparent, tracestate } = carrier as Record<string, unknown>;
  if (typeof traceparent !== 'string') return ROOT_CONTEXT;
  return w3c.extract(
    ROOT_CONTEXT,
    { traceparent, ...(typeof tracestate === 'string' ? { tracestate } : {}) },
    headerGetter,
  );
};

/** The context an incoming HTTP request's `traceparent`/`tracestate` headers name (else the root). */
export const contextOfHeaders = (headers: Record<string, string | string[] | undefined>): Context =>
  w3c.extract(ROOT_CONTEXT, headers, headerGetter);

/**
 * Headers that carry the active span to the next HTTP hop (gateway to service); empty without one.
 * Spread them into an outgoing request's headers.
 */
export const traceHeaders = (): Record<string, string> => ({ ...traceCarrierOf() });
