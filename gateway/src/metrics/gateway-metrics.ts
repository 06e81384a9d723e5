import { histogram, httpMetrics, mountedRoutes } from '@domestique/common';
import type { NextFunction, Request, Response } from 'express';
import { SERVICE_ROUTES } from '../proxy/service-routes.js';

/** GraphQL operations through the gateway, by operation name and HTTP status. */
export const graphqlOperationDuration = histogram({
  name: 'graphql_operation_duration_seconds',
  help: 'GraphQL operations through the gateway: count and duration in seconds, by operation name and status',
  labelNames: ['operation', 'status'] as const,
  buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
});

/** Distinct operation names kept as labels; later unknown names count as "other" (clients choose names). */
export const MAX_OPERATION_NAMES = 200;
const OPERATION_NAME = /^[_A-Za-z][_0-9A-Za-z]{0,63}$/;
const seenOperations = new Set<string>();

export const operationLabel = (body: unknown): string => {
  if (Array.isArray(body)) return 'batch';
  const name = (body as { operationName?: unknown } | undefined)?.operationName;
  if (typeof name !== 'string' || name === '') return 'anonymous';
  if (!OPERATION_NAME.test(name)) return 'other';
  if (seenOperations.has(name)) return name;
  if (seenOperations.size >= MAX_OPERATION_NAMES) return 'other';
  seenOperations.add(name);
  return name;
};

/** Mounted on /graphql after the JSON parser: times each operation under its name. */
export const graphqlOperationMetrics =
  () =>
  (req: Request, res: Response, next: NextFunction): void => {
    const stop = graphqlOperationDuration.startTimer();
    const operation = operationLabel(req.body);
    res.once('finish', () => stop({ operation, status: String(res.statusCode) }));
    next();
  };

/**
 * The route template of a gateway request without an Express route: the REST proxy's entry
 * (`/api/rides/*`), /graphql, the web app's assets, or "web" (the SPA fallback).
 */
export const gatewayRoute = (path: string): string | undefined => {
  const mounted = mountedRoutes(['/graphql'])(path);
  if (mounted) return mounted;
  for (const { match } of SERVICE_ROUTES) {
    if (typeof match !== 'string') {
      if (match.test(path)) return `~${match.source}`;
    } else if (path === match) return match;
    else if (path.startsWith(`${match}/`)) return `${match}/*`;
  }
  if (path.startsWith('/api/')) return undefined;
  return path.startsWith('/assets/') ? '/assets/*' : 'web';
};

/** The gateway's request timing, first in its chain. */
export const gatewayHttpMetrics = () => httpMetrics(gatewayRoute);
