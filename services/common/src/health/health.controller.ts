import { Controller, Get, Inject, Res } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { Express, NextFunction, Request, Response } from 'express';
import type { RedisClient } from '../redis/redis-connection.js';
import { DataSource } from 'typeorm';
import { CONFIG, type BaseConfig } from '../config/load-config.js';
import { PRODUCER_REDIS } from '../core/tokens.js';
import { Access } from '../identity/access.js';
import { httpMetrics, mountedRoutes } from '../metrics/http-metrics.js';
import { checkHealth, type HealthReport } from './health-check.js';
import { answerProbe, internalMetricsAccess, PROBE_PATHS, type ProbeDependencies } from './probes.js';

export { checkHealth, type HealthReport } from './health-check.js';

/**
 * Express middleware of a service API: times every request (`http_request_duration_seconds`) and
 * answers GET /livez, /readyz and /metrics before the identity check (probes carry no identity).
 */
export const serviceObservability = (deps: ProbeDependencies) => {
  // the probes are answered here, before any route: they are named by their path
  const timing = httpMetrics(mountedRoutes(['/graphql', ...PROBE_PATHS]));
  return (req: Request, res: Response, next: NextFunction): void => {
    timing(req, res, () => {
      answerProbe(req.method, req.path, req.headers.authorization, deps).then((answer) => {
        if (!answer) {
          next();
          return;
        }
        res.status(answer.status).type(answer.contentType).send(answer.body);
      }, next);
    });
  };
};

const instrumented = new WeakSet<object>();

/**
 * `GET /health`: 200 when Postgres and Redis both answer, 503 otherwise. No identity needed.
 *
 * Built with the API app (before its routes and its identity middleware are mounted), it also puts
 * `serviceObservability` first on the app's Express instance, so /livez, /readyz, /metrics and the
 * request timing cover every API without a change to each service. A worker (no HTTP adapter)
 * serves the same probes on its health port (health/worker-health.server.ts).
 */
@Controller('health')
export class HealthController {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(PRODUCER_REDIS) private readonly redis: RedisClient,
    @Inject(CONFIG) config: BaseConfig,
    adapterHost: HttpAdapterHost,
  ) {
    const express = adapterHost.httpAdapter?.getInstance<Express>();
    if (express && !instrumented.has(express)) {
      instrumented.add(express);
      express.use(
        serviceObservability({ dataSource, redis, metrics: internalMetricsAccess(config.METRICS_TOKEN) }),
      );
    }
  }

  @Get()
  @Access('public')
  async check(@Res({ passthrough: true }) res: Response): Promise<HealthReport> {
    const report = await checkHealth(this.dataSource, this.redis);
    res.status(report.status === 'ok' ? 200 : 503);
    return report;
  }
}
