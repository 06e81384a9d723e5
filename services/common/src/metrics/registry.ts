import {
  collectDefaultMetrics,
  Counter,
  Gauge,
  Histogram,
  Registry,
  type CounterConfiguration,
  type GaugeConfiguration,
  type HistogramConfiguration,
} from 'prom-client';

/**
 * The process's Prometheus registry: one per process, so every part of it (HTTP, queues, GraphQL)
 * adds its series to the same `/metrics` answer.
 */
export const metricsRegistry = new Registry();

let processMetricsOn = false;

/** Turns on prom-client's process metrics (CPU, memory, event-loop lag, handles, GC). Idempotent. */
export const collectProcessMetrics = (): void => {
  if (processMetricsOn) return;
  processMetricsOn = true;
  collectDefaultMetrics({ register: metricsRegistry });
};

const refreshers = new Set<() => Promise<void>>();

/**
 * Runs `refresh` before each scrape (figures read from elsewhere, such as queue depths in Redis);
 * the returned function stops it.
 */
export const refreshBeforeScrape = (refresh: () => Promise<void>): (() => void) => {
  refreshers.add(refresh);
  return () => refreshers.delete(refresh);
};

/** The Prometheus text exposition of every series of this process. */
export const renderMetrics = async (): Promise<{ contentType: string; body: string }> => {
  collectProcessMetrics();
  await Promise.all([...refreshers].map((refresh) => refresh()));
  return { contentType: metricsRegistry.contentType, body: await metricsRegistry.metrics() };
};

/** A histogram on this process's registry (so packages need no prom-client of their own). */
export const histogram = <L extends string>(config: Omit<HistogramConfiguration<L>, 'registers'>) =>
  new Histogram<L>({ ...config, registers: [metricsRegistry] });

/** A counter on this process's registry. */
export const counter = <L extends string>(config: Omit<CounterConfiguration<L>, 'registers'>) =>
  new Counter<L>({ ...config, registers: [metricsRegistry] });

/** A gauge on this process's registry. */
export const gauge = <L extends string>(config: Omit<GaugeConfiguration<L>, 'registers'>) =>
  new Gauge<L>({ ...config, registers: [metricsRegistry] });
