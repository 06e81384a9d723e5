import { livenessAnswer, metricsAnswer, pingRedis, type MetricsAccess } from '@domestique/common';
import { SERVICE_NAMES, type ServiceName } from '@domestique/proto';
import { Router, type Request, type Response } from 'express';
import type { RedisClient } from '@domestique/common';
import type { FederatedGraph } from '../graphql/federated-graph.js';

const serviceReady = async (url: string): Promise<boolean> => {
  try {
    const answer = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(1000) });
    return answer.ok;
  } catch {
    return false;
  }
};

/**
 * `GET /readyz`: the gateway can answer requests, that is, its own Redis (sessions, limits) answers.
 * The supergraph and each service are reported but never fatal: a load balancer must not drop
 * every gateway because one service (or its subgraph) is down; those requests answer 503 themselves.
 */
export const gatewayReadiness =
  (redis: RedisClient, graph: FederatedGraph, serviceUrls: Record<ServiceName, string>) =>
  async (_req: Request, res: Response): Promise<void> => {
    const [redisUp, ...services] = await Promise.all([
      pingRedis(redis),
      ...SERVICE_NAMES.map((name) => serviceReady(serviceUrls[name])),
    ]);
    res.status(redisUp ? 200 : 503).json({
      status: redisUp ? 'ok' : 'unavailable',
      redis: redisUp ? 'up' : 'down',
      graph: graph.status,
      upstreams: Object.fromEntries(SERVICE_NAMES.map((name, i) => [name, services[i] ? 'up' : 'down'])),
    });
  };

/** The gateway's /metrics: only with METRICS_TOKEN configured, and only for its bearer (else 404). */
export const gatewayMetricsAccess = (token: string | undefined): MetricsAccess =>
  token ? { token } : 'closed';

/** GET /livez, /readyz and /metrics of the gateway (mounted before the web app, which never answers them). */
export const gatewayProbes = (
  redis: RedisClient,
  graph: FederatedGraph,
  serviceUrls: Record<ServiceName, string>,
  metricsToken: string | undefined,
): Router => {
  const access = gatewayMetricsAccess(metricsToken);
  const router = Router();
  router.get('/livez', (_req, res) => {
    const answer = livenessAnswer();
    res.status(answer.status).type(answer.contentType).send(answer.body);
  });
  router.get('/readyz', gatewayReadiness(redis, graph, serviceUrls));
  router.all('/metrics', async (req, res) => {
    const answer = await metricsAnswer(req.method === 'GET' ? access : 'closed', req.headers.authorization);
    res.status(answer.status).type(answer.contentType).send(answer.body);
  });
  return router;
};
