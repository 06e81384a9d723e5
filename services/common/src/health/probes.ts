import type { RedisClient } from '../redis/redis-connection.js';
import type { DataSource } from 'typeorm';
import { metricsAllowed, type MetricsAccess } from '../metrics/metrics-access.js';
import { renderMetrics } from '../metrics/registry.js';
import { checkHealth } from './health-check.js';

/** The paths a load balancer, the kubelet and Prometheus call; open to callers without identity. */
export const PROBE_PATHS = ['/livez', '/readyz', '/metrics'] as const;

export interface ProbeAnswer {
  status: number;
  contentType: string;
  body: string;
}

export interface ProbeDependencies {
  dataSource: DataSource;
  redis: RedisClient;
  metrics: MetricsAccess;
}

const json = (status: number, value: unknown): ProbeAnswer => ({
  status,
  contentType: 'application/json; charset=utf-8',
  body: JSON.stringify(value),
});

/**
 * `GET /livez`: the process answers (a wedged event loop does not, and the probe's timeout restarts
 * it); it never looks at a dependency, so an outage of PostgreSQL or Redis restarts nothing.
 */
export const livenessAnswer = (): ProbeAnswer => json(200, { status: 'ok' });

/** `GET /readyz`: this process's own PostgreSQL and Redis answer; 503 otherwise (taken out of rotation). */
export const readinessAnswer = async (dataSource: DataSource, redis: RedisClient): Promise<ProbeAnswer> => {
  const report = await checkHealth(dataSource, redis);
  return json(report.status === 'ok' ? 200 : 503, report);
};

/** `GET /metrics`: Prometheus text, when the access rule allows this caller (else 404 or 401). */
export const metricsAnswer = async (
  access: MetricsAccess,
  authorization: string | undefined,
): Promise<ProbeAnswer> => {
  if (access === 'closed') return json(404, { message: 'Not found' });
  if (!metricsAllowed(access, authorization)) return json(401, { message: 'Metrics token required' });
  const { contentType, body } = await renderMetrics();
  return { status: 200, contentType, body };
};

/** The answer to a probe path of a service process, or undefined for any other path. */
export const answerProbe = async (
  method: string | undefined,
  path: string,
  authorization: string | undefined,
  deps: ProbeDependencies,
): Promise<ProbeAnswer | undefined> => {
  if (method !== 'GET' && method !== 'HEAD') return undefined;
  if (path === '/livez') return livenessAnswer();
  if (path === '/readyz') return readinessAnswer(deps.dataSource, deps.redis);
  if (path === '/metrics') return metricsAnswer(deps.metrics, authorization);
  return undefined;
};

/** Internal ports: open to whoever reaches them unless a METRICS_TOKEN is configured. */
export const internalMetricsAccess = (token: string | undefined): MetricsAccess =>
  token ? { token } : 'open';
