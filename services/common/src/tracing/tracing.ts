import { context, propagation, trace } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, type SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';

/** The variables tracing reads (part of every process's base schema). */
export interface TracingConfig {
  OTEL_TRACES_ENABLED: boolean;
  OTEL_EXPORTER_OTLP_ENDPOINT: string;
  OTEL_SERVICE_NAME?: string | undefined;
}

let provider: NodeTracerProvider | undefined;

/**
 * Whether this process records spans. Off (the default), the kit's seams skip tracing before any
 * OpenTelemetry call, and the API's global tracer stays the no-op one.
 */
export const tracingActive = (): boolean => provider !== undefined;

/** OTLP/HTTP's traces path under the collector's base endpoint, as the OTel specification puts it. */
export const otlpTracesUrl = (endpoint: string): string => `${endpoint.replace(/\/+$/, '')}/v1/traces`;

/**
 * Starts tracing for this process when OTEL_TRACES_ENABLED is on: a Node tracer provider (async
 * context, W3C propagation) whose spans are batched to the OTLP/HTTP collector at
 * OTEL_EXPORTER_OTLP_ENDPOINT, named OTEL_SERVICE_NAME or `domestique-<process>`. `processors`
 * replaces the exporter (tests). Idempotent: a process that hosts several apps (tests, the system
 * harness) keeps the first provider. Returns whether tracing is on.
 */
export const startTracing = (
  process: string,
  config: TracingConfig,
  processors?: SpanProcessor[],
): boolean => {
  if (provider || !config.OTEL_TRACES_ENABLED) return tracingActive();
  provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': config.OTEL_SERVICE_NAME ?? `domestique-${process}` }),
    spanProcessors: processors ?? [
      new BatchSpanProcessor(
        new OTLPTraceExporter({ url: otlpTracesUrl(config.OTEL_EXPORTER_OTLP_ENDPOINT) }),
      ),
    ],
  });
  provider.register();
  return true;
};

/**
 * Exports what is pending and turns tracing off again (at shutdown, so the last spans are not lost).
 * A collector that cannot be reached loses those spans but never fails the shutdown.
 */
export const stopTracing = async (): Promise<void> => {
  const current = provider;
  if (!current) return;
  provider = undefined;
  await current.shutdown().catch(() => undefined);
  trace.disable();
  context.disable();
  propagation.disable();
};
