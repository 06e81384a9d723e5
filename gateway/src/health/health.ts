import { pingRedis } from '@domestique/common';
import { SERVICE_NAMES, type ServiceName } from '@domestique/proto';
import type { Request, Response } from 'express';
import type { RedisClient } from '@domestique/common';
import type { FederatedGraph } from '../graphql/federated-graph.js';

const serviceUp = async (url: string): Promise<boolean> => {
  try {
    const answer = await fetch(`${url}/health`, { signal: AbortSignal.timeout(1500) });
    return answer.ok;
  } catch {
    return false;
  }
};

/** `GET /health`: the gateway's Redis, the supergraph, and each service's own health. 503 unless all are up. */
export const gatewayHealth =
  (redis: RedisClient, graph: FederatedGraph, serviceUrls: Record<ServiceName, string>) =>
  async (_req: Request, res: Response): Promise<void> => {
    const [redisUp, ...services] = await Promise.all([
      pingRedis(redis),
      ...SERVICE_NAMES.map((name) => serviceUp(serviceUrls[name])),
    ]);
    const serviceStates = Object.fromEntries(
      SERVICE_NAMES.map((name, i) => [name, services[i] ? 'up' : 'down']),
    );
    const ok = redisUp && graph.ready && services.every(Boolean);
    res.status(ok ? 200 : 503).json({
      status: ok ? 'ok' : 'unavailable',
      redis: redisUp ? 'up' : 'down',
      graph: graph.status,
      services: serviceStates,
    });
  };
