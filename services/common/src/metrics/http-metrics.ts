import type { NextFunction, Request, Response } from 'express';
import { histogram } from './registry.js';

/** Request duration per method, route template and status (the `route` label never holds a raw id). */
export const httpRequestDuration = histogram({
  name: 'http_request_duration_seconds',
  help: 'HTTP request duration in seconds, by method, route template and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
});

/** The label for a request no route matched: one series, whatever the path. */
export const UNMATCHED_ROUTE = 'unmatched';

const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * The route template of a finished request: Express's matched route (`/rides/:id`), else what
 * `fallback` names from the path as it arrived (mounted handlers such as /graphql), else "unmatched".
 */
export type RouteNamer = (path: string) => string | undefined;

/** Paths served by mounted handlers rather than routes, in every process. */
export const mountedRoutes =
  (mounts: readonly string[]): RouteNamer =>
  (path) =>
    mounts.find((mount) => path === mount || path.startsWith(`${mount}/`));

/**
 * Express middleware timing every request into `http_request_duration_seconds`. Put it first, so
 * refusals by later middleware (401, 403, 413) are counted too.
 */
export const httpMetrics = (fallback: RouteNamer = mountedRoutes(['/graphql'])) => {
  return (req: Request, res: Response, next: NextFunction): void => {
    const stop = httpRequestDuration.startTimer();
    // as it arrived: a mounted handler shortens req.path while it runs
    const path = req.path;
    res.once('finish', () => {
      const matched = (req.route as { path?: unknown } | undefined)?.path;
      const route =
        typeof matched === 'string' ? `${req.baseUrl}${matched}` : (fallback(path) ?? UNMATCHED_ROUTE);
      stop({
        method: KNOWN_METHODS.has(req.method) ? req.method : 'OTHER',
        route,
        status: String(res.statusCode),
      });
    });
    next();
  };
};
