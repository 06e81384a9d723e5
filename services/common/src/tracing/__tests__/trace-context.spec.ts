import { describe, expect, it } from '@jest/globals';
import { ROOT_CONTEXT, trace, TraceFlags, type SpanContext } from '@opentelemetry/api';
import { contextOfCarrier, contextOfHeaders, traceCarrierOf, traceHeaders } from '../trace-context.js';
import { otlpTracesUrl, tracingActive } from '../tracing.js';

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const SPAN_ID = '00f067aa0ba902b7';

const withSpan = (spanContext: Partial<SpanContext> = {}) =>
  trace.setSpanContext(ROOT_CONTEXT, {
    traceId: TRACE_ID,
    spanId: SPAN_ID,
    traceFlags: TraceFlags.SAMPLED,
    ...spanContext,
  });

describe('trace carrier (W3C traceparent in job data)', () => {
  it('injects the span of a context as a W3C traceparent', () => {
    expect(traceCarrierOf(withSpan())).toEqual({ traceparent: `00-${TRACE_ID}-${SPAN_ID}-01` });
  });

  it('extracts the same span as a remote parent, tracestate included', () => {
    const carrier = { traceparent: `00-${TRACE_ID}-${SPAN_ID}-01`, tracestate: 'vendor=abc' };
    const parent = trace.getSpanContext(contextOfCarrier(carrier));
    expect(parent).toMatchObject({ traceId: TRACE_ID, spanId: SPAN_ID, traceFlags: 1, isRemote: true });
    expect(parent?.traceState?.get('vendor')).toBe('abc');
    // and back again: a consumer re-injecting what it extracted sends the same context on
    expect(traceCarrierOf(contextOfCarrier(carrier))).toEqual(carrier);
  });

  it('carries the unsampled flag as it is', () => {
    expect(traceCarrierOf(withSpan({ traceFlags: TraceFlags.NONE }))?.traceparent).toMatch(/-00$/);
  });

  it('injects nothing without a span (tracing off), so job data gains no field', () => {
    expect(traceCarrierOf(ROOT_CONTEXT)).toBeUndefined();
    expect(tracingActive()).toBe(false);
    expect(traceHeaders()).toEqual({});
  });

  it.each([
    ['no carrier', undefined],
    ['null', null],
    ['a string', `00-${TRACE_ID}-${SPAN_ID}-01`],
    ['a number traceparent', { traceparent: 42 }],
    ['a malformed traceparent', { traceparent: 'not-a-traceparent' }],
    ['an all-zero trace id', { traceparent: `00-${'0'.repeat(32)}-${SPAN_ID}-01` }],
    ['an unknown version ff', { traceparent: `ff-${TRACE_ID}-${SPAN_ID}-01` }],
  ])('starts a new trace from %s, without throwing', (_case, carrier) => {
    expect(trace.getSpanContext(contextOfCarrier(carrier))).toBeUndefined();
  });

  it('reads an HTTP request’s traceparent header, first of repeated values', () => {
    const parent = trace.getSpanContext(
      contextOfHeaders({ traceparent: [`00-${TRACE_ID}-${SPAN_ID}-01`, 'junk'], host: 'x' }),
    );
    expect(parent).toMatchObject({ traceId: TRACE_ID, spanId: SPAN_ID });
    expect(trace.getSpanContext(contextOfHeaders({}))).toBeUndefined();
  });

  it('puts traces under the collector endpoint’s /v1/traces', () => {
    expect(otlpTracesUrl('http://collector:4318')).toBe('http://collector:4318/v1/traces');
    expect(otlpTracesUrl('http://collector:4318/')).toBe('http://collector:4318/v1/traces');
  });
});
